import { spawn, type ChildProcess } from 'node:child_process';

/** The real API server (src/server/main.ts) as a child process on a loopback port, as `npm run server` runs it. */
export interface RunningServer {
  base: string;
  pid: number;
  /** Milliseconds from spawn to the first answered GET /api/ping. */
  readyMs: number;
  /** Lines the server wrote to stderr (warnings, errors). */
  stderr: string[];
  stop(): Promise<void>;
}

export interface ServerEnv {
  DATABASE_URL?: string;
  DATA_DIR: string;
  DB_POOL_SIZE?: string;
  IMAGE_STORE?: 'fs' | 'db';
  /** Background jobs (OCR): off unless a part of the bench measures them. */
  JOBS?: '0' | '1';
  JOB_POLL_MS?: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startServer(env: ServerEnv, timeoutMs = 120_000, cwd?: string): Promise<RunningServer> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', DEMO: '0', JOBS: '0', ...env };
  for (const k of ['ADMIN_EMAIL', 'ADMIN_PASSWORD', 'WEB_DIR'] as const) delete childEnv[k];
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const started = performance.now();
  const proc: ChildProcess = spawn(
    process.execPath,
    [...(process.env.SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []), '--import', 'tsx', 'src/server/main.ts'],
    {
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
      cwd,
    },
  );
  const stderr: string[] = [];
  proc.stderr?.setEncoding('utf8').on('data', (d: string) => stderr.push(...d.split('\n').filter(Boolean)));
  let exited: number | null = null;
  const exit = new Promise<void>((resolve) =>
    proc.on('exit', (code) => {
      exited = code ?? -1;
      resolve();
    }),
  );
  const base = await new Promise<string>((resolve, reject) => {
    let out = '';
    proc.stdout?.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const m = /API listening on (http:\/\/[^/\s]+)\/api\//.exec(out);
      if (m) resolve(m[1]);
    });
    void exit.then(() => reject(new Error(`server exited (${exited}) before listening:\n${stderr.join('\n')}\n${out}`)));
    setTimeout(() => reject(new Error('server did not start in time')), timeoutMs).unref();
  });
  // The port is only known once it listens; then the first answered ping ends the start-up time.
  for (;;) {
    const ok = await fetch(`${base}/api/ping`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (exited !== null) throw new Error(`server exited (${exited})`);
    await sleep(10);
  }
  const readyMs = performance.now() - started;
  return {
    base,
    readyMs,
    stderr,
    pid: proc.pid ?? 0,
    stop: async () => {
      if (exited === null) proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 20_000);
      await exit;
      clearTimeout(timer);
    },
  };
}

/** Logs in through the API and answers the token. */
export async function login(base: string, email: string, password: string): Promise<string> {
  const r = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await r.json()) as { token?: string };
  if (!r.ok || !body.token) throw new Error(`login ${email} failed: ${r.status} ${JSON.stringify(body)}`);
  return body.token;
}

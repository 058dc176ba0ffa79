import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<port> */
  base: string;
  /** Everything it printed so far. */
  out: string;
  stop(): Promise<void>;
}

/**
 * `node --import tsx src/server/main.ts` on a free port; resolves once it listens and has said its photo store. Node
 * itself is the child, so a signal reaches the server: the `tsx` command would be a wrapper around a second process,
 * and a SIGKILL would end only the wrapper, leaving the server running (no crash, and a process left behind).
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', DEMO: '0', IMAGE_STORE: '', ADMIN_EMAIL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const proc: ServerProcess = {
    child,
    base: '',
    out: '',
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        // The server drains for up to 15 s on SIGTERM; a test never waits longer than that.
        const hard = setTimeout(() => child.kill('SIGKILL'), 20_000);
        child.once('exit', () => {
          clearTimeout(hard);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
  proc.base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${proc.out}`)), 90_000);
    const onData = (d: Buffer) => {
      proc.out += d.toString();
      const m = /API listening on (http:\/\/[^/\s]+)/.exec(proc.out);
      if (m && /Card photos: /.test(proc.out)) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${proc.out}`)));
  });
  return proc;
}

/** Runs one of the server's commands (src/server/<script>.ts) to its end. */
export const runServerScript = (script: string, args: string[], env: Record<string, string>) =>
  spawnSync(path.resolve('node_modules/.bin/tsx'), [`src/server/${script}.ts`, ...args], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });

/** A JSON (or multipart) call to a server process's API. */
export async function apiCall(base: string, method: string, route: string, token?: string, body?: unknown) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}/api/${route}`, {
    method,
    headers,
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** A photo URL's bytes as the browser gets them. */
export async function fetchPhoto(base: string, url: string) {
  const res = await fetch(`${base}${url}`);
  return { status: res.status, cache: res.headers.get('cache-control'), bytes: Buffer.from(await res.arrayBuffer()) };
}

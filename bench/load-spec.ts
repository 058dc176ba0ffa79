import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** What one load run does; passed to the load process as a JSON file. */
export interface LoadSpec {
  base: string;
  method: 'GET' | 'POST';
  /** May contain `{id}`, filled per request with a random id in idRange. */
  path: string;
  token?: string;
  body?: unknown;
  idRange?: [number, number];
  /** Card payments: each request pays `amount` on the next card of the list with a fresh code. */
  payments?: { cards: number[]; amount: number; codePrefix: string };
  /** Instead of one request: each connection cycles through these (used to warm the server up on every route). */
  mix?: { method: 'GET' | 'POST'; path: string; token?: string; body?: unknown }[];
  connections: number;
  warmupSeconds: number;
  seconds: number;
}

export interface LoadResult {
  seconds: number;
  /** Responses received in the measured period, and the 2xx among them. */
  requests: number;
  ok: number;
  /** 2xx responses per second. */
  rps: number;
  /** Latency percentiles in milliseconds (every response of the measured period). */
  p50: number;
  p99: number;
  status: Record<string, number>;
  warmupStatus: Record<string, number>;
  errors: number;
  timeouts: number;
  /** CPU milliseconds per request in the server process and in the PostgreSQL backends (Linux; set by the bench). */
  cpu?: { serverMs: number; dbMs: number };
}

/** Runs one load in a separate process (bench/load.ts) and answers its result. */
export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gcbo-bench-')), 'spec.json');
  fs.writeFileSync(file, JSON.stringify(spec));
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/load.ts', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    const code = await new Promise<number>((resolve) => child.on('exit', (c) => resolve(c ?? -1)));
    if (code !== 0) throw new Error(`load process failed (${code}): ${err.trim()}`);
    return JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as LoadResult;
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

/** Count of 5xx answers (measured and warm-up) and of connection errors. */
export const serverErrors = (r: LoadResult) =>
  [r.status, r.warmupStatus]
    .flatMap((s) => Object.entries(s))
    .filter(([c]) => c.startsWith('5'))
    .reduce((s, [, n]) => s + n, 0);

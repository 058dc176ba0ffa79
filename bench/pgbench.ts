import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { quoteIdent, withDatabase } from './sql';

/** PostgreSQL's own TPC-B transaction on the same server: the ceiling payments are compared with. */
export interface PgbenchRun {
  tps: number;
  clients: number;
  scale: number;
  seconds: number;
}

/** pgbench on PATH, else the newest /usr/lib/postgresql/<version>/bin/pgbench (Debian's postgresql-client); null when none. */
export function findPgbench(): string | null {
  const which = spawnSync('which', ['pgbench'], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim()) return which.stdout.trim();
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    const bin = path.join(root, v, 'bin', 'pgbench');
    if (fs.existsSync(bin)) return bin;
  }
  return null;
}

/** Scale 10 (1M accounts): with scale 1 every client would queue on the single branch row. */
const SCALE = 10;

/**
 * `pgbench -i` into its own database (`<prefix>_pgbench`, dropped and recreated), then the built-in TPC-B
 * script with `clients` connections for `seconds`; the tps without the initial connection time.
 */
export async function runPgbench(baseUrl: string, prefix: string, clients: number, seconds: number): Promise<PgbenchRun> {
  const bin = findPgbench();
  if (!bin) throw new Error('pgbench not found (Debian: apt-get install postgresql-client)');
  const name = `${prefix}_pgbench`;
  const adminQuery = async (q: string) => {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    try {
      await admin.query(q);
    } finally {
      await admin.end();
    }
  };
  await adminQuery(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE ${quoteIdent(name)}`);
  try {
    return measure(bin, withDatabase(baseUrl, name), clients, seconds);
  } finally {
    await adminQuery(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
  }
}

function measure(bin: string, url: string, clients: number, seconds: number): PgbenchRun {
  const init = spawnSync(bin, ['-i', '-q', '-s', String(SCALE), url], { encoding: 'utf8', timeout: 600_000 });
  if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr}`);
  return { tps: pgbenchTps(bin, ['-c', String(clients), '-j', '2', '-T', String(seconds), url], seconds), clients, scale: SCALE, seconds };
}

/** Runs pgbench with these arguments (`-T seconds` among them); its tps without the initial connection time. */
export function pgbenchTps(bin: string, args: string[], seconds: number): number {
  const run = spawnSync(bin, args, { encoding: 'utf8', timeout: (seconds + 120) * 1000 });
  const m = /tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout);
  if (run.status !== 0 || !m) throw new Error(`pgbench failed: ${(run.stderr || run.stdout).slice(-2000)}`);
  return Number(m[1]);
}

import fs from 'node:fs';
import type { BenchSql } from './sql';

/**
 * CPU time spent by processes, from /proc (Linux): what a request costs the server process and the PostgreSQL
 * backends serving it, whatever else the machine is doing. Elsewhere the figures are left out.
 */
const TICK_MS = 10; // USER_HZ is 100 on Linux

function cpuMs(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime, stime (fields 14 and 15)
  } catch {
    return null;
  }
}

export interface CpuSnapshot {
  server: number;
  db: Map<number, number>;
}
export interface CpuCost {
  serverMs: number;
  dbMs: number;
}

export const cpuSupported = () => fs.existsSync('/proc/self/stat');

/** The server process, and the database's backends other than the bench's own connection. */
export async function snapshot(serverPid: number, db: BenchSql | null): Promise<CpuSnapshot | null> {
  const server = cpuMs(serverPid);
  if (server === null) return null;
  const pids = db
    ? (
        await db.rows<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`)
      ).map((r) => r.pid)
    : [];
  return { server, db: new Map(pids.map((p) => [p, cpuMs(p) ?? 0])) };
}

/** CPU milliseconds per request between two snapshots (backends that started in between count from zero). */
export function perRequest(before: CpuSnapshot, after: CpuSnapshot, requests: number): CpuCost {
  let db = 0;
  for (const [pid, ms] of after.db) db += ms - (before.db.get(pid) ?? 0);
  return { serverMs: (after.server - before.server) / requests, dbMs: db / requests };
}

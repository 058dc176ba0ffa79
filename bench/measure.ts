import { perRequest, snapshot } from './cpu';
import { runLoad, type LoadResult, type LoadSpec } from './load-spec';
import type { RouteDef } from './routes';
import type { BenchSql } from './sql';

/** A server under test, the tokens of the bench accounts, and what to read CPU time from. */
export interface Target {
  base: string;
  staffToken: string;
  sellerToken: string;
  maxCardId: number;
  serverPid: number;
  /** A connection to the bench's PostgreSQL database (to find its backends); null on PGlite. */
  db: BenchSql | null;
}

export interface Timing {
  connections: number;
  warmup: number;
  duration: number;
}

/** Runs a load and adds the CPU it cost the server and the database per request (warm-up included in both). */
export async function loadWithCpu(target: Target, spec: LoadSpec): Promise<LoadResult> {
  const before = await snapshot(target.serverPid, target.db);
  const r = await runLoad(spec);
  const after = await snapshot(target.serverPid, target.db);
  const total = r.requests + Object.values(r.warmupStatus).reduce((s, n) => s + n, 0);
  if (before && after && total > 0) r.cpu = perRequest(before, after, total);
  return r;
}

const tokenFor = (target: Target, route: RouteDef) =>
  route.as === 'staff' ? target.staffToken : route.as === 'seller' ? target.sellerToken : undefined;

/** Warms a freshly started server up on every route at once (JIT, connection pool, caches) before anything is measured. */
export function warmServer(target: Target, routes: RouteDef[], t: Timing, seconds: number): Promise<LoadResult> {
  const mix = routes.map((r) => ({ method: r.method, path: r.path.replace('{id}', '1'), token: tokenFor(target, r), body: r.body }));
  return runLoad({ base: target.base, method: 'GET', path: '/', mix, connections: t.connections, warmupSeconds: 0, seconds });
}

/** Warms up and measures one route with autocannon in its own process. */
export function measureRoute(target: Target, route: RouteDef, t: Timing): Promise<LoadResult> {
  const token = tokenFor(target, route);
  return loadWithCpu(target, {
    base: target.base,
    method: route.method,
    path: route.path,
    token,
    body: route.body,
    idRange: route.randomCardId ? [1, target.maxCardId] : undefined,
    connections: t.connections,
    warmupSeconds: t.warmup,
    seconds: t.duration,
  });
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
export const describe = (r: LoadResult) =>
  `${fmt(r.rps, 0).padStart(6)} req/s  p50 ${fmt(r.p50, 2).padStart(7)} ms  p99 ${fmt(r.p99, 2).padStart(7)} ms` +
  (r.cpu ? `  cpu/req server ${fmt(r.cpu.serverMs, 2)} ms db ${fmt(r.cpu.dbMs, 2)} ms` : '') +
  (r.ok === r.requests && r.errors === 0 ? '' : `  status ${JSON.stringify(r.status)} errors ${r.errors}`);
export { fmt };

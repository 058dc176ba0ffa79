import { runLoad, type LoadResult } from './load-spec';
import type { RouteDef } from './routes';

/** A server under test and the tokens of the bench accounts. */
export interface Target { base: string; staffToken: string; sellerToken: string; maxCardId: number }

export interface Timing { connections: number; warmup: number; duration: number }

/** Warms up and measures one route with autocannon in its own process. */
export function measureRoute(target: Target, route: RouteDef, t: Timing): Promise<LoadResult> {
  const token = route.as === 'staff' ? target.staffToken : route.as === 'seller' ? target.sellerToken : undefined;
  return runLoad({
    base: target.base, method: route.method, path: route.path, token, body: route.body,
    idRange: route.randomCardId ? [1, target.maxCardId] : undefined,
    connections: t.connections, warmupSeconds: t.warmup, seconds: t.duration,
  });
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
export const describe = (r: LoadResult) =>
  `${fmt(r.rps, 0).padStart(6)} req/s  p50 ${fmt(r.p50, 2).padStart(7)} ms  p99 ${fmt(r.p99, 2).padStart(7)} ms` +
  (r.ok === r.requests && r.errors === 0 ? '' : `  status ${JSON.stringify(r.status)} errors ${r.errors}`);
export { fmt };

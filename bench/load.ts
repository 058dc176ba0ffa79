/**
 * The load generator, run as its own process (`node --import tsx bench/load.ts <spec.json>`), so that it does not share
 * an event loop with the server. Runs autocannon for a warm-up and then for the measured period; prints one JSON LoadResult.
 */
import fs from 'node:fs';
import autocannon from 'autocannon';
import type { LoadResult, LoadSpec } from './load-spec';

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

let sequence = 0;

/** One request of the spec: `{id}` filled with a random id, payments with the next card and a code never used before. */
function setupRequest(spec: LoadSpec) {
  return (req: { method?: string; path?: string; headers?: Record<string, string>; body?: string | Buffer }) => {
    const n = sequence++;
    let path = spec.path;
    if (spec.idRange)
      path = path.replace('{id}', String(spec.idRange[0] + Math.floor(Math.random() * (spec.idRange[1] - spec.idRange[0] + 1))));
    let body = req.body;
    if (spec.payments) {
      const { cards, amount, codePrefix } = spec.payments;
      body = JSON.stringify({ code: `${codePrefix}-${n}`, transaction_amount: amount, gidcard_id: cards[n % cards.length] });
    }
    return { ...req, path, body };
  };
}

async function run(spec: LoadSpec, seconds: number) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (spec.token) headers.authorization = `Bearer ${spec.token}`;
  const dynamic = Boolean(spec.idRange || spec.payments);
  const requests = spec.mix
    ? spec.mix.map((m) => ({
        method: m.method,
        path: m.path,
        body: m.body === undefined ? undefined : JSON.stringify(m.body),
        headers: { 'content-type': 'application/json', ...(m.token ? { authorization: `Bearer ${m.token}` } : {}) },
      }))
    : [
        {
          method: spec.method,
          path: spec.path,
          headers,
          body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
          ...(dynamic ? { setupRequest: setupRequest(spec) } : {}),
        },
      ];
  const instance = autocannon({ url: spec.base, connections: spec.connections, duration: seconds, timeout: 30, requests });
  const latencies: number[] = [];
  const status: Record<string, number> = {};
  instance.on('response', (_client: unknown, code: number, _bytes: number, ms: number) => {
    latencies.push(ms);
    status[code] = (status[code] ?? 0) + 1;
  });
  const result = await instance;
  return { result, latencies, status };
}

async function main() {
  const spec = JSON.parse(fs.readFileSync(process.argv[2], 'utf8')) as LoadSpec;
  const warm = spec.warmupSeconds > 0 ? await run(spec, spec.warmupSeconds) : null;
  const { result, latencies, status } = await run(spec, spec.seconds);
  const sorted = Float64Array.from(latencies).sort();
  const ok = Object.entries(status)
    .filter(([c]) => c.startsWith('2'))
    .reduce((s, [, n]) => s + n, 0);
  const out: LoadResult = {
    seconds: result.duration,
    requests: latencies.length,
    ok,
    rps: ok / result.duration,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    status,
    warmupStatus: warm?.status ?? {},
    errors: result.errors + (warm?.result.errors ?? 0),
    timeouts: result.timeouts + (warm?.result.timeouts ?? 0),
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.stack : String(err));
  process.exit(1);
});

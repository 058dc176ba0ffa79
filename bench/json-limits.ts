/**
 * What reading a request costs before and after issue 30's JSON limits, in one process, same run: the old way
 * (JSON.parse, a regex over the raw text for money keys, a recursive NUL walk over every field) against the new one
 * (depth scan, lossless-json with numbers kept as text, NUL check over the schema's fields). Microseconds per request,
 * for a payment body and a list route's query. `npm run bench` prints it; `npx tsx bench/json-limits.ts` alone.
 */
import { performance } from 'node:perf_hooks';
import { parseJsonBody } from '../src/server/http/json-body';

const MONEY = ['transaction_amount', 'paid_amount', 'price', 'rate', 'min_price', 'max_price'];
const LITERAL = new RegExp(`"(${MONEY.join('|')})"\\s*:\\s*(-?\\d+(?:\\.\\d+)?(?:[eE][+-]?\\d+)?)(?=\\s*[,}])`, 'g');
function oldParse(text: string): unknown {
  const body = JSON.parse(text) as Record<string, unknown>;
  for (const [, key, literal] of text.matchAll(LITERAL))
    if (typeof body[key] === 'number' && !/^-?\d+(\.\d{1,2})?$/.test(literal)) body[key] = literal;
  return body;
}
function oldNul(fields: unknown, prefix = ''): string | null {
  if (typeof fields === 'string') return fields.includes('\u0000') ? prefix || 'body' : null;
  if (fields && typeof fields === 'object')
    for (const [k, v] of Object.entries(fields)) {
      if (k.includes('\u0000')) return k;
      const found = oldNul(v, prefix ? `${prefix}.${k}` : k);
      if (found) return found;
    }
  return null;
}
function newNul(fields: Record<string, unknown>, names: string[]): string | null {
  for (const n of names) {
    const v = fields[n];
    if (typeof v === 'string' && v.includes('\u0000')) return n;
  }
  return null;
}

const payment = '{"code":"BENCH-123456","transaction_amount":12.5,"gidcard_id":48213,"seller_id":17}';
const paymentFields = ['code', 'transaction_amount', 'gidcard_id', 'seller_id'];
const listQuery = { page: '3', per_page: '25', sort: '-created_at', status: '1', q: 'amz-10' };
const listFields = ['page', 'per_page', 'sort', 'q', 'status', 'seller_id', 'offer_id', 'date_field', 'from', 'to'];

function perCall(fn: () => unknown, n: number): number {
  for (let i = 0; i < n / 10; i++) fn();
  const t = performance.now();
  for (let i = 0; i < n; i++) fn();
  return ((performance.now() - t) * 1000) / n;
}

export function jsonLimitsBench(log: (line: string) => void, n = 200_000): void {
  const rows: [string, () => unknown, () => unknown][] = [
    [
      'payment body (parse + NUL check)',
      () => oldNul(oldParse(payment)),
      () => newNul(parseJsonBody(payment) as Record<string, unknown>, paymentFields),
    ],
    ['list query (NUL check)', () => oldNul(listQuery), () => newNul(listQuery, listFields)],
  ];
  for (const [name, before, after] of rows) {
    // Alternating rounds, best of 3 each, so that neither side gets the warmer machine.
    const b: number[] = [];
    const a: number[] = [];
    for (let round = 0; round < 3; round++) {
      b.push(perCall(before, n));
      a.push(perCall(after, n));
    }
    log(`[json limits] ${name}: before ${Math.min(...b).toFixed(2)} µs, after ${Math.min(...a).toFixed(2)} µs per request`);
  }
}

if (process.argv[1]?.endsWith('json-limits.ts')) jsonLimitsBench(console.log);

import type { BenchSql } from './sql';
import { serverErrors, type LoadResult } from './load-spec';
import { loadWithCpu, type Target, type Timing } from './measure';

/** Each payment pays this much, so that cards with a due of at least MIN_DUE never run out during a run. */
export const PAYMENT_AMOUNT = 0.01;
const MIN_DUE = 10;

export interface PaymentRun {
  name: string;
  cards: number;
  result: LoadResult;
  serverErrors: number;
}

/** Approved cards with a due: a random sample across the marketplace, and the hot seller's. */
async function payableCards(db: BenchSql, hotSellerId: number) {
  const distinct = await db.rows<{ id: number }>(
    `SELECT id FROM gift_cards WHERE card_status = 1 AND price - rate - paid_amount >= $1 AND seller_id <> $2 ORDER BY random() LIMIT 5000`,
    [MIN_DUE, hotSellerId],
  );
  const hot = await db.rows<{ id: number }>(
    `SELECT id FROM gift_cards WHERE card_status = 1 AND price - rate - paid_amount >= $1 AND seller_id = $2 ORDER BY id DESC LIMIT 5000`,
    [MIN_DUE, hotSellerId],
  );
  return { distinct: distinct.map((r) => r.id), hot: hot.map((r) => r.id) };
}

/**
 * Card payments (`POST /api/transaction` with gidcard_id, a fresh code each) from many concurrent clients:
 * on distinct cards spread over the sellers, then all on one hot seller's cards.
 */
export async function runPayments(db: BenchSql, target: Target, hotSellerId: number, t: Timing, tag: string): Promise<PaymentRun[]> {
  const cards = await payableCards(db, hotSellerId);
  const runs: PaymentRun[] = [];
  for (const [name, list] of [
    ['distinct cards', cards.distinct],
    ['one hot seller', cards.hot],
  ] as const) {
    if (list.length === 0) continue;
    const result = await loadWithCpu(target, {
      base: target.base,
      method: 'POST',
      path: '/api/transaction',
      token: target.staffToken,
      payments: { cards: list, amount: PAYMENT_AMOUNT, codePrefix: `BENCH-${tag}-${name.replace(/\W+/g, '')}-${Date.now()}` },
      connections: t.connections,
      warmupSeconds: t.warmup,
      seconds: t.duration,
    });
    runs.push({ name, cards: list.length, result, serverErrors: serverErrors(result) });
  }
  return runs;
}

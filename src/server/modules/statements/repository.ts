import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { centsOf } from '../../db/values';
import type { Cents } from '../../../shared/money';
import type { StatementEventKind } from '../../../shared/types';
import { rowsOf } from '../../db/rows';
import { reportDayEnd, reportDayStart } from '../../db/report-tz';

/** Statement SQL over ledger_entries (the journal the gift_cards trigger writes; see migration 0010). */

export interface SellerInfo {
  id: number;
  name: string;
  email: string;
  role: string;
}

export async function findUser(tx: Tx, id: number): Promise<SellerInfo | null> {
  const r = await rowsOf<SellerInfo>(tx, sql`SELECT id, name, email, role FROM users WHERE id = ${id}`);
  return r[0] ?? null;
}

/** The seller's due before the start day: the sum of their journal up to then. */
export async function dueBefore(tx: Tx, sellerId: number, startDay: string): Promise<Cents> {
  const r = await rowsOf<{ due: string }>(
    tx,
    sql`SELECT coalesce(sum(amount), 0)::text AS due FROM ledger_entries WHERE seller_id = ${sellerId} AND created_at < ${reportDayStart(startDay)}`,
  );
  return centsOf(r[0]?.due ?? '0');
}

export interface EventRow {
  at: string;
  kind: StatementEventKind;
  amount: Cents;
  giftCardId: number | null;
  transactionId: number | null;
  code: string | null;
  cards: number;
}

/** The journal's entries in the range, in order; one payout's entries (one per card it paid) make one event. */
export async function eventsBetween(tx: Tx, sellerId: number, startDay: string, endDay: string): Promise<EventRow[]> {
  const r = await rowsOf<{
    at: string;
    kind: StatementEventKind;
    amount: string;
    gift_card_id: number | null;
    transaction_id: number | null;
    code: string | null;
    cards: number;
  }>(
    tx,
    sql`SELECT to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, e.kind, sum(e.amount)::text AS amount,
               CASE WHEN count(*) = 1 THEN min(e.gift_card_id) END AS gift_card_id, e.transaction_id, t.code, count(*)::int AS cards
          FROM ledger_entries e LEFT JOIN transactions t ON t.id = e.transaction_id
         WHERE e.seller_id = ${sellerId} AND e.created_at >= ${reportDayStart(startDay)} AND e.created_at < ${reportDayEnd(endDay)}
         GROUP BY e.created_at, e.kind, e.transaction_id, t.code, CASE WHEN e.transaction_id IS NULL THEN e.id END
         ORDER BY e.created_at, min(e.id)`,
  );
  return r.map((x) => ({
    at: x.at,
    kind: x.kind,
    amount: centsOf(x.amount),
    giftCardId: x.gift_card_id,
    transactionId: x.transaction_id,
    code: x.code,
    cards: Number(x.cards),
  }));
}

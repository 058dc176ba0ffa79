import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { centsOf, isoOrNull } from '../../db/values';
import { firstRow, idArray, rowsOf } from '../../db/rows';
import { availableNowCents, centsToNumber, type Cents } from '../../../shared/money';
import type { HoldFigures } from '../../../shared/types';
import { nowParam } from '../../clock';

/** Payout holds' SQL (docs/money.md "Payout holds"): what is held is asked of card_hold() / held_cards(), never restated. */

/** A hold's end as the database answers it: ISO text, or null for 'infinity' (until released) or none. */
export const holdEnd = (v: string | null | undefined): string | null =>
  v === null || v === undefined || v === 'infinity' ? null : isoOrNull(v);

/** What of one seller's due is on hold now: the sum of their held cards' dues and the first hold's end. */
export interface SellerHold {
  onHold: Cents;
  /** When the first held card is released (ISO); null when nothing is held or every hold lasts until released. */
  release: string | null;
}

/** A due's hold figures as the API answers them: due = available_now + on_hold. */
export const holdFigures = (due: Cents, h: SellerHold): HoldFigures => ({
  available_now: centsToNumber(availableNowCents(due, h.onHold)),
  on_hold: centsToNumber(h.onHold),
  hold_release: h.release,
});

/** Each of these sellers' hold (sellers with nothing held are absent). */
export async function sellerHolds(tx: Tx, sellerIds: number[]): Promise<Map<number, SellerHold>> {
  const out = new Map<number, SellerHold>();
  if (!sellerIds.length) return out;
  const rows = await rowsOf<{ seller_id: number; held: string; first_end: string | null }>(
    tx,
    sql`SELECT s.id AS seller_id, h.held::text AS held, h.first_end::text AS first_end
          FROM unnest(${idArray(sellerIds)}) AS s(id)
          CROSS JOIN LATERAL (SELECT sum(x.due) AS held, min(x.until) AS first_end
                                FROM held_cards(s.id, ${nowParam()}::timestamptz) x) h
         WHERE h.held IS NOT NULL`,
  );
  for (const r of rows) out.set(Number(r.seller_id), { onHold: centsOf(r.held), release: holdEnd(r.first_end) });
  return out;
}

export const NO_HOLD: SellerHold = { onHold: 0, release: null };

export async function sellerHold(tx: Tx, sellerId: number): Promise<SellerHold> {
  return (await sellerHolds(tx, [sellerId])).get(sellerId) ?? NO_HOLD;
}

/**
 * The marketplace's: of what it owes (the positive dues), the part on hold. A seller whose debit exceeds what is not
 * held contributes their whole positive due; the first hold's end over every seller.
 */
export async function marketplaceHold(tx: Tx): Promise<SellerHold> {
  const r = await firstRow<{ held: string; first_end: string | null }>(
    tx,
    sql`SELECT coalesce(sum(greatest(u.seller_due, 0) - greatest(u.seller_due - h.held, 0)), 0)::text AS held,
               min(h.first_end)::text AS first_end
          FROM (SELECT x.seller_id, sum(x.due) AS held, min(x.until) AS first_end
                  FROM held_cards(NULL, ${nowParam()}::timestamptz) x GROUP BY x.seller_id) h
          JOIN users u ON u.id = h.seller_id
         WHERE u.role = 'seller' AND u.deleted_at IS NULL`,
  );
  return { onHold: centsOf(r?.held ?? '0'), release: holdEnd(r?.first_end) };
}

/** One card's hold now: when it ends (null: until released) and why (null: its offer's hold); null when not held. */
export interface CardHold {
  until: string | null;
  reason: string | null;
}

export async function cardHolds(tx: Tx, cardIds: number[]): Promise<Map<number, CardHold>> {
  const out = new Map<number, CardHold>();
  if (!cardIds.length) return out;
  const rows = await rowsOf<{ id: number; until: string; reason: string | null }>(
    tx,
    sql`SELECT g.id, h.until::text AS until, h.reason
          FROM gift_cards g CROSS JOIN LATERAL card_hold(g.id, g.seller_id, g.offer_hold_until, ${nowParam()}::timestamptz) h
         WHERE g.id = ANY (${idArray(cardIds)}) AND h.until IS NOT NULL`,
  );
  for (const r of rows) out.set(Number(r.id), { until: holdEnd(r.until), reason: r.reason });
  return out;
}

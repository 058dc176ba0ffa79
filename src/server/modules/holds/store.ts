import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { firstRow, rowsOf } from '../../db/rows';
import { isoOrNull } from '../../db/values';
import type { PayoutHold } from '../../../shared/types';

/** The payout_holds rows: placed, released, listed (migration 0034). */

/** The API's fields, ids and dates as the driver gives them. */
type HoldRow = PayoutHold;

export const holdOut = (r: HoldRow): PayoutHold => ({
  id: Number(r.id),
  seller_id: r.seller_id === null ? null : Number(r.seller_id),
  gift_card_id: r.gift_card_id === null ? null : Number(r.gift_card_id),
  reason: r.reason,
  until: isoOrNull(r.until),
  placed_by: Number(r.placed_by),
  placed_by_name: r.placed_by_name,
  placed_at: isoOrNull(r.placed_at)!,
  released_by: r.released_by === null ? null : Number(r.released_by),
  released_by_name: r.released_by_name,
  released_at: isoOrNull(r.released_at),
  release_note: r.release_note,
  active: Boolean(r.active),
});

const select = (now: string) => sql`
  SELECT h.id, h.seller_id, h.gift_card_id, h.reason, h.until::text AS until, h.placed_by, p.name AS placed_by_name,
         h.placed_at::text AS placed_at, h.released_by, r.name AS released_by_name, h.released_at::text AS released_at,
         h.release_note, (h.released_at IS NULL AND (h.until IS NULL OR h.until > ${now}::timestamptz)) AS active
    FROM payout_holds h LEFT JOIN users p ON p.id = h.placed_by LEFT JOIN users r ON r.id = h.released_by`;

export async function insertHold(
  tx: Tx,
  h: { sellerId: number | null; cardId: number | null; reason: string; until: string | null; by: number },
): Promise<number> {
  const r = await firstRow<{ id: number }>(
    tx,
    sql`INSERT INTO payout_holds (seller_id, gift_card_id, reason, until, placed_by)
        VALUES (${h.sellerId}::int, ${h.cardId}::int, ${h.reason}, ${h.until}::timestamptz, ${h.by}::int) RETURNING id`,
  );
  return Number(r!.id);
}

export async function findHold(tx: Tx, id: number, now: string, lock = false): Promise<PayoutHold | null> {
  const r = await firstRow<HoldRow>(
    tx,
    lock ? sql`${select(now)} WHERE h.id = ${id} FOR UPDATE OF h` : sql`${select(now)} WHERE h.id = ${id}`,
  );
  return r ? holdOut(r) : null;
}

export async function releaseHold(tx: Tx, id: number, by: number, note: string | null): Promise<void> {
  await tx.execute(sql`UPDATE payout_holds SET released_by = ${by}, released_at = now(), release_note = ${note} WHERE id = ${id}`);
}

/** The holds placed on a seller or on a card, newest first (at most `limit`). */
export async function listHolds(tx: Tx, where: { sellerId?: number; cardId?: number }, now: string, limit: number): Promise<PayoutHold[]> {
  const cond = where.cardId !== undefined ? sql`h.gift_card_id = ${where.cardId}` : sql`h.seller_id = ${where.sellerId ?? 0}`;
  const rows = await rowsOf<HoldRow>(tx, sql`${select(now)} WHERE ${cond} ORDER BY h.id DESC LIMIT ${limit}`);
  return rows.map(holdOut);
}

/** A card's seller (null: no such card). */
export async function cardSeller(tx: Tx, cardId: number): Promise<number | null> {
  const r = await firstRow<{ seller_id: number }>(tx, sql`SELECT seller_id FROM gift_cards WHERE id = ${cardId}`);
  return r ? Number(r.seller_id) : null;
}

/** Whether the user is a live seller. */
export async function isLiveSeller(tx: Tx, id: number): Promise<boolean> {
  const r = await firstRow<{ ok: boolean }>(tx, sql`SELECT (role = 'seller' AND deleted_at IS NULL) AS ok FROM users WHERE id = ${id}`);
  return Boolean(r?.ok);
}

/** Whether the hold keeps an adjusted approval unpaid until its seller answers (issue 53: card_adjustments.hold_id). */
export async function waitsForAdjustment(tx: Tx, holdId: number): Promise<boolean> {
  const r = await firstRow<{ id: number }>(tx, sql`SELECT id FROM card_adjustments WHERE hold_id = ${holdId} AND state = 'pending'`);
  return r !== undefined;
}

import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { firstRow, rowsOf } from '../../db/rows';
import type { LinkRow } from './shape';

/** The seller_links rows (migration 0041; written by the triggers of functions/seller_link_add.sql), read and marked. */

/** Each link as `seller` sees it: the other side, this side's card or payout first. */
const seenFrom = (seller: number) => sql`
  SELECT l.id, l.signal, ${seller}::int AS seller_id, o.id AS other_seller_id, o.name AS other_seller_name,
         CASE WHEN l.seller_a = ${seller} THEN l.gift_card_a ELSE l.gift_card_b END AS gift_card_id,
         CASE WHEN l.seller_a = ${seller} THEN l.gift_card_b ELSE l.gift_card_a END AS other_gift_card_id,
         CASE WHEN l.seller_a = ${seller} THEN l.transaction_a ELSE l.transaction_b END AS transaction_id,
         CASE WHEN l.seller_a = ${seller} THEN l.transaction_b ELSE l.transaction_a END AS other_transaction_id,
         l.first_seen_at::text AS first_seen_at, l.known_good_at::text AS known_good_at, l.known_good_by,
         k.name AS known_good_by_name, l.note
    FROM seller_links l
    JOIN users o ON o.id = CASE WHEN l.seller_a = ${seller} THEN l.seller_b ELSE l.seller_a END
    LEFT JOIN users k ON k.id = l.known_good_by`;

/** The links of a seller, newest first (at most `limit`). */
export async function linksOf(tx: Tx, seller: number, limit: number): Promise<LinkRow[]> {
  return rowsOf<LinkRow>(
    tx,
    sql`${seenFrom(seller)} WHERE l.seller_a = ${seller} OR l.seller_b = ${seller} ORDER BY l.id DESC LIMIT ${limit}`,
  );
}

/** One link as its first seller (seller_a) sees it; null when there is none. */
export async function findLink(tx: Tx, id: number): Promise<LinkRow | null> {
  const seller = await firstRow<{ seller_a: number }>(tx, sql`SELECT seller_a FROM seller_links WHERE id = ${id} FOR UPDATE`);
  if (!seller) return null;
  return (await firstRow<LinkRow>(tx, sql`${seenFrom(Number(seller.seller_a))} WHERE l.id = ${id}`)) ?? null;
}

export async function markKnownGood(tx: Tx, id: number, by: number, note: string | null): Promise<void> {
  await tx.execute(sql`UPDATE seller_links SET known_good_at = now(), known_good_by = ${by}, note = ${note} WHERE id = ${id}`);
}

/** Whether `id` is a seller's account (deleted ones too: their links stay). */
export async function isSeller(tx: Tx, id: number): Promise<boolean> {
  return (await firstRow(tx, sql`SELECT 1 FROM users WHERE id = ${id} AND role = 'seller'`)) !== undefined;
}

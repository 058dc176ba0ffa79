import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { firstRow, rowsOf } from '../../db/rows';
import { isoSql } from '../../db/values';
import { inboxItems } from './sources';

export interface InboxRow {
  id: string;
  kind: string;
  at: string;
  card_id: number | null;
  transaction_id: number | null;
  amount: string | null;
  reason: string | null;
  note: string | null;
  until: string | null;
  read: boolean;
}

/** Up to now; no row yet: nothing read. */
const readThrough = (sellerId: number) =>
  sql`coalesce((SELECT read_through FROM seller_inbox_reads WHERE seller_id = ${sellerId}), '-infinity'::timestamptz)`;

/** One page of the seller's items, newest first (ties: the later id first). */
export async function inboxPage(tx: Tx, sellerId: number, now: string, limit: number, offset: number): Promise<InboxRow[]> {
  return rowsOf<InboxRow>(
    tx,
    sql`SELECT i.id, i.kind, ${isoSql(sql`i.at`)} AS at, i.card_id,
               i.transaction_id, i.amount::text AS amount, i.reason, i.note,
               ${isoSql(sql`i.until`)} AS until, i.at <= ${readThrough(sellerId)} AS read
          FROM ${inboxItems(sellerId, now)}
         ORDER BY i.at DESC, length(i.id) DESC, i.id DESC
         LIMIT ${limit} OFFSET ${offset}`,
  );
}

/** How many items the seller has, and how many of them are newer than their last-read position. */
export async function inboxCounts(tx: Tx, sellerId: number, now: string): Promise<{ total: number; unread: number }> {
  const r = await firstRow<{ total: number; unread: number }>(
    tx,
    sql`SELECT count(*)::int AS total, (count(*) FILTER (WHERE i.at > ${readThrough(sellerId)}))::int AS unread
          FROM ${inboxItems(sellerId, now)}`,
  );
  return { total: Number(r?.total ?? 0), unread: Number(r?.unread ?? 0) };
}

/**
 * Moves the seller's last-read position up to the item `through` (one of their own), or to their newest item; never
 * back. False when `through` is not one of their items.
 */
export async function markRead(tx: Tx, sellerId: number, now: string, through: string | undefined): Promise<boolean> {
  // As text, so the position keeps the item's microseconds.
  const at = await firstRow<{ at: string | null }>(
    tx,
    through === undefined
      ? sql`SELECT max(i.at)::text AS at FROM ${inboxItems(sellerId, now)}`
      : sql`SELECT i.at::text AS at FROM ${inboxItems(sellerId, now)} WHERE i.id = ${through}`,
  );
  if (!at) return false;
  if (at.at === null) return true; // no items: nothing to read
  await tx.execute(sql`INSERT INTO seller_inbox_reads (seller_id, read_through) VALUES (${sellerId}, ${at.at}::timestamptz)
    ON CONFLICT (seller_id) DO UPDATE SET read_through = greatest(seller_inbox_reads.read_through, EXCLUDED.read_through),
                                          updated_at = now()`);
  return true;
}

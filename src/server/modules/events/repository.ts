import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { LiveEvent } from '../../../shared/events';
import { firstRow, rowsOf } from '../../db/rows';

interface EventRow {
  id: string | number;
  type: LiveEvent['type'];
  seller_id: number | null;
  card_id: number | null;
  transaction_id: number | null;
  data: Record<string, unknown>;
  at: string | Date;
}

const rows = (tx: Tx, q: SQL) => rowsOf<EventRow>(tx, q);

export const toEvent = (r: EventRow): LiveEvent => ({
  id: Number(r.id),
  type: r.type,
  seller_id: r.seller_id,
  card_id: r.card_id,
  transaction_id: r.transaction_id,
  data: r.data ?? {},
  at: r.at instanceof Date ? r.at.toISOString() : String(r.at),
});

/** The kept events after `afterId`, oldest first; `sellerId` keeps only that seller's. */
export async function eventsAfter(tx: Tx, afterId: number, sellerId: number | null, limit: number): Promise<LiveEvent[]> {
  const own = sellerId === null ? sql`TRUE` : sql`seller_id = ${sellerId}`;
  return (
    await rows(
      tx,
      sql`SELECT id, type, seller_id, card_id, transaction_id, data, created_at AS at FROM events
          WHERE id > ${afterId} AND ${own} ORDER BY id LIMIT ${limit}`,
    )
  ).map(toEvent);
}

/** The oldest kept event id and the newest (0 when there are none). */
export async function eventBounds(tx: Tx): Promise<{ oldest: number; newest: number }> {
  const r = await firstRow<{ oldest: string | number; newest: string | number }>(
    tx,
    sql`SELECT coalesce(min(id), 0) AS oldest, coalesce(max(id), 0) AS newest FROM events`,
  );
  return { oldest: Number(r?.oldest ?? 0), newest: Number(r?.newest ?? 0) };
}

/** Drops events older than `hours` and all but the newest `keep`. */
export async function pruneEvents(tx: Tx, hours: number, keep: number): Promise<void> {
  await tx.execute(sql`DELETE FROM events WHERE created_at < now() - make_interval(hours => ${hours})
                         OR id <= (SELECT max(id) FROM events) - ${keep}`);
}

import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { firstRow } from '../../db/rows';
import { enqueue, unlessWaiting } from '../jobs/repository';

export const CARD_READ_JOB = 'card-read';

/** What the photos of a card say, as staff see it. */
export interface CardReadRow {
  status: 'pending' | 'read' | 'unreadable';
  number: string | null;
  number_key: string | null;
  image_id: number | null;
  confidence: number | null;
}

/**
 * A card whose photos are new or changed: its read is pending (a number read before stays until the photos are read
 * again) and a job reads them.
 */
export async function queueCardRead(tx: Tx, cardId: number): Promise<void> {
  await tx.execute(sql`
    INSERT INTO card_number_reads (gift_card_id) VALUES (${cardId})
    ON CONFLICT (gift_card_id) DO UPDATE SET status = 'pending'`);
  await enqueue(tx, CARD_READ_JOB, String(cardId), sql`(SELECT seller_id FROM gift_cards WHERE id = ${cardId})`);
}

/** The result of reading a card's photos (nothing when the card was deleted meanwhile). */
export async function saveCardRead(
  tx: Tx,
  cardId: number,
  found: { number: string; key: string; imageId: number; confidence: number } | null,
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO card_number_reads (gift_card_id, status, number, number_key, image_id, confidence, read_at)
    SELECT g.id, ${found ? 'read' : 'unreadable'}, ${found?.number ?? null}, ${found?.key ?? null},
           (SELECT i.id FROM gift_card_images i WHERE i.id = ${found?.imageId ?? null}), ${found?.confidence ?? null}, now()
      FROM gift_cards g WHERE g.id = ${cardId}
    ON CONFLICT (gift_card_id) DO UPDATE SET status = EXCLUDED.status, number = EXCLUDED.number, number_key = EXCLUDED.number_key,
       image_id = EXCLUDED.image_id, confidence = EXCLUDED.confidence, read_at = EXCLUDED.read_at`);
}

export async function findCardRead(tx: Tx, cardId: number): Promise<CardReadRow | null> {
  const row = await firstRow<CardReadRow>(
    tx,
    sql`SELECT status, number, number_key, image_id, confidence FROM card_number_reads WHERE gift_card_id = ${cardId}`,
  );
  return row ?? null;
}

/** Cards with photos whose photos were never read (before OCR existed), or are waiting: for the backfill. */
export async function queueUnreadCards(tx: Tx): Promise<number> {
  const row = await firstRow<{ n: number }>(
    tx,
    sql`WITH unread AS (
          SELECT g.id FROM gift_cards g
           WHERE EXISTS (SELECT 1 FROM gift_card_images i WHERE i.gift_card_id = g.id)
             AND NOT EXISTS (SELECT 1 FROM card_number_reads r WHERE r.gift_card_id = g.id AND r.status <> 'pending')),
        marked AS (
          INSERT INTO card_number_reads (gift_card_id) SELECT id FROM unread ON CONFLICT (gift_card_id) DO NOTHING),
        queued AS (
          INSERT INTO jobs (kind, key) SELECT ${CARD_READ_JOB}, u.id::text FROM unread u ${unlessWaiting}
          RETURNING 1)
        SELECT count(*)::int AS n FROM queued`,
  );
  return Number(row?.n ?? 0);
}

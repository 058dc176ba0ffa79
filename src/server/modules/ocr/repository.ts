import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { firstRow } from '../../db/rows';
import { enqueue, unlessWaiting } from '../jobs/repository';
import type { CodePattern } from '../../../shared/code-pattern';

export const CARD_READ_JOB = 'card-read';

/** What the photos of a card say, as staff see it. */
export interface CardReadRow {
  status: 'pending' | 'read' | 'unreadable';
  number: string | null;
  number_key: string | null;
  image_id: number | null;
  confidence: number | null;
  box_x: number | null;
  box_y: number | null;
  box_w: number | null;
  box_h: number | null;
}

/** A read to store: the code, its key, the photo, how sure, where on the photo (issue 52). */
export interface CardReadFound {
  number: string;
  key: string;
  imageId: number;
  confidence: number;
  box: { x: number; y: number; w: number; h: number };
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

/** The result of reading a card's photos by `reader` (nothing when the card was deleted meanwhile). */
export async function saveCardRead(tx: Tx, cardId: number, found: CardReadFound | null, reader: string): Promise<void> {
  const box = found?.box;
  await tx.execute(sql`
    INSERT INTO card_number_reads (gift_card_id, status, number, number_key, image_id, confidence, box_x, box_y, box_w, box_h, reader, read_at)
    SELECT g.id, ${found ? 'read' : 'unreadable'}, ${found?.number ?? null}, ${found?.key ?? null},
           (SELECT i.id FROM gift_card_images i WHERE i.id = ${found?.imageId ?? null}), ${found?.confidence ?? null},
           ${box?.x ?? null}::int, ${box?.y ?? null}::int, ${box?.w ?? null}::int, ${box?.h ?? null}::int, ${reader}, now()
      FROM gift_cards g WHERE g.id = ${cardId}
    ON CONFLICT (gift_card_id) DO UPDATE SET status = EXCLUDED.status, number = EXCLUDED.number, number_key = EXCLUDED.number_key,
       image_id = EXCLUDED.image_id, confidence = EXCLUDED.confidence, box_x = EXCLUDED.box_x, box_y = EXCLUDED.box_y,
       box_w = EXCLUDED.box_w, box_h = EXCLUDED.box_h, reader = EXCLUDED.reader, read_at = EXCLUDED.read_at`);
}

/** What the card's offer says its codes look like (issue 52); null when the card is gone. */
export async function codePatternOfCard(tx: Tx, cardId: number): Promise<CodePattern | null> {
  const row = await firstRow<{ code_pattern: string | null; code_check: string | null }>(
    tx,
    sql`SELECT o.code_pattern, o.code_check FROM gift_cards g JOIN gift_card_offers o ON o.id = g.giftcard_offer_id WHERE g.id = ${cardId}`,
  );
  return row ? { code_pattern: row.code_pattern, code_check: row.code_check === 'luhn' ? 'luhn' : null } : null;
}

export async function findCardRead(tx: Tx, cardId: number): Promise<CardReadRow | null> {
  const row = await firstRow<CardReadRow>(
    tx,
    sql`SELECT status, number, number_key, image_id, confidence, box_x, box_y, box_w, box_h
          FROM card_number_reads WHERE gift_card_id = ${cardId}`,
  );
  return row ?? null;
}

/**
 * Cards with photos whose photos were never read (before OCR existed), are waiting, or were read by another reader
 * than `reader` (an older engine, issue 52): for the backfill. A re-read card keeps its read until the new one lands.
 */
export async function queueUnreadCards(tx: Tx, reader: string): Promise<number> {
  const row = await firstRow<{ n: number }>(
    tx,
    sql`WITH unread AS (
          SELECT g.id FROM gift_cards g
           WHERE EXISTS (SELECT 1 FROM gift_card_images i WHERE i.gift_card_id = g.id)
             AND NOT EXISTS (SELECT 1 FROM card_number_reads r
                              WHERE r.gift_card_id = g.id AND r.status <> 'pending' AND r.reader IS NOT DISTINCT FROM ${reader})),
        marked AS (
          INSERT INTO card_number_reads (gift_card_id) SELECT id FROM unread ON CONFLICT (gift_card_id) DO NOTHING),
        queued AS (
          INSERT INTO jobs (kind, key) SELECT ${CARD_READ_JOB}, u.id::text FROM unread u ${unlessWaiting}
          RETURNING 1)
        SELECT count(*)::int AS n FROM queued`,
  );
  return Number(row?.n ?? 0);
}

import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { firstRow } from '../../db/rows';
import type { ImageHashes } from './hash';
import { unlessWaiting } from '../jobs/repository';

/** Hashing a card photo stored before its shape hashes existed (migration 0024): one job per photo, keyed by its id. */
export const IMAGE_SHAPES_JOB = 'image-shapes';

/** Queues a job for every card photo without shape hashes (none already waiting); answers how many were queued. */
export async function queueImagesWithoutShapes(tx: Tx): Promise<number> {
  const row = await firstRow<{ n: number }>(
    tx,
    sql`WITH queued AS (
          INSERT INTO jobs (kind, key)
          SELECT ${IMAGE_SHAPES_JOB}, i.id::text FROM gift_card_images i
           WHERE i.shape_hashes IS NULL
           ORDER BY i.id
          ${unlessWaiting}
          RETURNING 1)
        SELECT count(*)::int AS n FROM queued`,
  );
  return Number(row?.n ?? 0);
}

/** The photo's file name while it still lacks shape hashes (null: gone, or hashed meanwhile). */
export async function imageWithoutShapes(tx: Tx, imageId: number): Promise<string | null> {
  const row = await firstRow<{ image: string }>(tx, sql`SELECT image FROM gift_card_images WHERE id = ${imageId} AND shape_hashes IS NULL`);
  return row?.image ?? null;
}

/**
 * Stores the shape hashes (an empty list: the picture cannot be decoded, nothing to match) and fills a missing sha256
 * or dHash; a photo hashed meanwhile (re-uploaded) keeps what it has.
 */
export async function setShapesOf(tx: Tx, imageId: number, h: ImageHashes | null): Promise<void> {
  await tx.execute(
    sql`UPDATE gift_card_images
           SET shape_hashes = ${`{${(h?.shapes ?? []).join(',')}}`}::bigint[],
               sha256 = coalesce(sha256, ${h?.sha256 ?? null}), dhash = coalesce(dhash, ${h?.dhash ?? null}::bigint)
         WHERE id = ${imageId} AND shape_hashes IS NULL`,
  );
}

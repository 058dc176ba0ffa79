import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isStoredName } from './store';

export interface ImageMigrationCounts {
  /** Photos the cards and comments refer to. */
  referenced: number;
  /** Copied into image_blobs by this run (hash checked after the copy). */
  copied: number;
  /** Already in image_blobs with the file's hash (an earlier run): left alone. */
  alreadyThere: number;
  /** Neither a file in the folder nor a row: nothing to copy. */
  missing: string[];
  /** Copied but read back with another hash: the row is removed again, the file kept. */
  failed: string[];
}

const BATCH = 200;
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Copies the photos that cards and comments refer to from a folder (IMAGE_STORE=fs) into image_blobs, one
 * committed row at a time: a second run copies nothing, an interrupted run resumes where it stopped. A row whose
 * bytes differ from the file (a torn earlier copy) is rewritten. Files are never deleted.
 */
export async function migrateImagesToDatabase(
  database: Database,
  dir: string,
  onProgress?: (done: number) => void,
): Promise<ImageMigrationCounts> {
  const counts: ImageMigrationCounts = { referenced: 0, copied: 0, alreadyThere: 0, missing: [], failed: [] };
  let after = '';
  for (;;) {
    const names = (
      await database.query<{ name: string }>(sql`SELECT name FROM (
          SELECT image AS name FROM gift_card_images UNION SELECT image FROM gift_card_comments WHERE image IS NOT NULL
        ) owned WHERE name > ${after} ORDER BY name LIMIT ${BATCH}`)
    ).map((r) => r.name);
    if (names.length === 0) return counts;
    after = names[names.length - 1];
    for (const name of names) {
      counts.referenced += 1;
      const [row] = await database.query<{ hash: string }>(
        sql`SELECT encode(sha256(data), 'hex') AS hash FROM image_blobs WHERE name = ${name}`,
      );
      const data = isStoredName(name) ? await fs.readFile(path.join(dir, name)).catch(() => null) : null;
      if (!data) {
        if (!row) counts.missing.push(name);
        else counts.alreadyThere += 1;
        continue;
      }
      const hash = sha256(data);
      if (row?.hash === hash) {
        counts.alreadyThere += 1;
        continue;
      }
      await database.query(
        sql`INSERT INTO image_blobs (name, data) VALUES (${name}, ${data}) ON CONFLICT (name) DO UPDATE SET data = EXCLUDED.data`,
      );
      const [copy] = await database.query<{ hash: string }>(
        sql`SELECT encode(sha256(data), 'hex') AS hash FROM image_blobs WHERE name = ${name}`,
      );
      if (copy?.hash === hash) counts.copied += 1;
      else {
        await database.query(sql`DELETE FROM image_blobs WHERE name = ${name}`);
        counts.failed.push(name);
      }
    }
    onProgress?.(counts.referenced);
  }
}

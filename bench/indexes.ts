import type { BenchSql } from './sql';

/** The big tables whose secondary indexes are dropped during the bulk load and built again after it (faster than maintaining them). */
const BULK_TABLES = ['gift_cards', 'gift_card_images', 'gift_card_comments', 'transactions', 'transaction_allocations'];

export interface SavedIndex {
  name: string;
  def: string;
}

/** Drops the secondary indexes (not those behind constraints) of the bulk tables; answers their definitions. */
export async function dropBulkIndexes(db: BenchSql): Promise<SavedIndex[]> {
  const saved = await db.rows<{ name: string; def: string }>(
    `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
      WHERE i.schemaname = 'public' AND i.tablename = ANY($1::text[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)
      ORDER BY i.tablename, i.indexname`,
    [BULK_TABLES],
  );
  for (const s of saved) await db.exec(`DROP INDEX "${s.name.replace(/"/g, '""')}"`);
  return saved;
}

export async function restoreIndexes(db: BenchSql, saved: SavedIndex[]): Promise<void> {
  for (const s of saved) await db.exec(s.def);
}

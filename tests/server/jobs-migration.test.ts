import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationPlaces } from '../helpers/migrations';

/** Migration 0030: one waiting job per kind and key, by a unique index; the duplicates racing inserts left go first. */
const { freshPlace, cleanup, later } = migrationPlaces();
afterAll(cleanup);

describe('migration 0030: one waiting job per kind and key', () => {
  it('keeps the oldest waiting job of each kind and key, and every job taken or finished', async () => {
    const open = await freshPlace();
    const old = await open('0029_baseline.sql');
    await old.query(
      sql`INSERT INTO jobs (kind, key, status, locked_until, done_at) VALUES
            ('card-read', '1', 'queued', NULL, NULL),
            ('card-read', '1', 'queued', NULL, NULL),
            ('card-read', '1', 'queued', now() + interval '1 minute', NULL),
            ('card-read', '1', 'done', NULL, now()),
            ('card-read', '1', 'queued', NULL, NULL),
            ('card-read', '2', 'queued', NULL, NULL),
            ('image-shapes', '1', 'queued', NULL, NULL)`,
    );
    await old.close();

    const db = await open();
    later(() => db.close());
    const rows = await db.query<{ id: number; kind: string; key: string; status: string; taken: boolean }>(
      sql`SELECT id::int AS id, kind, key, status, locked_until IS NOT NULL AS taken FROM jobs ORDER BY id`,
    );
    expect(rows.map((r) => [r.id, r.kind, r.key, r.status, r.taken])).toEqual([
      [1, 'card-read', '1', 'queued', false],
      [3, 'card-read', '1', 'queued', true],
      [4, 'card-read', '1', 'done', false],
      [6, 'card-read', '2', 'queued', false],
      [7, 'image-shapes', '1', 'queued', false],
    ]);
    await db.query(sql`INSERT INTO jobs (kind, key) VALUES ('card-read', '2') ON CONFLICT DO NOTHING`);
    await expect(db.query(sql`INSERT INTO jobs (kind, key) VALUES ('card-read', '2')`)).rejects.toThrow();
    expect(await db.query(sql`SELECT id FROM jobs WHERE kind = 'card-read' AND key = '2'`)).toHaveLength(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { freshDatabase, testDbKind } from '../helpers/db';
import { nameStatements } from '../../src/server/db/adapter/pg-statements';

/** PostgreSQL's pooled connections prepare each parameterised statement once (src/server/db/adapter/pg-statements.ts). */
describe.skipIf(testDbKind() !== 'postgres')('named statements on PostgreSQL', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let pool: pg.Pool;
  beforeAll(async () => {
    fresh = await freshDatabase();
    pool = new pg.Pool({ connectionString: fresh.url, max: 1 });
    // Dropping the database at the end ends any connection still open: not an error of the test.
    pool.on('error', () => {});
    nameStatements(pool, 2);
    await pool.query('CREATE TABLE named_t (id int PRIMARY KEY)');
    await pool.query('INSERT INTO named_t VALUES (1), (2)');
  });
  afterAll(async () => {
    await pool?.end();
    await fresh?.drop();
  });
  const prepared = async () =>
    (await pool.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements ORDER BY prepare_time')).rows.map(
      (r) => r.statement,
    );

  it('prepare a statement with values once, answer the same rows, and leave statements without values alone', async () => {
    for (const id of [1, 2, 1]) expect((await pool.query('SELECT id FROM named_t WHERE id = $1', [id])).rows).toEqual([{ id }]);
    expect(await prepared()).toEqual(['SELECT id FROM named_t WHERE id = $1']);
  });

  it('stop naming at the cap, still answering', async () => {
    await pool.query({ text: 'SELECT id FROM named_t WHERE id > $1 ORDER BY id', values: [0] });
    expect((await pool.query('SELECT count(*)::int AS n FROM named_t WHERE id >= $1', [1])).rows).toEqual([{ n: 2 }]);
    expect(await prepared()).toEqual(['SELECT id FROM named_t WHERE id = $1', 'SELECT id FROM named_t WHERE id > $1 ORDER BY id']);
  });

  it('go unnamed after the table changed under a prepared statement', async () => {
    const text = 'SELECT * FROM named_t WHERE id > $1 ORDER BY id';
    const fresh2 = new pg.Pool({ connectionString: fresh.url, max: 1 });
    fresh2.on('error', () => {});
    nameStatements(fresh2);
    try {
      expect((await fresh2.query(text, [0])).rows).toEqual([{ id: 1 }, { id: 2 }]);
      await fresh2.query('ALTER TABLE named_t ADD COLUMN note text');
      await expect(fresh2.query(text, [0])).rejects.toMatchObject({ code: '0A000' });
      expect((await fresh2.query(text, [0])).rows).toEqual([
        { id: 1, note: null },
        { id: 2, note: null },
      ]);
    } finally {
      await fresh2.end();
    }
  });
});

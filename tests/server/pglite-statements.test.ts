import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { prepareStatements } from '../../src/server/db/adapter/pglite-statements';

/**
 * PGlite with each statement prepared once, and a SELECT's rows read from the answer's bytes
 * (src/server/db/adapter/pglite-statements.ts, adapter/pglite-rows.ts): the same results as PGlite's own `query`.
 */
describe('prepared statements on PGlite', () => {
  let ours: PGlite;
  let plain: PGlite;
  const setup = `CREATE TABLE t (id int PRIMARY KEY, name text, price numeric(12,2), at timestamptz, day date, ok boolean,
    tags text[], doc jsonb, big bigint, raw bytea);
    INSERT INTO t VALUES
      (1, 'Zoë ✓ 日本', 12.50, '2026-11-27T10:00:00Z', '2026-11-27', true, '{a,"b c"}', '{"x":[1,2]}', 9007199254740993, '\\x00ff'),
      (2, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
      (3, '', 0, '-infinity', '2026-01-01', false, '{}', 'null', -1, '\\x');`;
  beforeAll(async () => {
    ours = await PGlite.create();
    plain = await PGlite.create();
    prepareStatements(ours);
    for (const db of [ours, plain]) await db.exec(setup);
  });
  afterAll(async () => {
    await ours?.close();
    await plain?.close();
  });

  const both = async (text: string, params: unknown[] = [], options?: QueryOptions) => {
    const [a, b] = [await ours.query(text, params, options), await plain.query(text, params, options)];
    expect(a).toEqual(b);
    return a;
  };

  it('answer every type, null and empty value as PGlite does, in both row modes, on every call', async () => {
    for (let call = 0; call < 3; call++) {
      const objects = await both('SELECT * FROM t WHERE id >= $1 ORDER BY id', [1]);
      expect(objects.rows).toHaveLength(3);
      expect(objects.rows[0]).toMatchObject({ name: 'Zoë ✓ 日本', price: '12.50', ok: true, tags: ['a', 'b c'], doc: { x: [1, 2] } });
      await both('SELECT id, name, at FROM t WHERE id = ANY($1::int[]) ORDER BY id DESC', [[1, 3]], { rowMode: 'array' });
      await both('SELECT count(*)::int AS n, max(day) AS last FROM t WHERE name IS DISTINCT FROM $1', ['x']);
      expect((await both('SELECT id FROM t WHERE id > $1', [99])).rows).toEqual([]);
    }
  });

  it('answer a result larger than one piece of PGlite output whole', async () => {
    const text = "SELECT g AS id, repeat('é', 50) || g AS label FROM generate_series(1, $1::int) AS g";
    const result = await both(text, [20000]);
    expect(result.rows).toHaveLength(20000);
    expect(result.rows[19999]).toEqual({ id: 20000, label: `${'é'.repeat(50)}20000` });
  });

  it("reject with the database's error, and answer the same statement afterwards", async () => {
    const text = 'SELECT 10 / $1::int AS q';
    await expect(ours.query(text, [0])).rejects.toMatchObject({ code: '22012', message: 'division by zero' });
    expect((await both(text, [5])).rows).toEqual([{ q: 2 }]);
  });

  it('pass a SELECT’s notices on, and deliver pg_notify to listeners', async () => {
    await ours.exec(`CREATE FUNCTION say(x text) RETURNS int LANGUAGE plpgsql AS $$ BEGIN RAISE NOTICE 'said %', x; RETURN 1; END $$`);
    const notices: string[] = [];
    const result = await ours.query<{ one: number }>('SELECT say($1) AS one', ['hi'], { onNotice: (n) => notices.push(n.message ?? '') });
    expect(result.rows).toEqual([{ one: 1 }]);
    expect(notices).toEqual(['said hi']);

    const heard: string[] = [];
    await ours.listen('ch', (payload) => heard.push(payload));
    await ours.query("SELECT pg_notify('ch', $1)", ['first']);
    await new Promise((r) => setTimeout(r, 20));
    expect(heard).toEqual(['first']);

    // A SELECT whose function writes to a table whose trigger notifies: its answer holds the notification.
    await ours.exec(`CREATE TABLE watched (id int);
      CREATE FUNCTION watched_tell() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('ch', 'row ' || NEW.id); RETURN NEW; END $$;
      CREATE TRIGGER watched_tell AFTER INSERT ON watched FOR EACH ROW EXECUTE FUNCTION watched_tell();
      CREATE FUNCTION add_watched(x int) RETURNS int LANGUAGE sql AS $$ INSERT INTO watched VALUES (x) RETURNING id $$;`);
    expect((await ours.query('SELECT add_watched($1) AS id', [7])).rows).toEqual([{ id: 7 }]);
    await new Promise((r) => setTimeout(r, 50));
    expect(heard).toEqual(['first', 'row 7']);
  });
});

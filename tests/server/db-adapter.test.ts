import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import { freshDatabase, testDbKind } from '../helpers/db';
import { adaptPglite, TRICKS, type TrickSwitches } from '../../src/server/db/adapter';
import { prepareStatements } from '../../src/server/db/adapter/pglite-statements';
import { nameStatements } from '../../src/server/db/adapter/pg-statements';
import { prepared } from '../../src/server/db/adapter/prepared';
import { users } from '../../src/server/db/schema';

/**
 * The database adapter's conformance (src/server/db/adapter, docs/database-adapter.md): each trick patches a driver,
 * some through its private API, so the same statements run through the patched and the unpatched driver and must give
 * the same answers. The driver versions they were last checked against are pinned: an upgrade fails here first.
 */
const CHECKED_AGAINST = { '@electric-sql/pglite': '0.5.16', pg: '8.23.1', 'drizzle-orm': '0.45.4' };

const installed = (name: string) =>
  (JSON.parse(fs.readFileSync(path.resolve('node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

describe('database adapter: driver versions', () => {
  for (const [driver, version] of Object.entries(CHECKED_AGAINST))
    it(`${driver} is the version the tricks were checked against`, () => {
      const now = installed(driver);
      expect(now, `re-check the adapter's tricks against ${driver} ${now} (checked against ${version}), then pin it here`).toBe(version);
    });
});

describe('database adapter: its list of tricks', () => {
  it('name a file of the adapter for every trick, with what it saves', () => {
    for (const trick of Object.values(TRICKS)) {
      const file = /\(([\w-]+\.ts)\)/.exec(trick.patches)?.[1];
      expect(file && fs.existsSync(path.resolve('src/server/db/adapter', file)), trick.patches).toBe(true);
      expect(trick.saves).not.toBe('');
    }
  });
});

/** A table holding every type the server reads, each also as null or empty. */
const SETUP = `CREATE TABLE t (id int PRIMARY KEY, name text, price numeric(12,2), at timestamptz, day date, ok boolean,
    tags text[], ids int[], doc jsonb, big bigint, raw bytea);
  INSERT INTO t VALUES
    (1, 'Zoë ✓ 日本', 12.50, '2026-11-27T10:00:00.123456Z', '2026-11-27', true, '{a,"b c",NULL}', '{1,2}', '{"x":[1,2]}',
      9007199254740993, '\\x00ff'),
    (2, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
    (3, '', -0.05, '-infinity', '2026-01-01', false, '{}', '{}', 'null', -1, '\\x');
  CREATE TABLE watched (id int);
  CREATE FUNCTION watched_tell() RETURNS trigger LANGUAGE plpgsql AS
    $$ BEGIN PERFORM pg_notify('ch', 'row ' || NEW.id); RETURN NEW; END $$;
  CREATE TRIGGER watched_tell AFTER INSERT ON watched FOR EACH ROW EXECUTE FUNCTION watched_tell();
  CREATE FUNCTION add_watched(x int) RETURNS int LANGUAGE sql AS $$ INSERT INTO watched VALUES (x) RETURNING id $$;`;

/** drizzle's parsers on PGlite (dates as PostgreSQL writes them): options a statement brings along. */
const DRIZZLE_LIKE: QueryOptions = { rowMode: 'array', parsers: { 1184: (v: string) => v, 1082: (v: string) => v } };

const STATEMENTS: [string, unknown[], QueryOptions?][] = [
  ['SELECT * FROM t WHERE id >= $1 ORDER BY id', [1]],
  ['SELECT * FROM t WHERE id >= $1 ORDER BY id', [1], DRIZZLE_LIKE],
  ['SELECT id, big, raw, doc FROM t WHERE id = ANY($1::int[]) ORDER BY id DESC', [[1, 3]], { rowMode: 'array' }],
  ['SELECT count(*) AS n, sum(price) AS total, max(day) AS last FROM t WHERE name IS DISTINCT FROM $1', ['x']],
  [
    'SELECT $1::bigint AS b, $2::jsonb AS j, $3::timestamptz AS at, $4::bytea AS raw',
    [123n, { a: [1] }, new Date(0), new Uint8Array([1, 2])],
  ],
  ['SELECT id FROM t WHERE id > $1', [99]],
  ['UPDATE t SET ok = $1 WHERE id = $2 RETURNING id, ok', [true, 3]],
  ['INSERT INTO t (id, name) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET name = $2 RETURNING *', [4, 'four']],
];

const settle = () => new Promise((r) => setTimeout(r, 30));

describe.each<[string, TrickSwitches]>([
  ['named statements, rows read from bytes', {}],
  ['named statements, rows by PGlite', { pgliteRows: false }],
])('database adapter on PGlite %s: the same answers as PGlite itself', (_label, tricks) => {
  let patched: PGlite;
  let plain: PGlite;
  beforeAll(async () => {
    [patched, plain] = [await PGlite.create(), await PGlite.create()];
    await adaptPglite(patched, tricks);
    for (const db of [patched, plain]) await db.exec(SETUP);
  });
  afterAll(async () => {
    await patched?.close();
    await plain?.close();
  });
  const both = async <T>(run: (db: PGlite) => Promise<T>): Promise<T> => {
    const [a, b] = [await run(patched), await run(plain)];
    expect(a).toEqual(b);
    return a;
  };

  it('answer every type, null and empty value, and every row mode alike, on every call and inside a transaction', async () => {
    for (let call = 0; call < 3; call++)
      for (const [text, params, options] of STATEMENTS) await both((db) => db.query(text, params, options));
    const namedOn = async (db: PGlite) =>
      (await db.exec("SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'gcbo_%'"))[0].rows[0];
    expect([await namedOn(patched), await namedOn(plain)]).toEqual([{ n: 7 }, { n: 0 }]);
    const raw = vi.spyOn(patched, 'execProtocolRawStream');
    await patched.query(STATEMENTS[0][0], [1]);
    expect(raw.mock.calls.length).toBe(tricks.pgliteRows === false ? 0 : 1);
    raw.mockRestore();
    const first = await both((db) => db.query<{ big: bigint; raw: Uint8Array; at: Date }>(STATEMENTS[0][0], [1]));
    expect(first.rows[0]).toMatchObject({ big: 9007199254740993n, raw: new Uint8Array([0, 255]), at: expect.any(Date) });
    await both((db) => db.transaction(async (tx) => [await tx.query(STATEMENTS[0][0], [2]), await tx.query(STATEMENTS[3][0], ['y'])]));
  });

  it("reject with the database's error and its code, and answer the same statement afterwards", async () => {
    const text = 'SELECT 10 / $1::int AS q';
    const failure = (db: PGlite) =>
      db.query(text, [0]).then(
        () => null,
        (e: { code?: string; message: string }) => [e.code, e.message],
      );
    expect(await both(failure)).toEqual(['22012', 'division by zero']);
    expect((await both((db) => db.query(text, [5]))).rows).toEqual([{ q: 2 }]);
    const unique = (db: PGlite) =>
      db.query('INSERT INTO t (id) VALUES ($1)', [1]).then(
        () => null,
        (e: { code?: string }) => e.code,
      );
    expect(await both(unique)).toBe('23505');
  });

  it('deliver pg_notify and a trigger’s notifications, also from inside a transaction, to LISTEN', async () => {
    const heard = await both(async (db) => {
      const got: string[] = [];
      const stop = await db.listen('ch', (payload) => got.push(payload));
      await db.query("SELECT pg_notify('ch', $1)", ['plain']);
      await db.transaction(async (tx) => {
        await tx.query("SELECT pg_notify('ch', $1)", ['in a transaction']);
        await tx.query('INSERT INTO watched VALUES ($1)', [1]);
      });
      expect((await db.query('SELECT add_watched($1) AS id', [7])).rows).toEqual([{ id: 7 }]);
      await settle();
      await stop();
      return got;
    });
    expect(heard).toEqual(['plain', 'in a transaction', 'row 1', 'row 7']);
  });

  it('after a table changes under a prepared statement, fail once with 0A000 and then answer as PGlite does', async () => {
    const text = 'SELECT * FROM t WHERE id > $1 ORDER BY id';
    await both((db) => db.query(text, [0]));
    for (const db of [patched, plain]) await db.exec('ALTER TABLE t ADD COLUMN note text');
    await expect(patched.query(text, [0])).rejects.toMatchObject({ code: '0A000' });
    expect((await both((db) => db.query<{ note: null }>(text, [0]))).rows[0].note).toBeNull();
  });
});

describe('database adapter on PGlite: the statement cache stays bounded', () => {
  it('keep at most `max` statements prepared (one more until the next prepare closes it), still answering', async () => {
    const db = await PGlite.create();
    try {
      prepareStatements(db, 2);
      for (let i = 1; i <= 6; i++) expect((await db.query(`SELECT $1::int + ${i} AS n`, [1])).rows).toEqual([{ n: 1 + i }]);
      const [{ rows }] = await db.exec('SELECT count(*)::int AS n FROM pg_prepared_statements');
      expect(rows).toEqual([{ n: 3 }]);
      expect((await db.query('SELECT $1::int + 1 AS n', [1])).rows).toEqual([{ n: 2 }]);
    } finally {
      await db.close();
    }
  });
});

describe.skipIf(testDbKind() !== 'postgres')('database adapter on PostgreSQL: the same answers as node-postgres itself', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let patched: pg.Pool;
  let plain: pg.Pool;
  beforeAll(async () => {
    fresh = await freshDatabase();
    [patched, plain] = [new pg.Pool({ connectionString: fresh.url, max: 1 }), new pg.Pool({ connectionString: fresh.url, max: 1 })];
    for (const pool of [patched, plain]) pool.on('error', () => {});
    nameStatements(patched, 4);
    await plain.query(SETUP);
  });
  afterAll(async () => {
    await patched?.end();
    await plain?.end();
    await fresh?.drop();
  });
  const both = async <T>(run: (pool: pg.Pool) => Promise<T>): Promise<T> => {
    const [a, b] = [await run(patched), await run(plain)];
    expect(a).toEqual(b);
    return a;
  };
  const answer = async (pool: pg.Pool, text: string, params: unknown[], rowMode?: 'array') => {
    const r = await pool.query({ text, values: params, ...(rowMode ? { rowMode } : {}) });
    return { rows: r.rows, fields: r.fields.map((f) => [f.name, f.dataTypeID]), command: r.command, rowCount: r.rowCount };
  };

  it('answer every type, null and empty value alike, named or not, on every call', async () => {
    for (let call = 0; call < 3; call++)
      for (const [text, params, options] of STATEMENTS)
        await both((pool) =>
          answer(
            pool,
            text,
            params.map((p) => (typeof p === 'bigint' ? String(p) : p)),
            options?.rowMode as 'array',
          ),
        );
    const prepared = await patched.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements');
    expect(prepared.rows[0].n).toBe(4);
  });

  it("reject with the database's error and its code", async () => {
    const failure = (pool: pg.Pool) =>
      pool.query('SELECT 10 / $1::int AS q', [0]).then(
        () => null,
        (e: { code?: string }) => e.code,
      );
    expect(await both(failure)).toBe('22012');
  });

  it('deliver pg_notify from inside a transaction to LISTEN', async () => {
    const listener = new pg.Client({ connectionString: fresh.url });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (n) => heard.push(n.payload ?? ''));
    await listener.query('LISTEN ch');
    try {
      for (const pool of [patched, plain]) {
        const c = await pool.connect();
        await c.query('BEGIN');
        await c.query("SELECT pg_notify('ch', $1)", ['in a transaction']);
        await c.query('INSERT INTO watched VALUES ($1)', [1]);
        await c.query('COMMIT');
        c.release();
      }
      await settle();
      expect(heard).toEqual(['in a transaction', 'row 1', 'in a transaction', 'row 1']);
    } finally {
      await listener.end();
    }
  });

  it('after a table changes under a named statement, fail once with 0A000 and then answer as node-postgres does', async () => {
    const text = STATEMENTS[0][0];
    await both((pool) => answer(pool, text, [0]));
    await plain.query('ALTER TABLE t ADD COLUMN note2 text');
    await expect(patched.query(text, [0])).rejects.toMatchObject({ code: '0A000' });
    await both((pool) => answer(pool, text, [0]));
  });
});

describe('database adapter: drizzle statements kept per handle', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    fresh = await freshDatabase();
  });
  afterAll(async () => {
    await fresh?.drop();
  });

  it('answer each value as the statement built afresh does, inside a transaction too', async () => {
    const { db } = fresh.database;
    await db.insert(users).values([
      { name: 'Ann', email: 'ann@x.test', role: 'seller', passwordHash: 'x' },
      { name: 'Bob', email: 'bob@x.test', role: 'manager', passwordHash: 'x' },
    ]);
    const columns = { id: users.id, name: users.name, role: users.role, createdAt: users.createdAt };
    const kept = (tx: typeof db) =>
      prepared(tx, 'adapter_user_by_email', (t) =>
        t
          .select(columns)
          .from(users)
          .where(eq(users.email, sql.placeholder('email')))
          .prepare('adapter_user_by_email'),
      );
    for (const email of ['ann@x.test', 'bob@x.test', 'nobody@x.test', 'ann@x.test']) {
      const afresh = await db.select(columns).from(users).where(eq(users.email, email));
      expect(await kept(db).execute({ email })).toEqual(afresh);
      expect(await db.transaction((tx) => kept(tx as typeof db).execute({ email }))).toEqual(afresh);
    }
    expect(kept(db)).toBe(kept(db));
  });
});

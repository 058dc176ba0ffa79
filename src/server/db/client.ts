import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import * as schema from './schema';
import { runMigrations } from './migrate';
import { pinReportTz } from './report-tz';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A database or a transaction: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL and returns its rows. */
  query<T = Record<string, unknown>>(q: SQL): Promise<T[]>;
  close(): Promise<void>;
  /** PGlite only: the data directory as one gzipped tar, taken between two queries (a consistent snapshot). */
  dumpDataDir?: () => Promise<Blob>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  reportTz: string;
  /** A database whose report days were counted in another zone: refuse to open (default) or rebuild them. */
  onReportTzMismatch?: 'refuse' | 'rebuild';
  poolSize?: number;
  /** How long a request waits for a free pooled connection before answering 503. */
  connectTimeoutMs?: number;
}

/** After a failed transaction: the connection still answers and is outside any transaction. */
async function healthy(conn: { query: (text: string) => Promise<{ rows: { ok: boolean }[] }> }): Promise<boolean> {
  try {
    const r = await conn.query('SELECT now() = statement_timestamp() AS ok');
    return r.rows[0]?.ok === true;
  } catch {
    return false;
  }
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  let database: Database;
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    // Named prepared statements (hot reads) keep one generic plan instead of re-planning per call.
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: opts.connectTimeoutMs ?? 10_000,
      options: '-c plan_cache_mode=force_generic_plan',
    });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    // A checked-out client (mid-transaction) whose connection drops emits 'error' on itself; unhandled, that
    // would crash the process. The query in flight fails too and the request answers 503. The client is
    // remembered as broken so that it is destroyed, not handed out again.
    const broken = new WeakSet<object>();
    pool.on('connect', (client) => client.on('error', () => broken.add(client)));
    const db = drizzle(pool, { schema }) as unknown as Db;
    // Drizzle's pool transaction never releases its client when BEGIN fails, and releases a broken one
    // as healthy; after a dropped connection that leaks pool slots. Run each transaction on a client we
    // check out and release ourselves, destroying it when its connection failed.
    (db as { transaction: unknown }).transaction = async (fn: (tx: never) => Promise<unknown>, config?: unknown) => {
      const conn = await pool.connect();
      let failure: Error | undefined;
      try {
        return await (drizzle(conn, { schema }) as unknown as Db).transaction(fn as never, config as never);
      } catch (err) {
        failure = err as Error;
        throw err;
      } finally {
        // A connection error, or a failed ROLLBACK that left the session in a transaction, destroys the client.
        conn.release(failure && (broken.has(conn) || !(await healthy(conn))) ? failure : undefined);
      }
    };
    await runMigrations(async (fn) => {
      const conn = await pool.connect();
      try {
        await conn.query('BEGIN');
        await fn(async (text, params) => (await conn.query(text, params)).rows);
        await conn.query('COMMIT');
      } catch (err) {
        await conn.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        conn.release();
      }
    });
    database = {
      db,
      kind: 'postgres',
      query: async (q) => ((await db.execute(q)) as unknown as { rows: never[] }).rows,
      close: () => pool.end(),
    };
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const fs = await import('node:fs');
    const path = await import('node:path');
    // dataDir ':memory:' keeps the database in memory (tests).
    let client;
    if (opts.dataDir === ':memory:') {
      client = await PGlite.create();
    } else {
      const dir = path.resolve(opts.dataDir, 'pglite');
      fs.mkdirSync(dir, { recursive: true });
      client = await PGlite.create(dir);
    }
    const db = drizzle(client, { schema }) as unknown as Db;
    await runMigrations((fn) =>
      client.transaction(async (tx) => {
        await fn(
          async (text, params) =>
            (params ? (await tx.query(text, params)).rows : ((await tx.exec(text)).at(-1)?.rows ?? [])) as Record<string, unknown>[],
        );
      }),
    );
    database = {
      db,
      kind: 'pglite',
      query: async (q) => ((await db.execute(q)) as unknown as { rows: never[] }).rows,
      close: () => client.close(),
      dumpDataDir: () => client.dumpDataDir('gzip'),
    };
  }
  try {
    await pinReportTz(database, opts.reportTz, opts.onReportTzMismatch);
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
  return database;
}

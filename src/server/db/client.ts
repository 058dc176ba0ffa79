import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { LIMITS } from '../../shared/limits';
import * as schema from './schema';
import { runMigrations, type MigrateOptions } from './migrate';
import { pinReportTz } from './report-tz';
import { makePrivate, privateDir } from '../private-files';

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
  /**
   * LISTEN on channels, each with its handler (PostgreSQL: one dedicated connection for all of them, reconnected when
   * lost; `onReconnect` then says that notifications may have been missed). Resolves to the function that stops listening.
   */
  listen(channels: Record<string, (payload: string) => void>, onReconnect?: () => void): Promise<() => Promise<void>>;
  /** A connection of its own (PostgreSQL; PGlite: its one session) for session state such as advisory locks. */
  session(): Promise<DbSession>;
}

export interface DbSession {
  query(text: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
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
  /** Migrations: where they report, and (tests) the last one to apply. */
  migrate?: MigrateOptions;
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

/**
 * One dedicated connection LISTENing on the given channels (the process's one listener, however many streams are open);
 * when it drops it reconnects (1 s, then up to 10 s apart).
 */
async function listenOn(
  pg: typeof import('pg').default,
  url: string,
  channels: Record<string, (payload: string) => void>,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  for (const channel of Object.keys(channels)) if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel name ${channel}`);
  let stopped = false;
  let client: import('pg').Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  let delay = 1000;
  const schedule = () => {
    if (stopped) return;
    retry = setTimeout(() => {
      connect().then(
        () => onReconnect?.(),
        () => schedule(),
      );
    }, delay);
    delay = Math.min(delay * 2, LIMITS.database.reconnectMaxMs.value);
  };
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      if (Object.hasOwn(channels, n.channel) && n.payload !== undefined) channels[n.channel](n.payload);
    });
    let up = false;
    const lost = () => {
      if (!up || client !== c) return;
      client = null;
      c.end().catch(() => {});
      schedule();
    };
    c.on('error', lost);
    c.on('end', lost);
    try {
      await c.connect();
      for (const channel of Object.keys(channels)) await c.query(`LISTEN ${channel}`);
    } catch (err) {
      c.end().catch(() => {});
      throw err;
    }
    if (stopped) {
      await c.end().catch(() => {});
      return;
    }
    up = true;
    client = c;
    delay = 1000;
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  let database: Database;
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    // The default plan mode: a list's bound values are planned for (a LIKE pattern, a rare status), docs/lists.md. No
    // JIT: every statement here is short, and compiling one (when a row estimate crosses jit_above_cost, e.g. the
    // duplicate counts of a 25-row page) costs more than 10 ms to save microseconds.
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? LIMITS.database.poolSize.value,
      connectionTimeoutMillis: opts.connectTimeoutMs ?? LIMITS.database.connectMs.value,
      options: '-c jit=off',
    });
    // Each statement text parsed once per connection, its plan cached by PostgreSQL (pg-statements.ts).
    (await import('./pg-statements')).nameStatements(pool);
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
    }, opts.migrate);
    const listeners = new Set<() => Promise<void>>();
    database = {
      db,
      kind: 'postgres',
      query: async (q) => ((await db.execute(q)) as unknown as { rows: never[] }).rows,
      close: async () => {
        await Promise.all([...listeners].map((stop) => stop()));
        await pool.end();
      },
      session: async () => {
        const c = new pg.Client({ connectionString: opts.databaseUrl });
        c.on('error', () => {});
        await c.connect();
        let closed = false;
        const close = async () => {
          if (closed) return;
          closed = true;
          listeners.delete(close);
          await c.end().catch(() => {});
        };
        listeners.add(close);
        return { query: async (text, params) => (await c.query(text, params)).rows, close };
      },
      listen: async (channels, onReconnect) => {
        const stop = await listenOn(pg, opts.databaseUrl!, channels, onReconnect);
        const remove = async () => {
          listeners.delete(remove);
          await stop();
        };
        listeners.add(remove);
        return remove;
      },
    };
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    // Trigram indexes for the lists' substring searches (migration 0023); PostgreSQL ships the extension too.
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const extensions = { pg_trgm };
    const { drizzle } = await import('drizzle-orm/pglite');
    const path = await import('node:path');
    // dataDir ':memory:' keeps the database in memory (tests).
    let client;
    if (opts.dataDir === ':memory:') {
      client = await PGlite.create({ extensions });
    } else {
      const dir = path.resolve(opts.dataDir, 'pglite');
      privateDir(path.resolve(opts.dataDir));
      privateDir(dir);
      client = await PGlite.create(dir, { extensions });
      // PGlite lays out its files 0666 (those the database creates later are 0600): owner-only from here on.
      makePrivate(dir);
    }
    const db = drizzle(client, { schema }) as unknown as Db;
    await runMigrations(
      (fn) =>
        client.transaction(async (tx) => {
          await fn(
            async (text, params) =>
              (params ? (await tx.query(text, params)).rows : ((await tx.exec(text)).at(-1)?.rows ?? [])) as Record<string, unknown>[],
          );
        }),
      opts.migrate,
    );
    // Each statement text parsed once, its plan cached by PostgreSQL (pglite-statements.ts).
    (await import('./pglite-statements')).prepareStatements(client);
    database = {
      db,
      kind: 'pglite',
      query: async (q) => ((await db.execute(q)) as unknown as { rows: never[] }).rows,
      close: () => client.close(),
      dumpDataDir: () => client.dumpDataDir('gzip'),
      session: async () => ({
        query: async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows,
        close: async () => {},
      }),
      listen: async (channels) => {
        const stops: (() => Promise<void>)[] = [];
        for (const [channel, onPayload] of Object.entries(channels)) stops.push(await client.listen(channel, onPayload));
        return async () => {
          if (!client.closed) for (const stop of stops) await stop();
        };
      },
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

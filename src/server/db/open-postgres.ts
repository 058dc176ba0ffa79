import type { Pool, PoolClient } from 'pg';
import { LIMITS } from '../../shared/limits';
import * as schema from './schema';
import { runMigrations } from './migrate';
import { listenOn } from './pg-listen';
import { adaptPostgres } from './adapter';
import type { Database, DatabaseOptions, Db } from './client';

type Pg = typeof import('pg').default;

/**
 * The pool. The default plan mode: a list's bound values are planned for (a LIKE pattern, a rare status),
 * docs/lists.md. No JIT: every statement here is short, and compiling one (when a row estimate crosses
 * jit_above_cost, e.g. the duplicate counts of a 25-row page) costs more than 10 ms to save microseconds.
 */
function openPool(pg: Pg, url: string, opts: DatabaseOptions): Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolSize ?? LIMITS.database.poolSize.value,
    connectionTimeoutMillis: opts.connectTimeoutMs ?? LIMITS.database.connectMs.value,
    options: '-c jit=off',
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  return pool;
}

/** The migrations, in one transaction on one pooled connection. */
async function migrate(pool: Pool, opts: DatabaseOptions): Promise<void> {
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
}

/** Connections of their own (sessions, the listener), ended when the database closes. */
function ownConnections(pg: Pg, url: string) {
  const open = new Set<() => Promise<void>>();
  const track = (stop: () => Promise<void>) => {
    const remove = async () => {
      if (!open.delete(remove)) return;
      await stop();
    };
    open.add(remove);
    return remove;
  };
  return {
    session: async () => {
      const c = new pg.Client({ connectionString: url });
      c.on('error', () => {});
      await c.connect();
      const close = track(() => c.end().catch(() => {}));
      return { query: async (text: string, params?: unknown[]) => (await c.query(text, params)).rows, close };
    },
    listen: async (channels: Record<string, (payload: string) => void>, onReconnect?: () => void) =>
      track(await listenOn(pg, url, channels, onReconnect)),
    closeAll: () => Promise.all([...open].map((stop) => stop())),
  };
}

export async function openPostgres(url: string, opts: DatabaseOptions): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = openPool(pg, url, opts);
  const db = drizzle(pool, { schema }) as unknown as Db;
  await adaptPostgres(pool, db, (conn: PoolClient) => drizzle(conn, { schema }) as never, opts.tricks);
  await migrate(pool, opts);
  const own = ownConnections(pg, url);
  return {
    db,
    kind: 'postgres',
    query: async (q) => ((await db.execute(q)) as unknown as { rows: never[] }).rows,
    close: async () => {
      await own.closeAll();
      await pool.end();
    },
    session: own.session,
    listen: own.listen,
  };
}

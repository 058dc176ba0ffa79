import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import type * as schema from './schema';
import type { MigrateOptions } from './migrate';
import type { TrickSwitches } from './adapter';
import { pinReportTz } from './report-tz';
import { openPostgres } from './open-postgres';
import { openPglite } from './open-pglite';

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
  /** dataDir ':memory:' only: start from this dump of a database (tests: one already migrated, instead of migrating anew). */
  loadDataDir?: Blob;
  reportTz: string;
  /** A database whose report days were counted in another zone: refuse to open (default) or rebuild them. */
  onReportTzMismatch?: 'refuse' | 'rebuild';
  poolSize?: number;
  /** How long a request waits for a free pooled connection before answering 503. */
  connectTimeoutMs?: number;
  /** Migrations: where they report, and (tests) the last one to apply. */
  migrate?: MigrateOptions;
  /** Driver tricks to switch off (the bench's before/after; db/adapter): all on by default. */
  tricks?: TrickSwitches;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  const database = opts.databaseUrl ? await openPostgres(opts.databaseUrl, opts) : await openPglite(opts);
  try {
    await pinReportTz(database, opts.reportTz, opts.onReportTzMismatch);
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
  return database;
}

import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';

/** A raw SQL connection for the generator and the checks: PostgreSQL (one client) or PGlite, same SQL. */
export interface BenchSql {
  kind: 'postgres' | 'pglite';
  /** Runs SQL text (several statements allowed, no parameters). */
  exec(text: string): Promise<void>;
  rows<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export async function postgresSql(url: string): Promise<BenchSql> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    kind: 'postgres',
    exec: async (text) => void (await client.query(text)),
    rows: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
    close: () => client.end(),
  };
}

export async function pgliteSql(dir: string): Promise<BenchSql> {
  const { PGlite: Lite } = await import('@electric-sql/pglite');
  // The schema's trigram indexes need the extension (migration 0023), as in the server.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db: PGlite = await Lite.create(dir, { extensions: { pg_trgm } });
  return {
    kind: 'pglite',
    exec: async (text) => void (await db.exec(text)),
    rows: async <T>(text: string, params?: unknown[]) => (await db.query<T>(text, params)).rows,
    close: () => db.close(),
  };
}

/** The URL of another database on the same PostgreSQL server. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

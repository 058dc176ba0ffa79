import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/client';
import { fillIdentifierKeys } from '../../src/server/db/identifier-keys';
import { migratedPglite } from './pglite-template';

/** Which database the server tests run on: TEST_DB=postgres (needs DATABASE_URL) or pglite (default). */
export const testDbKind = (): 'pglite' | 'postgres' => (process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');

/** A fresh database for one test file: in-memory PGlite, or a new PostgreSQL database dropped afterwards. */
export async function freshDatabase(reportTz = 'UTC'): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  if (testDbKind() === 'pglite') {
    const database = await openDatabase({ dataDir: ':memory:', reportTz, loadDataDir: await migratedPglite(reportTz) });
    return { database, drop: () => database.close() };
  }
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  const name = `gcbo_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  const url = u.toString();
  const database = await openDatabase({ databaseUrl: url, dataDir: ':memory:', reportTz, poolSize: 20 });
  return {
    database,
    url,
    drop: async () => {
      await database.close().catch(() => {});
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await c.end();
    },
  };
}

/** After rows written by SQL alone: their card number and payout code keys, as the server writes them. */
export async function fillKeys(database: Database): Promise<void> {
  const session = await database.session();
  try {
    await fillIdentifierKeys(session.query);
  } finally {
    await session.close();
  }
}

import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../src/server/db/client';
import { postgresSql, pgliteSql, quoteIdent, withDatabase, type BenchSql } from './sql';

/**
 * The bench's own databases: `gcbo_bench_<size>` on the PostgreSQL server, `bench/data/pglite-<size>` for PGlite.
 * `BENCH_DB_PREFIX` (default `gcbo_bench`) lets two checkouts run the bench on one server without sharing a database.
 */
const prefix = process.env.BENCH_DB_PREFIX ?? 'gcbo_bench';
export const pgDatabaseName = (label: string) => `${prefix}_${label}`;
export const pgliteDataDir = (label: string) => path.resolve('bench/data', `pglite-${label}`);

/** The number of cards a previous run generated into this database (its marker), or null. */
async function generatedSize(db: BenchSql): Promise<number | null> {
  const r = await db.rows<{ value: string }>(`SELECT value FROM app_settings WHERE key = 'bench_cards'`).catch(() => []);
  return r[0] ? Number(r[0].value) : null;
}

export interface Prepared {
  sql: BenchSql;
  reused: boolean;
  url?: string;
  dataDir?: string;
}

/** Drops and recreates the bench database (only ours, by name), applies the migrations; keeps it when reuse finds it complete. */
export async function preparePostgres(baseUrl: string, label: string, cards: number, reuse: boolean): Promise<Prepared> {
  const name = pgDatabaseName(label);
  const url = withDatabase(baseUrl, name);
  const admin = await postgresSql(baseUrl);
  try {
    const exists = (await admin.rows(`SELECT 1 FROM pg_database WHERE datname = $1`, [name])).length > 0;
    if (exists && reuse) {
      const db = await postgresSql(url);
      if ((await generatedSize(db)) === cards) return { sql: db, reused: true, url };
      await db.close();
    }
    await admin.exec(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
    await admin.exec(`CREATE DATABASE ${quoteIdent(name)}`);
  } finally {
    await admin.close();
  }
  const migrated = await openDatabase({ databaseUrl: url, dataDir: '.', reportTz: 'UTC', poolSize: 1 });
  await migrated.close();
  return { sql: await postgresSql(url), reused: false, url };
}

export async function preparePglite(label: string, cards: number, reuse: boolean): Promise<Prepared> {
  const dataDir = pgliteDataDir(label);
  if (reuse && fs.existsSync(path.join(dataDir, 'pglite'))) {
    const db = await pgliteSql(path.join(dataDir, 'pglite'));
    if ((await generatedSize(db)) === cards) return { sql: db, reused: true, dataDir };
    await db.close();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  const migrated = await openDatabase({ dataDir, reportTz: 'UTC' });
  await migrated.close();
  return { sql: await pgliteSql(path.join(dataDir, 'pglite')), reused: false, dataDir };
}

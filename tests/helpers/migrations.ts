import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/client';
import { testDbKind } from './db';

/**
 * Databases as an older version left them, for migration tests: `freshPlace()` makes one fresh place (a PGlite folder,
 * or a new PostgreSQL database) and answers a function that opens it migrated up to a given file (all when none).
 */
export function migrationPlaces() {
  const cleanups: (() => Promise<void>)[] = [];

  /** Opens one fresh database (PGlite in a folder, or a new PostgreSQL database) as often as asked, up to a migration. */
  async function freshPlace(): Promise<(upTo?: string, log?: (line: string) => void) => Promise<Database>> {
    if (testDbKind() === 'pglite') {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gcbo-mig-'));
      cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
      return (upTo, log) => openDatabase({ dataDir: dir, reportTz: 'UTC', migrate: { upTo, log } });
    }
    const base = process.env.DATABASE_URL!;
    const name = `gcbo_mig_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    });
    const u = new URL(base);
    u.pathname = `/${name}`;
    return (upTo, log) => openDatabase({ databaseUrl: u.toString(), dataDir: ':memory:', reportTz: 'UTC', migrate: { upTo, log } });
  }
  const cleanup = async () => {
    for (const c of cleanups.reverse()) await c();
  };
  /** Runs at cleanup, before the places go (a database to close). */
  const later = (fn: () => Promise<void>) => cleanups.push(fn);
  return { freshPlace, cleanup, later };
}

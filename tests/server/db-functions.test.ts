import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { FUNCTION_FILES } from '../../src/server/db/migrate';
import { migrationPlaces } from '../helpers/migrations';

const DB_DIR = path.join(__dirname, '../../src/server/db');

/** Every function and trigger of ours in the database, with its definition as PostgreSQL prints it. */
const CATALOG = `
  SELECT 'function ' || p.proname AS name, pg_get_functiondef(p.oid) AS def
    FROM pg_proc p
   WHERE p.pronamespace = 'public'::regnamespace
     AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
  UNION ALL
  SELECT 'trigger ' || t.tgname || ' on ' || t.tgrelid::regclass::text, pg_get_triggerdef(t.oid) || ' enabled ' || t.tgenabled::text
    FROM pg_trigger t
   WHERE NOT t.tgisinternal
   ORDER BY 1`;

const DROP_ALL = `DO $$
DECLARE f regprocedure;
BEGIN
  FOR f IN SELECT p.oid::regprocedure FROM pg_proc p
            WHERE p.pronamespace = 'public'::regnamespace
              AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e') LOOP
    EXECUTE format('DROP FUNCTION %s CASCADE', f);
  END LOOP;
END $$`;

async function inSession<T>(database: Database, fn: (query: (text: string) => Promise<Record<string, unknown>[]>) => Promise<T>) {
  const session = await database.session();
  try {
    return await fn((text) => session.query(text));
  } finally {
    await session.close();
  }
}

async function catalog(open: () => Promise<Database>): Promise<Map<string, string>> {
  const database = await open();
  try {
    return await inSession(database, async (q) => new Map((await q(CATALOG)).map((r) => [r.name as string, r.def as string])));
  } finally {
    await database.close();
  }
}

describe('database functions and triggers live in src/server/db/functions, one file each', () => {
  const places = migrationPlaces();
  afterAll(() => places.cleanup());

  it('lists every file once, each defines its own function with CREATE OR REPLACE, and no migration defines one', () => {
    const files = fs.readdirSync(path.join(DB_DIR, 'functions')).map((f) => f.replace(/\.sql$/, ''));
    expect([...FUNCTION_FILES].sort()).toEqual(files.sort());
    for (const name of FUNCTION_FILES) {
      const text = fs.readFileSync(path.join(DB_DIR, 'functions', `${name}.sql`), 'utf8');
      expect(text.match(/CREATE (OR REPLACE )?FUNCTION (\w+)/g), name).toEqual([`CREATE OR REPLACE FUNCTION ${name}`]);
      expect(text.match(/CREATE (OR REPLACE )?TRIGGER/g)?.every((c) => c.includes('OR REPLACE')) ?? true, name).toBe(true);
    }
    // Migrations may only drop one (docs/database-functions.md); 0029_baseline.sql holds none of 0001-0029's.
    for (const f of fs.readdirSync(path.join(DB_DIR, 'migrations'))) {
      const defines = /CREATE\s+(OR\s+REPLACE\s+)?(FUNCTION|TRIGGER)/i.test(fs.readFileSync(path.join(DB_DIR, 'migrations', f), 'utf8'));
      expect(defines, `${f} defines a function or trigger: its home is a file in src/server/db/functions`).toBe(false);
    }
  });

  it('a migrated database holds exactly the files: the same at the next start, and rebuilt from them alone', async () => {
    const open = await places.freshPlace();
    const migrated = await catalog(open);
    const functions = [...migrated.keys()].filter((k) => k.startsWith('function ')).map((k) => k.slice('function '.length));
    expect(functions.sort(), 'functions defined only by a migration, or files defining none').toEqual([...FUNCTION_FILES].sort());
    expect([...migrated.keys()].filter((k) => k.startsWith('trigger ')).length).toBeGreaterThan(0);

    expect(await catalog(open)).toEqual(migrated);

    const database = await open();
    await inSession(database, async (q) => {
      await q(DROP_ALL);
      expect((await q(CATALOG)).length).toBe(0);
    });
    await database.close();
    expect(await catalog(open)).toEqual(migrated);
  });
});

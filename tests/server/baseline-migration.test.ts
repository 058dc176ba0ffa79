import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { FUNCTION_FILES, SQUASHED } from '../../src/server/db/migrate';
import { migrationPlaces } from '../helpers/migrations';

/**
 * Migrations 0001-0029 are one file now, 0029_baseline.sql (docs/database-functions.md, "The baseline"). A database
 * made before has their names in schema_migrations: one that went through 0029 takes the baseline as applied, one
 * that stopped before it refuses to start and says which release to start it with first.
 */
const { freshPlace, cleanup, later } = migrationPlaces();
afterAll(cleanup);

const recorded = async (db: Database) =>
  (await db.query<{ name: string }>(sql`SELECT name FROM schema_migrations ORDER BY name`)).map((r) => r.name);

async function recordAs(db: Database, names: string[]) {
  await db.query(sql`DELETE FROM schema_migrations`);
  await db.query(
    sql`INSERT INTO schema_migrations (name) VALUES ${sql.join(
      names.map((n) => sql`(${n})`),
      sql`, `,
    )}`,
  );
}

describe('the baseline: migrations 0001-0029 squashed', () => {
  it('a new database records the names the baseline replaces, so an older release finds its migrations applied', async () => {
    const open = await freshPlace();
    const db = await open();
    later(() => db.close());
    const names = await recorded(db);
    expect(names.slice(0, SQUASHED.length + 1)).toEqual([...SQUASHED, '0029_baseline.sql']);
    expect(names).toContain('0041_seller_links.sql');
  }, 180_000);

  it('a database that went through 0029 keeps its tables and rows, never runs the baseline, and takes what follows', async () => {
    const open = await freshPlace();
    // The tables as 0029 left them, recorded under the old names, as a server of the previous release left them.
    const old = await open('0029_baseline.sql');
    await recordAs(old, SQUASHED);
    await old.query(sql`INSERT INTO users (name, email, password_hash, role) VALUES ('Old', 'old@example.com', 'x', 'seller')`);
    await old.close();

    const log: string[] = [];
    const db = await open(undefined, (line) => log.push(line));
    later(() => db.close());
    expect(log).toEqual(['Migrations: this database went through 0001-0029, which are 0029_baseline.sql now: recorded as applied']);
    const names = await recorded(db);
    expect(names).toContain('0029_baseline.sql');
    expect(names).toContain('0041_seller_links.sql');
    expect(names.filter((n) => SQUASHED.includes(n))).toHaveLength(SQUASHED.length);
    expect(await db.query(sql`SELECT name FROM users WHERE email = 'old@example.com'`)).toEqual([{ name: 'Old' }]);
    const functions = await db.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace
            AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')`,
    );
    expect(functions[0]!.n).toBe(FUNCTION_FILES.length);
  }, 180_000);

  it('a database that stopped before 0029 refuses to start, and names the release to start it with first', async () => {
    const open = await freshPlace();
    const old = await open('0029_baseline.sql');
    await recordAs(old, SQUASHED.slice(0, SQUASHED.indexOf('0025_review_queue.sql') + 1));
    await old.close();

    const refusal = /stopped at migration 0025_review_queue\.sql.*no longer carries migrations 0001-0029.*commit [0-9a-f]{40} of main/;
    await expect(open()).rejects.toThrow(refusal);
    // Nothing was recorded: the next start refuses the same.
    await expect(open()).rejects.toThrow(refusal);
  }, 180_000);
});

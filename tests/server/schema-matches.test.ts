import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../src/server/db/schema';
import type { Database } from '../../src/server/db/client';
import { freshDatabase } from '../helpers/db';

/**
 * db/schema.ts restates, for Drizzle's typed queries, what the migrations create. This keeps the two from drifting:
 * every table and column the schema names exists after the migrations, with the same type and nullability.
 */
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
});
afterAll(async () => drop());

const tables = Object.values(schema as Record<string, unknown>).filter((v): v is PgTable => is(v, PgTable));

describe('db/schema.ts matches the migrated database', () => {
  it('names real tables', () => expect(tables.length).toBeGreaterThan(10));

  it('every column: same name, type and nullability', async () => {
    const rows = await database.query<{
      table_name: string;
      column_name: string;
      data_type: string;
      udt_name: string;
      is_nullable: string;
    }>(
      sql`SELECT table_name, column_name, data_type, udt_name, is_nullable FROM information_schema.columns WHERE table_schema = current_schema()`,
    );
    const actual = new Map(rows.map((r) => [`${r.table_name}.${r.column_name}`, r]));
    const mismatches: string[] = [];
    for (const table of tables) {
      const config = getTableConfig(table);
      for (const column of config.columns) {
        const key = `${config.name}.${column.name}`;
        const found = actual.get(key);
        if (!found) {
          mismatches.push(`${key}: not in the database`);
          continue;
        }
        const declared = column
          .getSQLType()
          .replace(/\(.*\)/, '')
          .replace(/^serial$/, 'integer')
          .replace(/^bigserial$/, 'bigint');
        const real = found.data_type === 'ARRAY' ? `${found.udt_name.replace(/^_/, '')}[]` : found.data_type;
        if (!sameType(declared, real)) mismatches.push(`${key}: schema says ${declared}, database has ${real}`);
        if (column.notNull !== (found.is_nullable === 'NO')) mismatches.push(`${key}: schema says notNull=${column.notNull}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});

const sameType = (declared: string, real: string): boolean => declared.toLowerCase() === real.toLowerCase();

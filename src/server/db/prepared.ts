import type { SQL } from 'drizzle-orm';
import type { Tx } from './client';

const cache = new WeakMap<object, Map<string, unknown>>();

/**
 * A named prepared statement, built once per database handle. Hot reads (every list page, every card)
 * then skip drizzle's query building and PostgreSQL's parsing; node-postgres prepares the name once per
 * connection. The name must always go with the same SQL text.
 */
export function prepared<T>(tx: Tx, name: string, build: (tx: Tx) => T): T {
  let byName = cache.get(tx);
  if (!byName) cache.set(tx, (byName = new Map()));
  let statement = byName.get(name) as T | undefined;
  if (!statement) byName.set(name, (statement = build(tx)));
  return statement;
}

/**
 * A named prepared statement over raw SQL: `fields` (each a column of the answer) selected `from` a raw FROM clause
 * (joins included) `where` a raw condition, with `sql.placeholder(...)` for the values. The statement's plan is cached per connection, as page 1's are; use it
 * only for shapes whose generic plan is right whatever the values (an index gives the filter and the order).
 */
export function preparedSelect<T extends Record<string, unknown>>(
  tx: Tx,
  name: string,
  fields: { [K in keyof T]: SQL<T[K]> },
  from: SQL,
  where?: SQL,
): { execute: (values: Record<string, unknown>) => Promise<T[]> } {
  return prepared(tx, name, (t) =>
    t
      .select(fields as Record<string, SQL>)
      .from(from)
      .where(where)
      .prepare(name),
  ) as unknown as { execute: (values: Record<string, unknown>) => Promise<T[]> };
}

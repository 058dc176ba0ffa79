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

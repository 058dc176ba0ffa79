import type { Tx } from '../client';

const cache = new WeakMap<object, Map<string, unknown>>();

/**
 * A drizzle prepared statement, built once per database handle (or transaction). Hot reads (the token lookup of every
 * request, a card, the counters) then skip drizzle's query building: 0.7 ms of CPU for those three statements
 * (docs/database-adapter.md). node-postgres prepares the name once per connection. The name must always go with the
 * same SQL text.
 */
export function prepared<T>(tx: Tx, name: string, build: (tx: Tx) => T): T {
  let byName = cache.get(tx);
  if (!byName) cache.set(tx, (byName = new Map()));
  let statement = byName.get(name) as T | undefined;
  if (!statement) byName.set(name, (statement = build(tx)));
  return statement;
}

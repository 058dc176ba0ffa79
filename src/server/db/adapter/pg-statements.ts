import { createHash } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';

/**
 * Each distinct parameterised statement a pooled connection runs becomes a named prepared statement (named by a hash
 * of its text), as on PGlite (pglite-statements.ts): parsed once per connection, then PostgreSQL's plan cache in the
 * default mode (custom plans for the first runs, a generic plan only when it costs no more). node-postgres sends an
 * unnamed statement otherwise, parsed and planned on every call: a list page cost the database twice the CPU of the
 * prepared page it replaced (docs/lists.md). At most `max` statements a connection; later texts go unnamed, so a
 * connection's memory stays bounded without deallocating anything mid-transaction.
 */
export function nameStatements(pool: Pool, max = 200): void {
  pool.on('connect', (client: PoolClient) => {
    const named = new Set<string>();
    const changed = new Set<string>();
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
      const object =
        config !== null && typeof config === 'object' ? (config as { text?: unknown; name?: unknown; values?: unknown[] }) : null;
      const text = typeof config === 'string' ? config : object?.text;
      const params = Array.isArray(values) ? values : object?.values;
      const plain = typeof config === 'string' || (object !== null && !object.name && !('submit' in object));
      if (!plain || typeof text !== 'string' || !params?.length) return query(config, values, callback);
      const name = `s${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
      if (changed.has(name) || (!named.has(name) && named.size >= max)) return query(config, values, callback);
      named.add(name);
      // A table changed under the statement ("cached plan must not change result type"): unnamed from now on.
      const seen = (err: { code?: string } | null | undefined) => err?.code === '0A000' && changed.add(name);
      const withName = { ...(object ?? { text }), name };
      if (typeof callback === 'function')
        return query(withName, values, (err: { code?: string } | null, res: unknown) => {
          seen(err);
          (callback as (e: unknown, r: unknown) => void)(err, res);
        });
      return (query(withName, values) as Promise<unknown>).catch((err: { code?: string }) => {
        seen(err);
        throw err;
      });
    };
  });
}

import type { Pool, PoolClient } from 'pg';

/** After a failed transaction: the connection still answers and is outside any transaction. */
async function healthy(conn: PoolClient): Promise<boolean> {
  try {
    const r = await conn.query<{ ok: boolean }>('SELECT now() = statement_timestamp() AS ok');
    return r.rows[0]?.ok === true;
  } catch {
    return false;
  }
}

type Transaction = (fn: (tx: never) => Promise<unknown>, config?: unknown) => Promise<unknown>;

/**
 * Drizzle's pool transaction never releases its client when BEGIN fails, and releases a broken one as healthy; after a
 * dropped connection that leaks pool slots. Here each transaction runs on a client checked out and released by us
 * (drizzle over that one client, `onClient`), destroyed when its connection failed or a failed ROLLBACK left it in a
 * transaction. A checked-out client whose connection drops emits 'error' on itself: remembered as broken (unhandled,
 * the 'error' would crash the process; the query in flight fails and the request answers 503).
 */
export function releaseTransactionClients(
  pool: Pool,
  db: { transaction: unknown },
  onClient: (conn: PoolClient) => { transaction: Transaction },
): void {
  const broken = new WeakSet<object>();
  pool.on('connect', (client) => client.on('error', () => broken.add(client)));
  db.transaction = async (fn: (tx: never) => Promise<unknown>, config?: unknown) => {
    const conn = await pool.connect();
    let failure: Error | undefined;
    try {
      return await onClient(conn).transaction(fn, config);
    } catch (err) {
      failure = err as Error;
      throw err;
    } finally {
      conn.release(failure && (broken.has(conn) || !(await healthy(conn))) ? failure : undefined);
    }
  };
}

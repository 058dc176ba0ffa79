import type { PGlite } from '@electric-sql/pglite';
import type { Pool, PoolClient } from 'pg';

/**
 * Every driver-specific trick lives in this folder; db/client.ts only composes them. Each one patches a driver, some
 * through private APIs, so tests/server/db-adapter.test.ts pins the driver versions they were checked against and runs
 * the same statements through the patched and the unpatched driver: a driver upgrade fails that test, not a user
 * (docs/database-adapter.md). Figures and how they were measured: docs/database-adapter.md.
 */
export const TRICKS = {
  pgliteStatements: {
    patches: "PGlite's client.query and client.transaction (pglite-statements.ts)",
    privateApi: '_checkReady, _runExclusiveQuery, _runExclusiveTransaction; protocol.serialize, execProtocolStream, parse.*',
    saves: 'each statement text parsed and planned once, not every call: gift-card?page=1 at 10k, 8.5 ms to 1.6 ms CPU',
  },
  pgliteRows: {
    patches: "PGlite's answer to a SELECT, decoded from its wire bytes (pglite-rows.ts), under pgliteStatements",
    privateApi: 'execProtocolRawStream, protocol.Parser, messages.*',
    saves: "PGlite's parser copies every field before decoding it: page 1's row statement 1.27 to 0.71 ms CPU a call",
  },
  pgStatements: {
    patches: "node-postgres's client.query on each pooled client (pg-statements.ts)",
    privateApi: 'none (a `name` on the query config), but replaces the method',
    saves: 'each statement text parsed once a connection: a list page 0.41 to 0.21 ms of database CPU at 1M',
  },
  drizzlePrepared: {
    patches: "nothing: drizzle's public .prepare(name), kept per database handle (prepared.ts)",
    privateApi: 'none',
    saves: "drizzle's query building: token lookup + card view + counter, 1.1 to 0.4 ms CPU (both drivers)",
  },
  pgTransaction: {
    patches: "drizzle's db.transaction on node-postgres (pg-transaction.ts)",
    privateApi: 'none, but replaces the method',
    saves: 'no time: a failed BEGIN or a dropped connection no longer leaks a pool slot',
  },
} as const;

/** The tricks that can be switched off (the bench measures each against its absence; the conformance test too). */
export type Trick = 'pgliteStatements' | 'pgliteRows' | 'pgStatements';
export type TrickSwitches = Partial<Record<Trick, boolean>>;

const on = (tricks: TrickSwitches | undefined, trick: Trick) => tricks?.[trick] !== false;

/** PGlite with its tricks (after the migrations, which go PGlite's own way). Each driver's code loads only when used. */
export async function adaptPglite(client: PGlite, tricks?: TrickSwitches): Promise<void> {
  const { prepareStatements } = await import('./pglite-statements');
  if (on(tricks, 'pgliteStatements')) prepareStatements(client, 256, on(tricks, 'pgliteRows'));
}

/** A node-postgres pool and drizzle over it with their tricks; `onClient` is drizzle over one checked-out client. */
export async function adaptPostgres(
  pool: Pool,
  db: { transaction: unknown },
  onClient: (conn: PoolClient) => { transaction: (fn: (tx: never) => Promise<unknown>, config?: unknown) => Promise<unknown> },
  tricks?: TrickSwitches,
): Promise<void> {
  const [{ nameStatements }, { releaseTransactionClients }] = await Promise.all([import('./pg-statements'), import('./pg-transaction')]);
  if (on(tricks, 'pgStatements')) nameStatements(pool);
  releaseTransactionClients(pool, db, onClient);
}

import type { PGlite } from '@electric-sql/pglite';
import * as schema from './schema';
import { runMigrations } from './migrate';
import { adaptPglite } from './adapter';
import { makePrivate, privateDir } from '../private-files';
import type { Database, DatabaseOptions, Db } from './client';

/** dataDir ':memory:' keeps the database in memory (tests). */
async function createPglite(dataDir: string, loadDataDir?: Blob): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  // Trigram indexes for the lists' substring searches (migration 0023); PostgreSQL ships the extension too.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const extensions = { pg_trgm };
  if (dataDir === ':memory:') return PGlite.create({ extensions, loadDataDir });
  const path = await import('node:path');
  const dir = path.resolve(dataDir, 'pglite');
  privateDir(path.resolve(dataDir));
  privateDir(dir);
  const client = await PGlite.create(dir, { extensions });
  // PGlite lays out its files 0666 (those the database creates later are 0600): owner-only from here on.
  makePrivate(dir);
  return client;
}

const migrate = (client: PGlite, opts: DatabaseOptions) =>
  runMigrations(
    (fn) =>
      client.transaction(async (tx) => {
        await fn(
          async (text, params) =>
            (params ? (await tx.query(text, params)).rows : ((await tx.exec(text)).at(-1)?.rows ?? [])) as Record<string, unknown>[],
        );
      }),
    opts.migrate,
  );

export async function openPglite(opts: DatabaseOptions): Promise<Database> {
  const client = await createPglite(opts.dataDir, opts.loadDataDir);
  const { drizzle } = await import('drizzle-orm/pglite');
  const db = drizzle(client, { schema }) as unknown as Db;
  await migrate(client, opts);
  await adaptPglite(client, opts.tricks);
  return {
    db,
    kind: 'pglite',
    query: async (q) => ((await db.execute(q)) as unknown as { rows: never[] }).rows,
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('gzip'),
    session: async () => ({
      query: async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows,
      close: async () => {},
    }),
    listen: async (channels) => {
      const stops: (() => Promise<void>)[] = [];
      for (const [channel, onPayload] of Object.entries(channels)) stops.push(await client.listen(channel, onPayload));
      return async () => {
        if (!client.closed) for (const stop of stops) await stop();
      };
    },
  };
}

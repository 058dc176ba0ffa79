import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/client';
import { testConfig } from '../src/server/config';
import { BENCH_ACCOUNTS } from './generate-sql';
import type { RouteDef } from './routes';
import type { SentStatement } from './route-script';

type Query = (this: pg.Client, config: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * Takes each statement where it leaves for the wire (node-postgres's `Client.query`) while `recording`, into `sent`.
 * The pool's connections bind `query` when they connect: open the database after this; `restore()` undoes the patch.
 */
export function statementRecorder() {
  const recorder = { sent: [] as SentStatement[], recording: false, restore: () => {} };
  const proto = pg.Client.prototype as unknown as { query: Query };
  const original = proto.query;
  proto.query = function (config, values, callback) {
    if (recorder.recording) {
      const object = config !== null && typeof config === 'object' ? (config as { text?: string; values?: unknown[] }) : null;
      const sql = typeof config === 'string' ? config : object?.text;
      if (sql) recorder.sent.push({ sql, params: Array.isArray(values) ? values : (object?.values ?? []) });
    }
    return original.call(this, config, values, callback);
  };
  recorder.restore = () => {
    proto.query = original;
  };
  return recorder;
}

/**
 * What the server sends PostgreSQL for one request of each route: the real app (`buildApp`, the server's own database
 * adapter with its named statements) on the route's database, every route requested by `inject` with the bench
 * account's token, and each statement taken where it leaves for the wire (node-postgres's `Client.query`). Each route
 * is requested twice and the second request kept, so that what is done once per process (a first lookup cached
 * afterwards) is left out, as it is under load. A `{id}` in the path is `cardId`.
 */
export async function captureRoutes(url: string, routes: RouteDef[], cardId: number): Promise<Map<string, SentStatement[]>> {
  const recorder = statementRecorder();
  const database = await openDatabase({ databaseUrl: url, dataDir: '.', reportTz: 'UTC', poolSize: 1 }).catch((err) => {
    recorder.restore();
    throw err;
  });
  const app = await buildApp({ config: testConfig({ DATA_DIR: path.resolve('bench/data/capture') }), database });
  try {
    const token = async (as: RouteDef['as'], email: string) =>
      as === 'none' ? undefined : (await app.services.auth.login(email, BENCH_ACCOUNTS.password, '127.0.0.1')).token;
    const tokens = { staff: await token('staff', BENCH_ACCOUNTS.admin), seller: await token('seller', BENCH_ACCOUNTS.seller) };
    const out = new Map<string, SentStatement[]>();
    for (const route of routes) {
      const token = route.as === 'none' ? undefined : tokens[route.as];
      const request = () =>
        app.inject({
          method: route.method,
          url: route.path.replace('{id}', String(cardId)),
          headers: token ? { authorization: `Bearer ${token}` } : {},
          ...(route.body === undefined ? {} : { payload: route.body as object }),
        });
      const first = await request();
      if (first.statusCode !== 200) throw new Error(`${route.name}: status ${first.statusCode} ${first.body.slice(0, 200)}`);
      recorder.sent.length = 0;
      recorder.recording = true;
      await request();
      // Anything the request leaves running after its answer (none expected) is part of it.
      await new Promise((r) => setTimeout(r, 50));
      recorder.recording = false;
      out.set(route.name, [...recorder.sent]);
    }
    return out;
  } finally {
    recorder.restore();
    await app.close();
    await database.close();
  }
}

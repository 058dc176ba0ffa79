import path from 'node:path';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '../src/server/db/schema';
import type { Database, Db } from '../src/server/db/client';
import { testConfig } from '../src/server/config';
import { createServices, type Services } from '../src/server/services';
import { createImageSigner, loadImageUrlKey } from '../src/server/modules/images/signing';
import type { AuthUser } from '../src/server/modules/auth/service';
import { BENCH_ACCOUNTS } from './generate-sql';

/** The server's own services over one PostgreSQL connection whose drizzle logger captures every statement. */
export interface Capturing {
  pool: pg.Pool;
  services: Services;
  captured: { sql: string; params: unknown[] }[];
  staff: { token: string; user: AuthUser };
  seller: { token: string; user: AuthUser };
  close(): Promise<void>;
}

export async function capturingServices(url: string): Promise<Capturing> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const captured: Capturing['captured'] = [];
  const db = drizzle(pool, { schema, logger: { logQuery: (sql, params) => void captured.push({ sql, params }) } }) as unknown as Db;
  const database: Database = {
    db,
    kind: 'postgres',
    query: async (q) => ((await db.execute(q)) as unknown as { rows: never[] }).rows,
    close: () => pool.end(),
    listen: () => Promise.reject(new Error('the statement capture does not LISTEN')),
    session: () => Promise.reject(new Error('the statement capture has no sessions')),
  };
  const services = createServices(
    database,
    testConfig({ DATA_DIR: path.resolve('bench/data/server') }),
    createImageSigner(await loadImageUrlKey(database)),
  );
  const staff = (await services.auth.login(BENCH_ACCOUNTS.admin, BENCH_ACCOUNTS.password, '127.0.0.1')) as Capturing['staff'];
  const seller = (await services.auth.login(BENCH_ACCOUNTS.seller, BENCH_ACCOUNTS.password, '127.0.0.1')) as Capturing['seller'];
  return { pool, services, captured, staff, seller, close: () => pool.end() };
}

/** The statements one call issues. */
export async function statementsOf(c: Capturing, call: () => Promise<unknown>) {
  c.captured.length = 0;
  await call();
  return [...c.captured];
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type AppOptions } from '../../src/server/app';
import { testConfig, type Config } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { hashPassword } from '../../src/server/modules/auth/service';
import { insertUser } from '../../src/server/modules/users/repository';
import { freshDatabase } from './db';

export const PASSWORD = 'password-123';
export interface TestUser {
  id: number;
  email: string;
  name: string;
  role: 'admin' | 'manager' | 'seller';
  token: string;
}

export interface TestServer {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: Database;
  config: Config;
  /** Base URL when started with listen: true (for concurrency tests over real HTTP). */
  url: string;
  users: { admin: TestUser; manager: TestUser; sellerA: TestUser; sellerB: TestUser };
  /** JSON request through inject; returns {status, body}. */
  call(
    method: string,
    url: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any }>;
  login(email: string, password?: string): Promise<string>;
  createUser(role: 'admin' | 'manager' | 'seller', name?: string): Promise<TestUser>;
  close(): Promise<void>;
}

let seq = 0;

/** A real server over a fresh database with an admin, a manager and two sellers logged in. */
export async function startTestServer(
  opts: { listen?: boolean; config?: Partial<Config>; httpLimits?: AppOptions['httpLimits'] } = {},
): Promise<TestServer> {
  const { database, drop } = await freshDatabase(opts.config?.REPORT_TZ);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gcbo-test-'));
  const config = testConfig({ DATA_DIR: dataDir, ...opts.config });
  const app = await buildApp({ config, database, httpLimits: opts.httpLimits });
  let url = '';
  if (opts.listen) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  } else {
    await app.ready();
  }
  const passwordHash = await hashPassword(PASSWORD);

  const call: TestServer['call'] = async (method, u, o = {}) => {
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    const res = await app.inject({
      method: method as 'GET',
      url: u.startsWith('/') ? u : `/api/${u}`,
      headers,
      ...(o.body !== undefined ? { payload: o.body as object } : {}),
    });
    let body: unknown = res.body;
    try {
      body = res.json();
    } catch {
      /* not JSON */
    }
    return { status: res.statusCode, body };
  };
  const login = async (email: string, password = PASSWORD) => {
    const r = await call('POST', 'login', { body: { email, password } });
    if (r.status !== 200) throw new Error(`login ${email} failed: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.token as string;
  };
  const createUser = async (role: TestUser['role'], name?: string): Promise<TestUser> => {
    seq += 1;
    const n = name ?? `${role} ${seq}`;
    const email = `${role}${seq}-${Math.random().toString(36).slice(2, 8)}@test.example`;
    const id = await insertUser(database.db, { name: n, email, role, passwordHash, rate: null });
    return { id, email, name: n, role, token: await login(email) };
  };
  const users = {
    admin: await createUser('admin', 'Admin'),
    manager: await createUser('manager', 'Manager'),
    sellerA: await createUser('seller', 'Seller A'),
    sellerB: await createUser('seller', 'Seller B'),
  };
  return {
    app,
    database,
    config,
    url,
    users,
    call,
    login,
    createUser,
    close: async () => {
      await app.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

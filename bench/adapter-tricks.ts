/**
 * What each database-adapter trick saves (src/server/db/adapter): the list routes in-process, with every trick and
 * then with each one switched off, back to back on the same database. Server CPU (this process) and, on PostgreSQL,
 * the backend's CPU, milliseconds a request:
 *   npx tsx bench/adapter-tricks.ts pglite|postgres [size=10k] [requests=500] [reverse]
 * PostgreSQL: DATABASE_URL's server, in BENCH_DB_PREFIX's database (generated when missing; one pooled connection).
 */
import fs from 'node:fs';
import { generate } from './generate';
import { preparePglite, preparePostgres } from './databases';
import { BENCH_ACCOUNTS } from './generate-sql';
import { DEFAULT_DATABASE_URL, parseSize } from './options';
import { openDatabase } from '../src/server/db/client';
import type { TrickSwitches } from '../src/server/db/adapter';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';

const kind = process.argv[2] === 'postgres' ? 'postgres' : 'pglite';
const size = parseSize(process.argv[3] ?? '10k');
const n = Number(process.argv[4] ?? 500);
const routes = ['/api/gift-card?page=1', '/api/transaction?page=1', '/api/seller-lists?page=1', '/api/gift-card/{id}'];
const configs: [string, TrickSwitches][] =
  kind === 'pglite'
    ? [
        ['all tricks', {}],
        ['no pgliteRows', { pgliteRows: false }],
        ['no pgliteStatements (nor pgliteRows)', { pgliteStatements: false }],
      ]
    : [
        ['all tricks', {}],
        ['no pgStatements', { pgStatements: false }],
      ];

const backendCpuMs = (pid: number) => {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
};

async function measure(dataDir: string, url: string | undefined, tricks: TrickSwitches) {
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO: '0', JOBS: '0' });
  const database = await openDatabase({ databaseUrl: url, dataDir: config.DATA_DIR, reportTz: config.REPORT_TZ, poolSize: 1, tricks });
  const app = await buildApp({ config, database });
  const payload = { email: BENCH_ACCOUNTS.admin, password: BENCH_ACCOUNTS.password };
  const token = ((await app.inject({ method: 'POST', url: '/api/login', payload })).json() as { token: string }).token;
  const headers = { authorization: `Bearer ${token}` };
  const [{ max }] = await database.query<{ max: number }>((await import('drizzle-orm')).sql`SELECT max(id)::int AS max FROM gift_cards`);
  const [{ pid }] = url
    ? await database.query<{ pid: number }>((await import('drizzle-orm')).sql`SELECT pg_backend_pid() AS pid`)
    : [{ pid: 0 }];
  const get = async (route: string, i: number) => {
    const res = await app.inject({ method: 'GET', url: route.replace('{id}', String(1 + ((i * 7919) % max))), headers });
    if (res.statusCode !== 200) throw new Error(`${route}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  };
  const figures: string[] = [];
  for (const route of routes) {
    for (let i = 0; i < 100; i++) await get(route, i);
    const cpu = process.cpuUsage();
    const backend = pid ? backendCpuMs(pid) : 0;
    for (let i = 0; i < n; i++) await get(route, i);
    const used = process.cpuUsage(cpu);
    const server = (used.user + used.system) / 1000 / n;
    figures.push(`${route}: ${server.toFixed(2)}${pid ? ` + ${((backendCpuMs(pid) - backend) / n).toFixed(2)}` : ''}`);
  }
  await app.close();
  await database.close();
  return figures.join(', ');
}

const baseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
const prepared =
  kind === 'pglite' ? await preparePglite(size.label, size.cards, true) : await preparePostgres(baseUrl, size.label, size.cards, true);
if (!prepared.reused) await generate(prepared.sql, size.cards, (l) => console.log(l));
await prepared.sql.close();
console.log(`${kind} ${size.label}, ${n} requests a route, ms CPU a request (server${kind === 'postgres' ? ' + backend' : ''}):`);
// `reverse` as the last argument runs the configurations the other way round (the first one warms the JIT up).
for (const [label, tricks] of process.argv[5] === 'reverse' ? [...configs].reverse() : configs) {
  console.log(`  ${label}: ${await measure(prepared.dataDir ?? '.', prepared.url, tricks)}`);
}

/**
 * Server CPU of one list route on PGlite, in-process (no HTTP, no load process): builds the app on the bench's PGlite
 * database of a size (generated when missing), then injects the route N times and reports CPU milliseconds a request.
 * With PROFILE=file.cpuprofile it also writes a CPU profile of the measured requests only (not of start-up):
 *   [PROFILE=page1.cpuprofile] npx tsx bench/profile-list.ts [route] [size] [requests]
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import { generate } from './generate';
import { preparePglite } from './databases';
import { BENCH_ACCOUNTS } from './generate-sql';
import { openDatabase } from '../src/server/db/client';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';

const route = process.argv[2] ?? '/api/gift-card?page=1';
const label = process.argv[3] ?? '10k';
const n = Number(process.argv[4] ?? 2000);
const cards = label.endsWith('k') ? Number(label.slice(0, -1)) * 1000 : Number(label);

const prepared = await preparePglite(label, cards, true);
if (!prepared.reused) await generate(prepared.sql, cards, (l) => console.log(l));
await prepared.sql.close();
const config = loadConfig({ ...process.env, DATA_DIR: prepared.dataDir!, LOG_LEVEL: 'warn', DEMO: '0', JOBS: '0' });
const database = await openDatabase({ dataDir: config.DATA_DIR, reportTz: config.REPORT_TZ });
const app = await buildApp({ config, database });
const login = await app.inject({
  method: 'POST',
  url: '/api/login',
  payload: { email: BENCH_ACCOUNTS.admin, password: BENCH_ACCOUNTS.password },
});
const token = (login.json() as { token: string }).token;
const headers = { authorization: `Bearer ${token}` };
const first = await app.inject({ method: 'GET', url: route, headers });
if (first.statusCode !== 200) throw new Error(`${route}: ${first.statusCode} ${first.body.slice(0, 300)}`);
for (let i = 0; i < 200; i++) await app.inject({ method: 'GET', url: route, headers });
const profiler = process.env.PROFILE ? new Session() : null;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
}
const cpu = process.cpuUsage();
const t = performance.now();
for (let i = 0; i < n; i++) await app.inject({ method: 'GET', url: route, headers });
const used = process.cpuUsage(cpu);
const wall = performance.now() - t;
if (profiler) {
  const { profile } = await profiler.post('Profiler.stop');
  fs.writeFileSync(process.env.PROFILE!, JSON.stringify(profile));
}
console.log(
  `${route} on PGlite ${label}: ${((used.user + used.system) / 1000 / n).toFixed(3)} ms CPU a request, ${(wall / n).toFixed(3)} ms wall (${n} requests)`,
);
await app.close();
await database.close();

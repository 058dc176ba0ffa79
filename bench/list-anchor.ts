import fs from 'node:fs';
import path from 'node:path';
import { findPgbench, pgbenchTps } from './pgbench';
import { captureRoutes } from './route-capture';
import { defineArgs, routeScript } from './route-script';
import type { RouteDef } from './routes';

/**
 * The fair anchor of a list route (issue 51): PostgreSQL's own rate for the statements one request of the route sends,
 * run by pgbench on the same database with the same client count and duration as the route's measurement.
 */
export interface ListAnchor {
  route: string;
  /** Statements a request sends (the token check included). */
  statements: number;
  tps: number;
  clients: number;
  seconds: number;
  /** The pgbench script, kept under bench/data to run again by hand. */
  script: string;
}

export interface AnchorRun {
  url: string;
  label: string;
  maxCardId: number;
  clients: number;
  warmup: number;
  duration: number;
  rounds: number;
}

const slug = (name: string) =>
  name
    .replace(/^GET \/api\//, '')
    .replace(/[^\w]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * Captures each route's statements from the server (a card id in the path drawn from 1..maxCardId per transaction),
 * then per route: a pgbench warm-up, and `rounds` runs of `duration` seconds, the best kept (as for the routes).
 * `-M prepared`: the server prepares each parameterised statement once per connection.
 */
export async function listAnchors(routes: RouteDef[], run: AnchorRun, log: (line: string) => void): Promise<ListAnchor[]> {
  const bin = findPgbench();
  if (!bin) throw new Error('pgbench not found (Debian: apt-get install postgresql-client)');
  const cardId = Math.ceil(run.maxCardId / 2);
  const captured = await captureRoutes(run.url, routes, cardId);
  const out: ListAnchor[] = [];
  for (const route of routes) {
    const statements = captured.get(route.name)!;
    const varied = route.randomCardId ? [{ name: 'card_id', value: cardId, expr: `random(1, ${run.maxCardId})` }] : [];
    const { script, defines } = routeScript(statements, varied);
    fs.mkdirSync(path.resolve('bench/data'), { recursive: true });
    const file = path.resolve('bench/data', `pgbench-${run.label}-${slug(route.name)}.sql`);
    fs.writeFileSync(file, script);
    const args = (seconds: number) => [
      '-n',
      '-M',
      'prepared',
      '-f',
      file,
      ...defineArgs(defines),
      '-c',
      String(run.clients),
      '-j',
      '2',
      '-T',
      String(seconds),
      run.url,
    ];
    if (run.warmup > 0) pgbenchTps(bin, args(run.warmup), run.warmup);
    let tps = 0;
    for (let i = 0; i < Math.max(1, run.rounds); i++) tps = Math.max(tps, pgbenchTps(bin, args(run.duration), run.duration));
    out.push({ route: route.name, statements: statements.length, tps, clients: run.clients, seconds: run.duration, script: file });
    log(`[postgres ${run.label}] pgbench of ${route.name.padEnd(36)} ${statements.length} statements: ${tps.toFixed(0)} tps`);
  }
  return out;
}

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
}

/** The routes' scripts, ready to run. */
export interface RouteAnchors {
  /** pgbench of the route's statements for `seconds`: its tps. */
  run(route: string, seconds: number): number;
  anchor(route: string, tps: number, seconds: number): ListAnchor;
}

const slug = (name: string) =>
  name
    .replace(/^GET \/api\//, '')
    .replace(/[^\w]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * Captures each route's statements from the server (a card id in the path drawn from 1..maxCardId per transaction)
 * and writes its script; each run is `pgbench -M prepared` (the server prepares each parameterised statement once per
 * connection) with the route's client count.
 */
export async function prepareAnchors(routes: RouteDef[], run: AnchorRun): Promise<RouteAnchors> {
  const bin = findPgbench();
  if (!bin) throw new Error('pgbench not found (Debian: apt-get install postgresql-client)');
  const cardId = Math.ceil(run.maxCardId / 2);
  const captured = await captureRoutes(run.url, routes, cardId);
  fs.mkdirSync(path.resolve('bench/data'), { recursive: true });
  const scripts = new Map<string, { file: string; defines: string[]; statements: number }>();
  for (const route of routes) {
    const statements = captured.get(route.name)!;
    const varied = route.randomCardId ? [{ name: 'card_id', value: cardId, expr: `random(1, ${run.maxCardId})` }] : [];
    const { script, defines } = routeScript(statements, varied);
    const file = path.resolve('bench/data', `pgbench-${run.label}-${slug(route.name)}.sql`);
    fs.writeFileSync(file, script);
    scripts.set(route.name, { file, defines: defineArgs(defines), statements: statements.length });
  }
  const of = (route: string) => {
    const s = scripts.get(route);
    if (!s) throw new Error(`no pgbench script for ${route}`);
    return s;
  };
  return {
    run: (route, seconds) => {
      const s = of(route);
      const args = ['-n', '-M', 'prepared', '-f', s.file, ...s.defines, '-c', String(run.clients), '-j', '2', '-T', String(seconds)];
      return pgbenchTps(bin, [...args, run.url], seconds);
    },
    anchor: (route, tps, seconds) => ({
      route,
      statements: of(route).statements,
      tps,
      clients: run.clients,
      seconds,
      script: of(route).file,
    }),
  };
}

import fs from 'node:fs';
import path from 'node:path';
import { explainRoutes } from './explain';
import { exportAllCards } from './exports';
import { checkInvariants } from './invariants';
import type { LoadResult } from './load-spec';
import { describe, measureRoute, warmServer, type Target, type Timing } from './measure';
import type { BenchOptions } from './options';
import { runPayments } from './payments';
import { runPgbench } from './pgbench';
import { betterRound, type RouteFigure, type SizeRun } from './results';
import { AUTH_FLOOR, FLOOR, LIST_ROUTES, PAGE_1, queueRoutes, reportRoutes, type RouteDef } from './routes';
import { prepareAnchors, type RouteAnchors } from './list-anchor';
import { login, startServer } from './server';
import { BENCH_ACCOUNTS } from './generate-sql';
import { prepareSession, startSession, stopSession, type Log, type Session } from './session';
import { statementCosts } from './statements';

const timing = (opts: BenchOptions): Timing => ({ connections: opts.connections, warmup: opts.warmup, duration: opts.duration });
const targetOf = (s: Session): Target => s.target as Target;

/**
 * Every route on every session, side by side: each route is measured on each size in turn, `rounds` times in alternating
 * order (so that a change in the machine's load falls on both sizes alike), between two floors per size. A route's figure
 * is its best round (the one least disturbed by whatever else the machine runs). A queue route's goal is a ratio to page
 * 1: page 1 is measured right before it in each round, so that both sides of the ratio see the same machine (measured
 * minutes apart, a shared 2-core machine moved the ratio by up to 0.4x on routes whose code did not change). For the
 * same reason a list route's anchor (pgbench of its statements, `anchors`) runs right after it in each round, best round.
 */
async function measureSideBySide(
  sessions: Session[],
  routes: { def: RouteDef; kind: RouteFigure['kind'] }[],
  t: Timing,
  rounds: number,
  log: Log,
  anchors = new Map<Session, RouteAnchors>(),
) {
  for (const s of sessions) {
    const warm = await warmServer(targetOf(s), [FLOOR, ...routes.map((r) => r.def)], t, Math.max(10, t.warmup * 3));
    log(`${s.tag} server warm-up on every route: ${warm.requests} requests, status ${JSON.stringify(warm.status)}`);
  }
  for (const s of sessions) {
    const r = await measureRoute(targetOf(s), FLOOR, t);
    s.run.floors.push(r);
    log(`${s.tag} ${FLOOR.name.padEnd(44)} ${describe(r)}`);
  }
  for (const [i, { def, kind }] of routes.entries()) {
    const best = new Map<Session, { r: LoadResult; page1?: LoadResult; tps?: number }>();
    for (let round = 0; round < rounds; round++) {
      for (const s of (i + round) % 2 === 0 ? sessions : [...sessions].reverse()) {
        const page1 = kind === 'queue' ? await measureRoute(targetOf(s), PAGE_1, t) : undefined;
        const r = await measureRoute(targetOf(s), def, t);
        const anchor = kind === 'list' ? anchors.get(s) : undefined;
        if (anchor && round === 0 && t.warmup > 0) anchor.run(def.name, t.warmup);
        const tps = anchor?.run(def.name, t.duration);
        const floor = s.run.floors[0];
        log(
          `${s.tag} ${def.name.padEnd(44)} ${describe(r)}  (${((r.rps / floor.rps) * 100).toFixed(1)}% of floor req/s, p50 ${(r.p50 / floor.p50).toFixed(2)}x floor${page1 ? `, ${(r.p50 / page1.p50).toFixed(2)}x page 1 right before` : ''}${tps ? `; pgbench of its statements right after ${tps.toFixed(0)} tps, route ${((r.rps / tps) * 100).toFixed(0)}% of it` : ''})`,
        );
        // Each side's best round, as for every route: page 1's best of the rounds measured right before this route.
        const prev = best.get(s);
        const bestTps = tps === undefined ? undefined : Math.max(tps, prev?.tps ?? 0);
        best.set(s, { r: betterRound(prev?.r, r), page1: page1 && betterRound(prev?.page1, page1), tps: bestTps });
      }
    }
    for (const s of sessions) {
      const { tps, ...figure } = best.get(s)!;
      s.run.routes.push({ route: def.name, kind, ...figure, ...(tps === undefined ? {} : { pgbench: tps }) });
      if (tps !== undefined) (s.run.listAnchors ??= []).push(anchors.get(s)!.anchor(def.name, tps, t.duration));
    }
  }
  for (const s of [...sessions].reverse()) {
    const r = await measureRoute(targetOf(s), FLOOR, t);
    s.run.floors.push(r);
    s.run.floor = betterRound(s.run.floors[0], r);
    log(`${s.tag} ${'GET /api/ping (floor, again)'.padEnd(44)} ${describe(r)}`);
  }
}

/**
 * The list routes as the code of `--before` serves them and as this code serves them, on the same database right after
 * this code's run (the server of the earlier commit runs its own migrations: none, the database is newer): two fresh
 * servers side by side, each warmed on these routes only, measured in alternating order, best of `rounds`. (The main
 * run's server has been warmed and measured on every route; comparing it with a server that saw only these made the
 * earlier code look up to a third cheaper a request.)
 */
async function measureBefore(s: Session, dir: string, opts: BenchOptions, log: Log, anchor?: RouteAnchors) {
  const routes = LIST_ROUTES.filter((r) => r.path.endsWith('?page=1'));
  const sides = [
    { tag: 'before', dir, figures: (s.run.before = [] as RouteFigure[]) },
    { tag: 'after', dir: undefined, figures: (s.run.afterFresh = [] as RouteFigure[]) },
  ];
  const servers = await Promise.all(
    sides.map((side) =>
      startServer({ DATABASE_URL: s.prepared.url, DATA_DIR: path.resolve('bench/data', `${side.tag}-${s.run.label}`) }, 120_000, side.dir),
    ),
  );
  try {
    const targets: Target[] = [];
    for (const server of servers)
      targets.push({
        ...targetOf(s),
        base: server.base,
        serverPid: server.pid,
        staffToken: await login(server.base, BENCH_ACCOUNTS.admin, BENCH_ACCOUNTS.password),
        sellerToken: await login(server.base, BENCH_ACCOUNTS.seller, BENCH_ACCOUNTS.password),
      });
    for (const target of targets) await warmServer(target, routes, timing(opts), Math.max(10, opts.warmup * 3));
    for (const [i, def] of routes.entries()) {
      const best: (LoadResult | undefined)[] = [undefined, undefined];
      const bestTps: (number | undefined)[] = [undefined, undefined];
      for (let round = 0; round < Math.max(1, Math.round(opts.rounds)); round++)
        for (const k of (i + round) % 2 === 0 ? [0, 1] : [1, 0]) {
          const r = await measureRoute(targets[k]!, def, timing(opts));
          // The route's anchor right after it, as in the main rounds (its warm-up was there).
          const tps = anchor?.run(def.name, opts.duration);
          log(
            `${s.tag} ${sides[k]!.tag}: ${def.name.padEnd(44)} ${describe(r)}${tps ? `; pgbench right after ${tps.toFixed(0)} tps` : ''}`,
          );
          if (!best[k] || r.rps > best[k]!.rps) best[k] = r;
          if (tps !== undefined) bestTps[k] = Math.max(tps, bestTps[k] ?? 0);
        }
      sides.forEach((side, k) => side.figures.push({ route: def.name, kind: 'list', r: best[k]!, pgbench: bestTps[k] }));
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

/** Each list route's anchor (issue 51): its statements captured and written as pgbench scripts, per PostgreSQL session. */
async function prepareSessionAnchors(sessions: Session[], opts: BenchOptions, log: Log) {
  const anchors = new Map<Session, RouteAnchors>();
  for (const s of sessions) {
    const run = { url: s.prepared.url!, label: s.run.label, maxCardId: targetOf(s).maxCardId, clients: opts.connections };
    try {
      anchors.set(s, await prepareAnchors(LIST_ROUTES, run));
    } catch (err) {
      log(`${s.tag} pgbench of the list routes not measured: ${(err as Error).message}`);
    }
  }
  return anchors;
}

/** Each list route's req/s beside its anchor, with the code before the split when measured. */
function logAnchors(s: Session, log: Log) {
  for (const a of s.run.listAnchors ?? []) {
    const side = (figures: RouteFigure[] | undefined, tag: string) => {
      const f = figures?.find((x) => x.route === a.route);
      return f ? `, ${tag} ${f.r.rps.toFixed(0)} req/s (${((f.r.rps / a.tps) * 100).toFixed(0)}%)` : '';
    };
    log(
      `${s.tag} ${a.route.padEnd(44)} pgbench of its ${a.statements} statements ${a.tps.toFixed(0)} tps${side(s.run.routes, 'route')}${side(s.run.before, 'before')}${side(s.run.afterFresh, 'after (fresh)')}`,
    );
  }
}

/** Payments on the running server, then the ledger invariants in SQL. */
async function payments(s: Session, opts: BenchOptions, log: Log) {
  s.run.payments = await runPayments(
    s.prepared.sql,
    targetOf(s),
    s.hotSellerId,
    { ...timing(opts), connections: opts.payConnections },
    s.run.label,
  );
  for (const p of s.run.payments) log(`${s.tag} payments, ${p.name.padEnd(33)} ${describe(p.result)}  5xx: ${p.serverErrors}`);
  try {
    const pb = await runPgbench(opts.databaseUrl, process.env.BENCH_DB_PREFIX ?? 'gcbo_bench', opts.payConnections, opts.duration);
    s.run.pgbench = pb;
    const ratios = s.run.payments.map((p) => `${p.name} ${((p.result.rps / pb.tps) * 100).toFixed(0)}%`).join(', ');
    log(`${s.tag} pgbench TPC-B (scale ${pb.scale}, ${pb.clients} clients): ${pb.tps.toFixed(0)} tps; payments vs TPC-B: ${ratios}`);
  } catch (err) {
    log(`${s.tag} pgbench TPC-B not measured: ${(err as Error).message}`);
  }
  s.run.invariants = await checkInvariants(s.prepared.sql);
  const broken = s.run.invariants.filter((i) => i.broken);
  log(
    `${s.tag} ledger invariants: ${broken.length ? broken.map((b) => `${b.name}: ${b.broken}`).join('; ') : `all ${s.run.invariants.length} hold`}`,
  );
}

/** The statements behind each route (EXPLAIN ANALYZE) and what a statement costs as issued and prepared. */
async function databaseWork(s: Session, log: Log) {
  const url = s.prepared.url as string;
  s.run.explain = await explainRoutes(url, Math.ceil((s.target?.maxCardId ?? 2) / 2), s.hotSellerId, s.run.cards);
  for (const e of s.run.explain) {
    log(
      `${s.tag} EXPLAIN ${e.route.padEnd(44)} ${e.queries} statements, planning ${e.planningMs.toFixed(2)} ms, execution ${e.executionMs.toFixed(2)} ms${e.seqScans.length ? `, seq scans: ${e.seqScans.join(', ')}` : ''}`,
    );
  }
  s.run.statements = await statementCosts(url);
  for (const c of s.run.statements)
    log(
      `${s.tag} statement cost: ${c.what.padEnd(58)} client ${c.clientMs.toFixed(3)} ms, backend ${c.backendMs.toFixed(3)} ms, wall ${c.wallMs.toFixed(3)} ms`,
    );
}

/** All sizes on one database kind: data for each, a server for each, the routes side by side, then payments and checks. */
export async function runSizes(
  db: SizeRun['db'],
  sizes: { label: string; cards: number }[],
  opts: BenchOptions,
  log: Log,
): Promise<SizeRun[]> {
  const sessions = [];
  for (const size of sizes) sessions.push(await prepareSession(db, size, opts, log));
  try {
    for (const s of sessions) await startSession(s, log);
    const routes = [
      ...LIST_ROUTES.map((def) => ({ def, kind: 'list' as const })),
      { def: AUTH_FLOOR, kind: 'reference' as const },
      ...(db === 'PostgreSQL' ? reportRoutes().map((def) => ({ def, kind: 'report' as const })) : []),
      ...(db === 'PostgreSQL'
        ? queueRoutes(sessions[0]!.hotSellerId, sizes.at(-1)!.cards).map((def) => ({ def, kind: 'queue' as const }))
        : []),
    ];
    const anchors = db === 'PostgreSQL' && opts.anchors ? await prepareSessionAnchors(sessions, opts, log) : undefined;
    await measureSideBySide(sessions, routes, timing(opts), Math.max(1, Math.round(opts.rounds)), log, anchors);
    if (db === 'PostgreSQL' && opts.before)
      for (const s of sessions) await measureBefore(s, path.resolve(opts.before), opts, log, anchors?.get(s));
    for (const s of sessions) logAnchors(s, log);
    for (const s of sessions) {
      s.run.exportRun = await exportAllCards(s.target!);
      const e = s.run.exportRun;
      log(
        `${s.tag} export of every card: ${e.rows} rows in ${e.seconds.toFixed(1)} s, RSS ${e.rssBeforeMb.toFixed(0)} -> peak ${e.rssPeakMb.toFixed(0)} -> ${e.rssAfterMb.toFixed(0)} MB`,
      );
    }
    if (db === 'PostgreSQL' && opts.payments) for (const s of sessions) await payments(s, opts, log);
  } finally {
    for (const s of sessions) await stopSession(s, log);
  }
  if (db === 'PostgreSQL') for (const s of sessions) await databaseWork(s, log);
  return sessions.map((s) => s.run);
}

/** The embedded default from nothing: spawn the server on an empty DATA_DIR, time until /api/ping answers. */
export async function pgliteEmptyStart(log: Log): Promise<number> {
  const dir = path.resolve('bench/data/pglite-empty');
  fs.rmSync(dir, { recursive: true, force: true });
  const server = await startServer({ DATA_DIR: dir });
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
  log(`[pglite] start-up on an empty DATA_DIR: ${server.readyMs.toFixed(0)} ms to the first answered request`);
  return server.readyMs;
}

import { screensMarkdown } from './renderer-screens';
import { evaluateGoals, growth } from './goals';
import { anchorsMarkdown } from './markdown-anchors';
import { PAYMENT_AMOUNT } from './payments';
import type { LoadResult } from './load-spec';
import type { Results } from './results';

const n1 = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '-');
const n2 = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '-');
const n2x = (x: number | undefined) => (x === undefined || !Number.isFinite(x) ? '-' : x.toFixed(3));
const int = (x: number) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en-US') : '-');
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const cpu = (r: LoadResult) => (r.cpu ? [n2(r.cpu.serverMs), n2(r.cpu.dbMs)] : ['-', '-']);
const table = (head: string[], rows: (string | number)[][]) =>
  [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');

/** bench/results.md: the figures of one run as markdown tables. */
export function toMarkdown(res: Results): string {
  const out: string[] = ['# Benchmark results', ''];
  out.push(
    `Run ${res.started} to ${res.finished} with \`npm run bench\`: ${res.machine.cpus} CPUs (shared; load average ${res.machine.loadBefore.map(n2).join(' / ')} before, ${res.machine.loadAfter.map(n2).join(' / ')} after), Node ${res.machine.node}, ${res.machine.postgres}.`,
  );
  out.push(
    `Each route: ${res.settings.warmup} s warm-up, then ${res.settings.duration} s measured with ${res.settings.connections} concurrent connections (autocannon in its own process); payments with ${res.settings.payConnections}. Every size has its own server, started together after a warm-up on every route; each route is measured ${res.settings.rounds} time(s) per size, sizes alternating, and the best round is shown; a work-queue route's goal compares it with page 1 measured on the same server right before it in each round (best round too). Latencies in ms. The floor is \`GET /api/ping\`, measured on each server before and after the routes (the better of the two is used).`,
    '',
  );

  if (res.failures.length) out.push('**Incomplete run**, these parts failed:', '', ...res.failures.map((f) => `- ${f}`), '');
  out.push(
    '## Goals',
    '',
    table(
      ['goal', 'measured', ''],
      evaluateGoals(res).map((g) => [g.goal, g.measured, g.ok === null ? '-' : g.ok ? 'met' : '**missed**']),
    ),
    '',
  );

  out.push(
    '## Data',
    '',
    table(
      ['database', 'size', 'cards', 'sellers', 'images', 'comments', 'transactions', 'allocations', 'generated in'],
      res.runs.map((r) => [
        r.db,
        r.label,
        int(r.rows.cards),
        int(r.rows.sellers),
        int(r.rows.images),
        int(r.rows.comments),
        int(r.rows.transactions),
        int(r.rows.allocations),
        r.gen ? `${n1(r.gen.seconds)} s` : 'reused',
      ]),
    ),
    '',
  );

  const rows = res.runs.flatMap((r) => [
    ...r.floors.map((f, i) => [
      r.db,
      r.label,
      `GET /api/ping (floor, ${i ? 'after' : 'before'})`,
      int(f.rps),
      n2(f.p50),
      n2(f.p99),
      '',
      '',
      ...cpu(f),
    ]),
    ...r.routes.map((f) => [
      r.db,
      r.label,
      f.route,
      int(f.r.rps),
      n2(f.r.p50),
      n2(f.r.p99),
      `${((f.r.rps / r.floor.rps) * 100).toFixed(1)}%`,
      `${n2(f.r.p50 / r.floor.p50)}x`,
      ...cpu(f.r),
    ]),
  ]);
  out.push(
    '## Routes',
    '',
    'CPU columns: CPU milliseconds per request spent in the server process and in the PostgreSQL backends (from /proc; PGlite runs inside the server process). Unlike req/s they do not depend on what else the machine runs.',
    '',
    table(['database', 'size', 'route', 'req/s', 'p50', 'p99', 'req/s vs floor', 'p50 vs floor', 'server CPU/req', 'db CPU/req'], rows),
    '',
  );

  const anchors = anchorsMarkdown(res);
  if (anchors) out.push(anchors);
  const paired = res.runs.filter((r) => r.routes.some((f) => f.page1));
  const cpuSum = (r: LoadResult) => (r.cpu ? r.cpu.serverMs + r.cpu.dbMs : NaN);
  if (paired.length)
    out.push(
      '## Work queues against page 1 (page 1 measured on the same server right before each round of the route)',
      '',
      table(
        ['database', 'size', 'route', 'page 1 p50', 'route p50', 'p50 ratio', 'CPU/req ratio (server + db)'],
        paired.flatMap((r) =>
          r.routes
            .filter((f) => f.page1)
            .map((f) => [
              r.db,
              r.label,
              f.route,
              n2(f.page1!.p50),
              n2(f.r.p50),
              `${n2(f.r.p50 / f.page1!.p50)}x`,
              `${n2(cpuSum(f.r) / cpuSum(f.page1!))}x`,
            ]),
        ),
      ),
      '',
    );

  const compared = res.runs.filter((r) => r.before?.length);
  if (compared.length)
    out.push(
      '## Page 1 before and after the list builder (same database, `--before`; two fresh servers warmed on these routes only, side by side)',
      '',
      table(
        ['database', 'size', 'route', 'p50 before', 'p50 after', 'server CPU/req before', 'after', 'db CPU/req before', 'after'],
        compared.flatMap((r) =>
          r.before!.map((b) => {
            const a = (r.afterFresh ?? r.routes).find((f) => f.route === b.route)!.r;
            return [r.db, r.label, b.route, n2(b.r.p50), n2(a.p50), cpu(b.r)[0]!, cpu(a)[0]!, cpu(b.r)[1]!, cpu(a)[1]!];
          }),
        ),
      ),
      '',
    );

  const pg = res.runs.filter((r) => r.db === 'PostgreSQL').sort((a, b) => a.cards - b.cards);
  if (pg.length >= 2) {
    const [small, big] = [pg[0], pg.at(-1)!];
    out.push(
      `## Size growth (p50 at ${big.label} / p50 at ${small.label}, PostgreSQL)`,
      '',
      table(
        ['route', `p50 ${small.label}`, `p50 ${big.label}`, 'growth'],
        big.routes.map((f) => {
          const s = small.routes.find((x) => x.route === f.route);
          return [f.route, n2(s?.r.p50 ?? NaN), n2(f.r.p50), `${n2(growth(small, big, f.route))}x`];
        }),
      ),
      '',
    );
  }

  const ex = res.runs.filter((r) => r.explain.length);
  if (ex.length) {
    out.push(
      '## Database work per route (EXPLAIN ANALYZE of the statements the server issues, best of 3, ms)',
      '',
      "Captured by calling the server's own services over a logging connection. Sequential scans listed only when they read 1000 rows or more.",
      '',
      table(
        ['route', ...ex.flatMap((r) => [`${r.label} statements`, `${r.label} planning`, `${r.label} execution`]), 'seq scans'],
        ex[0].explain.map((e, i) => [
          e.route,
          ...ex.flatMap((r) => [
            String(r.explain[i]?.queries ?? '-'),
            n2(r.explain[i]?.planningMs ?? NaN),
            n2(r.explain[i]?.executionMs ?? NaN),
          ]),
          ex.flatMap((r) => r.explain[i]?.seqScans.map((x) => `${r.label}: ${x}`) ?? []).join('; ') || 'none',
        ]),
      ),
      '',
    );
  }

  const st = res.runs.filter((r) => r.statements.length);
  if (st.length) {
    out.push(
      '## Statement cost: as the server issues them, and prepared (CPU ms per call, one connection)',
      '',
      'Client = this Node process (drizzle + node-postgres, as in the server); backend = the PostgreSQL process serving the connection.',
      '',
      table(
        ['statement', ...st.flatMap((r) => [`${r.label} client`, `${r.label} backend`, `${r.label} wall`])],
        st[0].statements.map((c, i) => [
          c.what,
          ...st.flatMap((r) => [n2x(r.statements[i]?.clientMs), n2x(r.statements[i]?.backendMs), n2x(r.statements[i]?.wallMs)]),
        ]),
      ),
      '',
    );
  }

  const exportsRun = res.runs.filter((r) => r.exportRun);
  if (exportsRun.length)
    out.push(
      '## Export of every card (GET /api/export/gift-card, streamed CSV)',
      '',
      table(
        ['database', 'size', 'rows', 'MB', 'seconds', 'rows/s', 'server RSS before (MB)', 'peak', 'after'],
        exportsRun.map((r) => {
          const e = r.exportRun!;
          return [
            r.db,
            r.label,
            int(e.rows),
            (e.bytes / 1e6).toFixed(1),
            e.seconds.toFixed(1),
            int(e.rows / e.seconds),
            int(e.rssBeforeMb),
            int(e.rssPeakMb),
            int(e.rssAfterMb),
          ];
        }),
      ),
      '',
    );
  const pays = res.runs.flatMap((r) =>
    r.payments.map((p) => [
      r.db,
      r.label,
      p.name,
      int(p.cards),
      int(p.result.rps),
      n2(p.result.p50),
      n2(p.result.p99),
      ...cpu(p.result),
      JSON.stringify(p.result.status),
      p.serverErrors,
      r.pgbench ? int(r.pgbench.tps) : '',
      r.pgbench ? `${((p.result.rps / r.pgbench.tps) * 100).toFixed(0)}%` : '',
    ]),
  );
  if (pays.length) {
    out.push(
      `## Payments (POST /api/transaction with gidcard_id, ${PAYMENT_AMOUNT} each, a fresh code each)`,
      '',
      table(
        [
          'database',
          'size',
          'cards',
          'cards in rotation',
          'payments/s',
          'p50',
          'p99',
          'server CPU/req',
          'db CPU/req',
          'status counts',
          '5xx',
          'pgbench TPC-B tps',
          'payments vs TPC-B',
        ],
        pays,
      ),
      '',
      "pgbench TPC-B: the built-in script (`pgbench -i -s 10` into its own database on the same server, then the same client count and duration as the payment run), right after each size's payments.",
      '',
    );
    const inv = res.runs.filter((r) => r.invariants.length);
    out.push(
      'Ledger invariants after the payment runs (rows breaking each; all must be 0):',
      '',
      table(
        ['check', ...inv.map((r) => `${r.db} ${r.label}`)],
        inv[0].invariants.map((c, i) => [c.name, ...inv.map((r) => r.invariants[i].broken)]),
      ),
      '',
    );
  }

  const lite = res.runs.filter((r) => r.db === 'PGlite');
  if (lite.length || res.pgliteEmptyStartMs !== null) {
    out.push(
      '## Start-up: spawning `src/server/main.ts` to its first answered request',
      '',
      table(
        ['database', 'time'],
        [
          ...(res.pgliteEmptyStartMs === null
            ? []
            : [['PGlite, empty DATA_DIR (creates the database and the schema)', `${int(res.pgliteEmptyStartMs)} ms`]]),
          ...lite.map((r) => [`PGlite, prepared ${r.label} DATA_DIR`, `${int(r.serverReadyMs)} ms`]),
          ...pg.map((r) => [`PostgreSQL ${r.label} (for comparison)`, `${int(r.serverReadyMs)} ms`]),
        ],
      ),
      '',
    );
  }

  if (res.renderer) {
    const r = res.renderer;
    out.push(
      '## Renderer JavaScript (gzip -9)',
      '',
      table(
        ['what', 'size'],
        [
          ['entry chunk + static imports (index.html)', kb(r.entry)],
          [`login screen (entry graph + LoginPage chunk and its static imports, ${r.files.login.length} files)`, kb(r.login)],
          [`whole app (${r.files.allCount} files)`, kb(r.all)],
        ],
      ),
      '',
    );
  }
  if (res.screens) out.push(screensMarkdown(res.screens));
  return `${out.join('\n')}\n`;
}

import type { Results, RouteFigure } from './results';

const int = (x: number) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en-US') : '-');

/** The list routes beside pgbench of their own statements (issue 51), with the code before the split when measured. */
export function anchorsMarkdown(res: Results): string {
  const runs = res.runs.filter((r) => r.listAnchors?.length);
  if (!runs.length) return '';
  const withBefore = runs.some((r) => r.before?.length);
  // A side's req/s, the pgbench run right after it (else the route's anchor) and the ratio.
  const side = (figures: RouteFigure[] | undefined, route: string, anchor: number) => {
    const f = figures?.find((x) => x.route === route);
    const tps = f?.pgbench ?? anchor;
    return f ? [int(f.r.rps), int(tps), `${((f.r.rps / tps) * 100).toFixed(0)}%`] : ['-', '-', '-'];
  };
  const head = ['size', 'route', 'statements', 'route req/s', 'pgbench tps', 'route / pgbench'];
  if (withBefore) head.push('before req/s', 'pgbench tps', 'before / pgbench', 'after (fresh) req/s', 'pgbench tps', 'after / pgbench');
  const rows = runs.flatMap((r) =>
    r.listAnchors!.map((a) => [
      r.label,
      a.route,
      String(a.statements),
      ...side(r.routes, a.route, a.tps),
      ...(withBefore ? [...side(r.before, a.route, a.tps), ...side(r.afterFresh, a.route, a.tps)] : []),
    ]),
  );
  return [
    '## List routes against pgbench of their own statements (PostgreSQL)',
    '',
    "Each route's statements as the server sends them for one request (token check included; captured from the real app, " +
      "`bench/route-capture.ts`) run by `pgbench -n -M prepared -f <script>` on the same database, with the route's client " +
      `count (${res.settings.connections}) and duration, right after the route in each of its ${res.settings.rounds} round(s), best round; ` +
      'a card id in the path is drawn anew each transaction (`\\set card_id random(1, <max id>)`). The scripts are in `bench/data/pgbench-<size>-<route>.sql`. With `--before`, each side (a fresh server each) ' +
      'has its own pgbench run right after it. Goal: each route at least 50% of it at the largest size.',
    '',
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
    '',
  ].join('\n');
}

import type { Results, RouteFigure } from './results';

const int = (x: number) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en-US') : '-');

/** The list routes beside pgbench of their own statements (issue 51), with the code before the split when measured. */
export function anchorsMarkdown(res: Results): string {
  const runs = res.runs.filter((r) => r.listAnchors?.length);
  if (!runs.length) return '';
  const withBefore = runs.some((r) => r.before?.length);
  const side = (figures: RouteFigure[] | undefined, route: string, tps: number) => {
    const f = figures?.find((x) => x.route === route);
    return f ? [int(f.r.rps), `${((f.r.rps / tps) * 100).toFixed(0)}%`] : ['-', '-'];
  };
  const head = ['size', 'route', 'statements', 'pgbench tps', 'route req/s', 'route / pgbench'];
  if (withBefore) head.push('before req/s', 'before / pgbench', 'after (fresh) req/s', 'after / pgbench');
  const rows = runs.flatMap((r) =>
    r.listAnchors!.map((a) => [
      r.label,
      a.route,
      String(a.statements),
      int(a.tps),
      ...side(r.routes, a.route, a.tps),
      ...(withBefore ? [...side(r.before, a.route, a.tps), ...side(r.afterFresh, a.route, a.tps)] : []),
    ]),
  );
  return [
    '## List routes against pgbench of their own statements (PostgreSQL)',
    '',
    "Each route's statements as the server sends them for one request (token check included; captured from the real app, " +
      "`bench/route-capture.ts`) run by `pgbench -n -M prepared -f <script>` on the same database, with the route's client " +
      `count (${res.settings.connections}) and duration, after a warm-up, best of ${res.settings.rounds}; ` +
      'a card id in the path is drawn anew each transaction (`\\set card_id random(1, <max id>)`). The scripts are in `bench/data/pgbench-<size>-<route>.sql`. Goal: each route at least 50% of it at the largest size.',
    '',
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
    '',
  ].join('\n');
}

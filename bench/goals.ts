import { serverErrors } from './load-spec';
import type { Results, RouteFigure, SizeRun } from './results';
import { screenGoals } from './renderer-screens';
import { PAGE_1 } from './routes';

export interface Goal {
  goal: string;
  measured: string;
  ok: boolean | null;
}

const pct = (x: number) => `${(x * 100).toFixed(0)}%`;
const x2 = (x: number) => `${x.toFixed(2)}x`;

const pgRuns = (res: Results) => res.runs.filter((r) => r.db === 'PostgreSQL').sort((a, b) => a.cards - b.cards);
export const growth = (small: SizeRun, big: SizeRun, route: string) => {
  const a = small.routes.find((f) => f.route === route);
  const b = big.routes.find((f) => f.route === route);
  return a && b ? b.r.p50 / a.r.p50 : NaN;
};

/**
 * Each list route against pgbench of its own statements on the same database (issue 51): the route, and the code before
 * the list builder's split (`--before`) when the run has it.
 */
export function anchorGoals(run: SizeRun): Goal[] {
  const sides: [string, RouteFigure[] | undefined][] = [
    ['', run.routes.filter((x) => x.kind === 'list')],
    [', before the split', run.before],
  ];
  return sides.flatMap(([tag, figures]) =>
    (figures ?? []).map((f) => {
      // pgbench right after this figure's rounds; else the route's own anchor.
      const tps = f.pgbench ?? run.listAnchors?.find((x) => x.route === f.route)?.tps;
      const ratio = tps ? f.r.rps / tps : NaN;
      return {
        goal: `${f.route} at ${run.label}${tag}: req/s >= 50% of pgbench of its statements`,
        measured: tps ? `${pct(ratio)} (${f.r.rps.toFixed(0)} / ${tps.toFixed(0)} tps)` : 'pgbench not measured',
        ok: tps ? ratio >= 0.5 : null,
      };
    }),
  );
}

/** The goals, each with what was measured; ok null when the run did not measure it. */
export function evaluateGoals(res: Results): Goal[] {
  const goals: Goal[] = [];
  const runs = pgRuns(res);
  const big = runs.at(-1);
  const small = runs[0];
  if (big) {
    for (const f of big.routes.filter((x) => x.kind === 'list')) {
      const ratio = f.r.rps / big.floor.rps;
      goals.push({ goal: `${f.route} at ${big.label}: throughput >= 25% of floor`, measured: pct(ratio), ok: ratio >= 0.25 });
    }
    goals.push(...anchorGoals(big));
    if (small && small !== big) {
      for (const f of big.routes.filter((x) => x.kind === 'list')) {
        const g = growth(small, big, f.route);
        goals.push({ goal: `${f.route}: p50 ${big.label} / p50 ${small.label} <= 1.5`, measured: x2(g), ok: g <= 1.5 });
      }
    }
    const page1 = big.routes.find((x) => x.route === PAGE_1.name);
    for (const f of big.routes.filter((x) => x.kind === 'queue')) {
      // Against page 1 measured right before it on the same server (the list's own page-1 figure in older results).
      const ref = f.page1 ?? page1?.r;
      const ratio = ref ? f.r.p50 / ref.p50 : NaN;
      const within = f.route.includes('search') ? 3 : 2;
      // A route that answered nothing (every request timed out) has no p50: a miss, not a 0x.
      const answered = f.r.rps > 0 && f.r.p50 > 0;
      goals.push({
        goal: `${f.route} at ${big.label}: p50 within ${within}x of gift-card page 1`,
        measured: answered ? x2(ratio) : 'no answers',
        ok: ref ? answered && ratio <= within : null,
      });
    }
  }
  for (const run of runs) {
    // Page 1 no slower than the commit before the list builder, on the same database (--before).
    const after = (run.afterFresh ?? run.routes).find((x) => x.route === PAGE_1.name);
    const before = run.before?.find((x) => x.route === PAGE_1.name);
    if (after && before) {
      const ratio = after.r.p50 / before.r.p50;
      goals.push({
        goal: `gift-card?page=1 at ${run.label}: p50 after / before <= 1.1 (no slower)`,
        measured: x2(ratio),
        ok: ratio <= 1.1,
      });
    }
  }
  const pglite10k = res.runs.find((r) => r.db === 'PGlite' && r.cards === 10_000);
  const pglitePage1 = pglite10k?.routes.find((x) => x.route === PAGE_1.name);
  if (pglitePage1?.r.cpu) {
    const ms = pglitePage1.r.cpu.serverMs;
    goals.push({ goal: 'PGlite 10k: gift-card?page=1 server CPU <= 1 ms a request', measured: `${ms.toFixed(2)} ms`, ok: ms <= 1 });
  }
  if (big) {
    const e = big.exportRun;
    if (e) {
      goals.push({
        goal: `export of every card at ${big.label}: every row`,
        measured: `${e.rows} of ${big.cards}`,
        ok: e.rows === big.cards,
      });
      const growthMb = e.rssPeakMb - e.rssBeforeMb;
      goals.push({
        goal: `export of every card at ${big.label}: server memory grows < 64 MB (constant, whatever the size)`,
        measured: `${growthMb.toFixed(0)} MB (${(e.rows / e.seconds).toFixed(0)} rows/s)`,
        ok: growthMb < 64,
      });
    }
    for (const f of big.routes.filter((x) => x.kind === 'report')) {
      const ratio = f.r.p50 / big.floor.p50;
      goals.push({ goal: `${f.route} at ${big.label}: p50 within 3x of floor p50`, measured: x2(ratio), ok: ratio <= 3 });
    }
  }
  if (big) {
    for (const p of big.payments) {
      const ratio = big.pgbench ? p.result.rps / big.pgbench.tps : NaN;
      goals.push({
        goal: `payments (${p.name}) at ${big.label} >= 40% of pgbench TPC-B`,
        measured: big.pgbench ? `${pct(ratio)} (${p.result.rps.toFixed(0)} / ${big.pgbench.tps.toFixed(0)} tps)` : 'pgbench not measured',
        ok: big.pgbench ? ratio >= 0.4 : null,
      });
    }
  }
  for (const run of runs.filter((r) => r.invariants.length)) {
    const broken = run.invariants.filter((i) => i.broken !== 0);
    goals.push({
      goal: `ledger invariants after payments (${run.label})`,
      measured: broken.length ? broken.map((b) => `${b.name}: ${b.broken}`).join('; ') : `${run.invariants.length} checks, none broken`,
      ok: broken.length === 0,
    });
  }
  const loads = res.runs.flatMap((r) => [
    ...r.floors,
    ...r.routes.flatMap((f) => (f.page1 ? [f.r, f.page1] : [f.r])),
    ...r.payments.map((p) => p.result),
  ]);
  const fiveXX = loads.reduce((s, r) => s + serverErrors(r), 0);
  const connErrors = loads.reduce((s, r) => s + r.errors, 0);
  goals.push({
    goal: 'no 5xx in any run',
    measured: `${fiveXX} 5xx, ${connErrors} connection errors`,
    ok: fiveXX === 0 && connErrors === 0,
  });
  if (res.reviewSpeed) {
    goals.push({
      goal: 'review: decision to the next card on screen, median of 20 < 300 ms',
      measured: `${res.reviewSpeed.medianMs.toFixed(0)} ms`,
      ok: res.reviewSpeed.medianMs < 300,
    });
  }
  if (res.renderer) {
    goals.push({
      goal: 'login screen JavaScript <= 250 kB gzip',
      measured: `${(res.renderer.login / 1000).toFixed(1)} kB`,
      ok: res.renderer.login <= 250_000,
    });
  }
  if (res.screens) goals.push(...screenGoals(res.screens));
  return goals;
}

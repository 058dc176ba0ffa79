import { describe, expect, it } from 'vitest';
import { evaluateGoals } from '../../bench/goals';
import type { LoadResult } from '../../bench/load-spec';
import type { Results, RouteFigure, SizeRun } from '../../bench/results';
import { screenGoals, type ScreenFigure, type ScreensRun } from '../../bench/renderer-screens';

const load = (p50: number, status: Record<string, number> = { '200': 100 }): LoadResult => ({
  seconds: 3,
  requests: 100,
  ok: 100,
  rps: 10 / p50,
  p50,
  p99: p50 * 2,
  status,
  warmupStatus: {},
  errors: 0,
  timeouts: 0,
});

const run = (routes: RouteFigure[]): SizeRun =>
  ({
    db: 'PostgreSQL',
    label: '1m',
    cards: 1_000_000,
    floors: [load(0.5)],
    floor: load(0.5),
    routes,
    payments: [],
    invariants: [],
  }) as unknown as SizeRun;

const results = (routes: RouteFigure[]): Results =>
  ({ runs: [run(routes)], renderer: null, screens: null, reviewSpeed: null, failures: [] }) as unknown as Results;

const goalOf = (res: Results, route: string) => evaluateGoals(res).find((g) => g.goal.startsWith(route));

describe('bench goals: work queues against gift-card page 1', () => {
  const page1: RouteFigure = { route: 'GET /api/gift-card?page=1', kind: 'list', r: load(10) };

  it('compares a queue route with page 1 measured right before it when the run has it', () => {
    // The list's page 1 (10 ms, measured minutes earlier) would make 25 ms a miss; page 1 right before it took 13 ms.
    const res = results([page1, { route: 'GET /api/gift-card?status=0', kind: 'queue', r: load(25), page1: load(13) }]);
    expect(goalOf(res, 'GET /api/gift-card?status=0')).toMatchObject({ measured: '1.92x', ok: true });
  });

  it('falls back to the list page 1 for results without the pair, and a miss is a miss', () => {
    const res = results([page1, { route: 'GET /api/gift-card?status=0', kind: 'queue', r: load(25) }]);
    expect(goalOf(res, 'GET /api/gift-card?status=0')).toMatchObject({ measured: '2.50x', ok: false });
    const paired = results([page1, { route: 'GET /api/gift-card?status=0', kind: 'queue', r: load(25), page1: load(12) }]);
    expect(goalOf(paired, 'GET /api/gift-card?status=0')).toMatchObject({ measured: '2.08x', ok: false });
  });

  it('searches get 3x; a 5xx on the paired page 1 counts against the run', () => {
    const res = results([
      page1,
      { route: 'GET /api/gift-card?q=7781 (substring search)', kind: 'queue', r: load(35), page1: load(12, { '200': 99, '500': 1 }) },
    ]);
    expect(goalOf(res, 'GET /api/gift-card?q=7781')).toMatchObject({ measured: '2.92x', ok: true });
    expect(goalOf(res, 'no 5xx')).toMatchObject({ ok: false });
  });
});

describe('bench goals: screens against the blank page', () => {
  const screen = (name: string, longestTaskMs: number, floor = false): ScreenFigure => ({
    screen: name,
    role: 'admin',
    path: '/',
    ...(floor ? { floor } : {}),
    scriptMs: 1,
    longestTaskMs,
    blockingMs: 0,
    lcpMs: null,
    cls: 0,
    layoutShifts: [0],
    longestTasks: [longestTaskMs],
    longestTaskCpuMs: longestTaskMs / 2,
    csp: [],
  });
  const screensRun = (screens: ScreenFigure[]): ScreensRun => ({
    started: '',
    rounds: 1,
    machine: { cpus: 2, loadBefore: [], loadAfter: [], chromium: '' },
    screens,
  });

  it("judges the app's screens only, and shows the blank page's longest task beside them", () => {
    const [tasks] = screenGoals(screensRun([screen('blank page (floor)', 60, true), screen('offers', 45), screen('users', 48)]));
    expect(tasks).toMatchObject({ ok: true, measured: "longest 48 ms (users); a blank page's: 60 ms" });
    const [missed] = screenGoals(screensRun([screen('blank page (floor)', 30, true), screen('offers', 52)]));
    expect(missed).toMatchObject({ ok: false, measured: "1 over: offers 52 ms; a blank page's: 30 ms" });
  });

  const vitals = (lcpMs: number | null, layoutShifts: number[], floor = false): ScreenFigure => ({
    ...screen(floor ? 'blank page (floor)' : "a card's page", 20, floor),
    lcpMs,
    cls: [...layoutShifts].sort((a, b) => a - b)[1],
    layoutShifts,
  });
  const vitalGoalsOf = (run: ScreensRun) => screenGoals(run).slice(2);

  it('judges layout shift and LCP per screen of the app on a throttled run, saying by how much a screen misses', () => {
    const run = { ...screensRun([vitals(5000, [1, 1, 1], true), vitals(1499, [0.01, 0.049, 0.2])]), cpuThrottle: 2 };
    expect(vitalGoalsOf(run)).toEqual([
      expect.objectContaining({ ok: true, measured: 'layout shift 0.049 (0.010, 0.049, 0.200), LCP 1499 ms' }),
    ]);
    const missed = { ...screensRun([vitals(1620, [0.31, 0.3, 0.33])]), cpuThrottle: 2 };
    expect(vitalGoalsOf(missed)).toEqual([
      expect.objectContaining({
        ok: false,
        measured: 'layout shift 0.310 (0.310, 0.300, 0.330), LCP 1620 ms: layout shift 0.260 over, LCP 120 ms over',
      }),
    ]);
  });

  it('does not judge them on a run without the throttling the goals are set for', () => {
    const [unthrottled] = vitalGoalsOf(screensRun([vitals(900, [0, 0, 0])]));
    expect(unthrottled).toMatchObject({ ok: null });
    expect(unthrottled.measured).toContain('not judged, no CPU throttling');
  });
});

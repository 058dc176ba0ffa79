import { describe, expect, it } from 'vitest';
import { evaluateGoals } from '../../bench/goals';
import type { LoadResult } from '../../bench/load-spec';
import type { Results, RouteFigure, SizeRun } from '../../bench/results';

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

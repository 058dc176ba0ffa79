import { describe, expect, it } from 'vitest';
import { defineArgs, escapeColons, routeScript } from '../../bench/route-script';
import { anchorGoals } from '../../bench/goals';
import type { LoadResult } from '../../bench/load-spec';
import type { SizeRun } from '../../bench/results';

describe("bench: a route's statements as a pgbench script", () => {
  const token = { sql: 'select id from auth_tokens where token_hash = $1 limit $2', params: ['ab12', 1] };

  it('puts a variable in place of every parameter: integers \\set, other values defined, one variable a value', () => {
    const page = { sql: 'SELECT * FROM t WHERE name = $1 LIMIT $2 OFFSET $3', params: ['gift_cards', 6, 0] };
    const { script, defines } = routeScript([token, page]);
    expect(script).toBe(
      [
        '\\set v2 1',
        '\\set v4 6',
        '\\set v5 0',
        'select id from auth_tokens where token_hash = :v1 limit :v2;',
        'SELECT * FROM t WHERE name = :v3 LIMIT :v4 OFFSET :v5;',
        '',
      ].join('\n'),
    );
    expect(defines).toEqual({ v1: 'ab12', v3: 'gift_cards' });
    expect(defineArgs(defines)).toEqual(['-D', 'v1=ab12', '-D', 'v3=gift_cards']);
  });

  it('draws a varied value anew each transaction, in every statement that used it', () => {
    const card = { sql: 'select * from gift_cards where id = $1', params: [5000] };
    const reads = { sql: 'select * from card_number_reads where gift_card_id = $1 and n > $2', params: [5000, 5001] };
    const { script } = routeScript([card, reads], [{ name: 'card_id', value: 5000, expr: 'random(1, 10000)' }]);
    expect(script.split('\n')).toEqual([
      '\\set card_id random(1, 10000)',
      '\\set v1 5001',
      'select * from gift_cards where id = :card_id;',
      'select * from card_number_reads where gift_card_id = :card_id and n > :v1;',
      '',
    ]);
  });

  it('tells $1 from $10, sends arrays as node-postgres does, and writes a null as NULL', () => {
    const params = [1, 2, 3, 4, 5, 6, 7, 8, 9, [10, 11], null];
    const sql = 'select $1, $2, $3, $4, $5, $6, $7, $8, $9, $10::int[], $11';
    const { script, defines } = routeScript([{ sql, params }]);
    expect(script.trim().split('\n').at(-1)).toBe('select :v1, :v2, :v3, :v4, :v5, :v6, :v7, :v8, :v9, :v10::int[], NULL;');
    expect(defines).toEqual({ v10: '{"10","11"}' });
  });

  it('refuses a statement with fewer values than placeholders', () => {
    expect(() => routeScript([{ sql: 'select $1, $2', params: [1] }])).toThrow(/\$2 but 1 values/);
  });

  it('leaves pgbench no variable inside a string literal, and the literal its value', () => {
    const sql = `select to_char(t, 'YYYY-MM-DD"T"HH24:MI:SS') AS at, 'a\\b:c' AS s, 'it''s' AS q, x::text, ':' AS colon FROM t`;
    expect(escapeColons(sql)).toBe(
      `select to_char(t, E'YYYY-MM-DD"T"HH24\\x3aMI\\x3aSS') AS at, E'a\\\\b\\x3ac' AS s, 'it''s' AS q, x::text, ':' AS colon FROM t`,
    );
    expect(routeScript([{ sql, params: [] }]).script).not.toMatch(/:(MI|SS|c)\b/);
  });
});

describe('bench goals: list routes against pgbench of their statements', () => {
  const load = (rps: number) => ({ rps, p50: 1 }) as LoadResult;
  const run = {
    label: '1m',
    routes: [
      { route: 'GET /api/gift-card?page=1', kind: 'list', r: load(600) },
      { route: 'GET /api/seller-due (reference)', kind: 'reference', r: load(900) },
    ],
    before: [{ route: 'GET /api/gift-card?page=1', kind: 'list', r: load(400) }],
    listAnchors: [{ route: 'GET /api/gift-card?page=1', statements: 2, tps: 1000, clients: 10, seconds: 3, script: 'x.sql' }],
  } as unknown as SizeRun;

  it('judges each list route and the code before the split at 50% of its pgbench figure', () => {
    expect(anchorGoals(run)).toEqual([
      { goal: 'GET /api/gift-card?page=1 at 1m: req/s >= 50% of pgbench of its statements', measured: '60% (600 / 1000 tps)', ok: true },
      {
        goal: 'GET /api/gift-card?page=1 at 1m, before the split: req/s >= 50% of pgbench of its statements',
        measured: '40% (400 / 1000 tps)',
        ok: false,
      },
    ]);
  });

  it('takes the pgbench run right after a figure when the run has it', () => {
    const before = [{ route: 'GET /api/gift-card?page=1', kind: 'list', r: load(400), pgbench: 700 }];
    expect(anchorGoals({ ...run, before } as SizeRun)[1]).toMatchObject({ measured: '57% (400 / 700 tps)', ok: true });
  });

  it('says when pgbench was not measured', () => {
    expect(anchorGoals({ ...run, before: undefined, listAnchors: undefined })).toEqual([
      expect.objectContaining({ measured: 'pgbench not measured', ok: null }),
    ]);
  });
});

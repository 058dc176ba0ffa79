import fs from 'node:fs';
import { capturingServices, statementsOf, type Capturing } from './capture';
import { cpuSupported } from './cpu';

/**
 * What a statement costs, by how it is issued: as the server issues it today (drizzle builds the SQL text on every call
 * and PostgreSQL plans it every time) against the same SQL as a named prepared statement (built and planned once per
 * connection), and a page with its total in one statement. CPU milliseconds per call in this process (node-postgres
 * and drizzle, as in the server) and in the PostgreSQL backend, one connection, calls one after another.
 */
export interface StatementCost {
  what: string;
  statements: number;
  clientMs: number;
  backendMs: number;
  wallMs: number;
}

const backendCpuMs = (pid: number) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
};

async function cost(
  c: Capturing,
  pid: number,
  what: string,
  statements: number,
  call: () => Promise<unknown>,
  n: number,
): Promise<StatementCost> {
  for (let i = 0; i < 200; i++) await call();
  const cpu0 = process.cpuUsage();
  const b0 = backendCpuMs(pid);
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await call();
  const cpu = process.cpuUsage(cpu0);
  return {
    what,
    statements,
    clientMs: (cpu.user + cpu.system) / 1000 / n,
    backendMs: (backendCpuMs(pid) - b0) / n,
    wallMs: (performance.now() - t0) / n,
  };
}

export async function statementCosts(url: string, n = 2000): Promise<StatementCost[]> {
  if (!cpuSupported()) return [];
  const c = await capturingServices(url);
  try {
    const s = c.services;
    const pid = Number((await c.pool.query('SELECT pg_backend_pid() AS pid')).rows[0].pid);
    const [token] = await statementsOf(c, () => s.auth.authenticate(c.staff.token));
    const page = await statementsOf(c, () => s.cards.list({ page: 1 }));
    const list = page.find((q) => !/counters/.test(q.sql)) ?? page[0];
    const oneStatement = `SELECT q.*, (SELECT sum(value) FROM counters WHERE name = 'gift_cards')::int AS total FROM (${list.sql}) q`;
    const out: StatementCost[] = [];
    out.push(await cost(c, pid, 'SELECT 1 (one round trip)', 1, () => c.pool.query('SELECT 1'), n));
    out.push(await cost(c, pid, 'token check, as the server issues it', 1, () => s.auth.authenticate(c.staff.token), n));
    out.push(
      await cost(
        c,
        pid,
        'token check, same SQL as a named prepared statement',
        1,
        () => c.pool.query({ name: 'bench_token', text: token.sql, values: token.params }),
        n,
      ),
    );
    out.push(await cost(c, pid, 'card page 1 + total, as the server issues it', page.length, () => s.cards.list({ page: 1 }), n));
    out.push(
      await cost(
        c,
        pid,
        'card page 1 + total, one named prepared statement',
        1,
        () => c.pool.query({ name: 'bench_cards', text: oneStatement, values: list.params }),
        n,
      ),
    );
    // LIMIT is a parameter, so PostgreSQL estimates 10% of the table for the generic plan and keeps planning each call.
    await c.pool.query('SET plan_cache_mode = force_generic_plan');
    out.push(
      await cost(
        c,
        pid,
        'same, generic plan (plan_cache_mode = force_generic_plan)',
        1,
        () => c.pool.query({ name: 'bench_cards_generic', text: oneStatement, values: list.params }),
        n,
      ),
    );
    await c.pool.query('RESET plan_cache_mode');
    return out;
  } finally {
    await c.close();
  }
}

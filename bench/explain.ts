import path from 'node:path';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '../src/server/db/schema';
import type { Database, Db } from '../src/server/db/client';
import { testConfig } from '../src/server/config';
import { createServices } from '../src/server/services';
import type { AuthUser } from '../src/server/modules/auth/service';
import { BENCH_ACCOUNTS } from './generate-sql';
import { reportBodies } from './routes';

/**
 * The database side of each measured route: the server's own services are called once over a connection whose
 * drizzle logger captures every statement, and each captured SELECT is run again under EXPLAIN ANALYZE (best of 3).
 */
export interface ExplainRow { route: string; queries: number; planningMs: number; executionMs: number; seqScans: string[] }

type Captured = { sql: string; params: unknown[] };
type Plan = { 'Node Type': string; 'Relation Name'?: string; 'Actual Rows'?: number; 'Actual Loops'?: number; 'Rows Removed by Filter'?: number; Plans?: Plan[] };

/** Sequential scans that read at least 1000 rows (small lookup tables are fine to scan). */
function seqScans(p: Plan, out: string[] = []): string[] {
  const read = ((p['Actual Rows'] ?? 0) + (p['Rows Removed by Filter'] ?? 0)) * (p['Actual Loops'] ?? 1);
  if (p['Node Type'] === 'Seq Scan' && p['Relation Name'] && read >= 1000) out.push(`${p['Relation Name']} (${read} rows read)`);
  for (const c of p.Plans ?? []) seqScans(c, out);
  return out;
}

export async function explainRoutes(url: string, cardId: number): Promise<ExplainRow[]> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const captured: Captured[] = [];
  const db = drizzle(pool, { schema, logger: { logQuery: (sql, params) => void captured.push({ sql, params }) } }) as unknown as Db;
  const database: Database = {
    db, kind: 'postgres',
    query: async (q) => ((await db.execute(q)) as unknown as { rows: never[] }).rows,
    close: () => pool.end(),
  };
  const s = createServices(database, testConfig({ DATA_DIR: path.resolve('bench/data/server') }));
  try {
    const staff = (await s.auth.login(BENCH_ACCOUNTS.admin, BENCH_ACCOUNTS.password, '127.0.0.1')) as { token: string; user: AuthUser };
    const seller = (await s.auth.login(BENCH_ACCOUNTS.seller, BENCH_ACCOUNTS.password, '127.0.0.1')) as { token: string; user: AuthUser };
    const r = reportBodies();
    const calls: [string, () => Promise<unknown>][] = [
      ['token check (every authenticated request)', () => s.auth.authenticate(staff.token)],
      ['GET /api/gift-card?page=1', () => s.cards.list(1)],
      ['GET /api/my-giftcard?page=1', () => s.cards.mine(seller.user, 1)],
      ['GET /api/gift-card/{id}', () => s.cards.get(staff.user, cardId)],
      ['GET /api/seller-lists?page=1', () => s.sellers.list(1)],
      ['GET /api/transaction?page=1', () => s.ledger.list(1)],
      ['POST /api/chart-data (year, all sellers)', () => s.reports.daily(staff.user, r.daily)],
      ['POST /api/chart-data (year, one seller)', () => s.reports.daily(seller.user, r.daily)],
      ['POST /api/chart-data-yearly (all sellers)', () => s.reports.yearly(staff.user, r.yearly)],
      ['POST /api/chart-data-yearly (one seller)', () => s.reports.yearly(seller.user, r.yearly)],
      ['GET /api/chart-data (dashboard, year)', () => s.reports.dashboard(staff.user, r.dashboard)],
    ];
    const rows: ExplainRow[] = [];
    for (const [route, call] of calls) {
      captured.length = 0;
      await call();
      const selects = captured.filter((c) => /^\s*(select|with)\b/i.test(c.sql));
      const row: ExplainRow = { route, queries: captured.length, planningMs: 0, executionMs: 0, seqScans: [] };
      for (const q of selects) {
        let [plan, exec, root] = [Infinity, Infinity, null as Plan | null];
        for (let i = 0; i < 3; i++) {
          const res = await pool.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${q.sql}`, q.params);
          const e = (res.rows[0]['QUERY PLAN'] as { Plan: Plan; 'Planning Time': number; 'Execution Time': number }[])[0];
          plan = Math.min(plan, e['Planning Time']);
          exec = Math.min(exec, e['Execution Time']);
          root = e.Plan;
        }
        row.planningMs += plan;
        row.executionMs += exec;
        if (root) row.seqScans.push(...seqScans(root));
      }
      rows.push(row);
    }
    return rows;
  } finally {
    await pool.end();
  }
}

import { capturingServices, statementsOf } from './capture';
import { queueRoutes, reportBodies } from './routes';
import * as L from '../src/shared/list-queries';

/**
 * The database side of each measured route: the server's own services are called once over a connection whose
 * drizzle logger captures every statement, and each captured SELECT is run again under EXPLAIN ANALYZE (best of 3).
 */
export interface ExplainRow {
  route: string;
  queries: number;
  planningMs: number;
  executionMs: number;
  seqScans: string[];
}

type Plan = {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: Plan[];
};

/** Sequential scans that read at least 1000 rows (small lookup tables are fine to scan). */
function seqScans(p: Plan, out: string[] = []): string[] {
  const read = ((p['Actual Rows'] ?? 0) + (p['Rows Removed by Filter'] ?? 0)) * (p['Actual Loops'] ?? 1);
  if (p['Node Type'] === 'Seq Scan' && p['Relation Name'] && read >= 1000) out.push(`${p['Relation Name']} (${read} rows read)`);
  for (const c of p.Plans ?? []) seqScans(c, out);
  return out;
}

export async function explainRoutes(url: string, cardId: number, hotSeller: number, cards: number): Promise<ExplainRow[]> {
  const c = await capturingServices(url);
  const s = c.services;
  const [staff, seller] = [c.staff, c.seller];
  try {
    const r = reportBodies();
    const calls: [string, () => Promise<unknown>][] = [
      ['token check (every authenticated request)', () => s.auth.authenticate(staff.token)],
      ['GET /api/gift-card?page=1', () => s.cards.list({ page: 1 })],
      ['GET /api/my-giftcard?page=1', () => s.cards.mine(seller.user, { page: 1 })],
      ['GET /api/gift-card/{id}', () => s.cards.get(staff.user, cardId)],
      ['GET /api/seller-lists?page=1', () => s.sellers.list({ page: 1 })],
      ['GET /api/transaction?page=1', () => s.ledger.list({ page: 1 })],
      ['POST /api/chart-data (year, all sellers)', () => s.reports.daily(staff.user, r.daily)],
      ['POST /api/chart-data (year, one seller)', () => s.reports.daily(seller.user, r.daily)],
      ['POST /api/chart-data-yearly (all sellers)', () => s.reports.yearly(staff.user, r.yearly)],
      ['POST /api/chart-data-yearly (one seller)', () => s.reports.yearly(seller.user, r.yearly)],
      ['GET /api/chart-data (dashboard, year)', () => s.reports.dashboard(staff.user, r.dashboard)],
    ];
    // The work-queue routes, with the same query strings the load measures, parsed as the server parses them.
    for (const def of queueRoutes(hotSeller, cards)) {
      const [path, qs] = def.path.replace('/api/', '').split('?') as [string, string];
      const q = Object.fromEntries(new URLSearchParams(qs));
      const call =
        path === 'gift-card'
          ? () => s.cards.list(L.cardListQuery.parse(q))
          : path === 'my-giftcard'
            ? () => s.cards.mine(seller.user, L.myCardListQuery.parse(q))
            : () => s.ledger.list(L.transactionListQuery.parse(q));
      calls.push([def.name, call]);
    }
    const rows: ExplainRow[] = [];
    for (const [route, call] of calls) {
      const statements = await statementsOf(c, call);
      const row: ExplainRow = { route, queries: statements.length, planningMs: 0, executionMs: 0, seqScans: [] };
      for (const q of statements.filter((x) => /^\s*(select|with)\b/i.test(x.sql))) {
        let [plan, exec, root] = [Infinity, Infinity, null as Plan | null];
        for (let i = 0; i < 3; i++) {
          const res = await c.pool.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${q.sql}`, q.params);
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
    await c.close();
  }
}

import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../client';
import { rowsOf } from '../rows';
import type { Cursor } from '../../../shared/list-queries';
import { capOf, type Plan } from './core';
import { choosePlan } from './choose-plan';
import { guessWasWrong, withoutGuessing } from './plans/guess-and-verify';
import { readingOf, type Reading } from './reading';
import type { Filters, ListDef, ListPage, PageRequest, PageRows } from './types';

type Listed = Filters & { sort?: string };

/** One page of a list: its ids in order, the total, and the cursors next to it. */
export async function listPage<F extends Listed>(tx: Tx, def: ListDef<F>, q: F, req: PageRequest): Promise<ListPage> {
  const f = def.resolve ? await def.resolve(tx, q, true) : q;
  const r = readingOf(def, f, req);
  const plan = choosePlan(def, f, req, r);
  req.log?.debug({ plan: plan.names.join('+') }, 'list plan');
  const found = await readRows(tx, plan, req);
  if (plan.verifiesGuess && guessWasWrong(found)) return listPage(tx, withoutGuessing(def), q, req);
  return pageOf(found, r, plan.exact ? undefined : capOf(f), req.offset);
}

/** A page read by a given plan (the plan tests compare each plan with the plain one). */
export async function pageByPlan<F extends Listed>(
  tx: Tx,
  def: ListDef<F>,
  f: F,
  req: PageRequest,
  planOf: (r: Reading) => Plan,
): Promise<ListPage> {
  const r = readingOf(def, f, req);
  const plan = planOf(r);
  return pageOf(await readRows(tx, plan, req), r, plan.exact ? undefined : capOf(f), req.offset);
}

/**
 * The plan's statement: its rows `pr` (id, k, o: in the page's order) and total `pa.n` through arrays, so that a
 * plan joining them expects a page of rows whatever the LIMIT; `read` joins the rows' columns on.
 */
function readRows(tx: Tx, plan: Plan, req: PageRequest): Promise<PageRows> {
  const aggregated = sql`(SELECT ${plan.total ?? sql`max(x.n)`} AS n, array_agg(x.id) AS ids, array_agg(x.k) AS ks
 FROM (${plan.rows}) x) pa`;
  const page = sql`${aggregated} CROSS JOIN LATERAL unnest(pa.ids, pa.ks) WITH ORDINALITY AS pr(id, k, o)`;
  return (req.read ?? readIds(tx))(page);
}
const readIds = (tx: Tx) => (page: SQL) =>
  rowsOf<PageRows[number]>(tx, sql`SELECT pa.n, pr.id, pr.k FROM ${page} ORDER BY pr.o`);

/** The page out of its rows (one more than the page when there is a next one), with its total and cursors. */
function pageOf(found: PageRows, r: Reading, cap: number | undefined, offset: number): ListPage {
  const [n, rows] = [Number(found[0]?.n ?? 0), found.filter((row) => row.id !== null)];
  const capped = cap !== undefined && n > cap;
  const page = rows.slice(0, r.limit);
  if (r.back) page.reverse();
  const [first, last, more] = [page[0], page.at(-1), rows.length > r.limit];
  const at = (row: PageRows[number], back: boolean): Cursor => ({ sort: r.sort, key: row.k, id: Number(row.id), back });
  return {
    ids: page.map((row) => Number(row.id)),
    rows: page,
    count: { total: capped ? cap : n, capped },
    next: last && (r.back || more) ? at(last, false) : undefined,
    prev: first && (r.back ? more : r.cursor !== undefined || offset > 0) ? at(first, true) : undefined,
  };
}

import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_TOTAL_CAP, TOTAL_CAP } from '../../../shared/list-queries';
import { allOf, either, oneOf } from './conditions';
import type { Reading } from './reading';
import type { Filters, ListDef, PageRequest, Search } from './types';

/**
 * How a page and its total are read, as one statement: `rows` answers (n, id, k), the total in every row and the
 * page's rows in order (one row with a null id when the page is empty). `names`: the plans it took (logged); `exact`:
 * the total is exact, not capped; `total`: the total out of `x.n` (max(x.n) unless a plan says otherwise).
 */
export interface Plan {
  names: string[];
  rows: SQL;
  exact: boolean;
  total?: SQL;
  /** The statement answers a total of -1 when the resolve's guess was wrong (plans/guess-and-verify.ts). */
  verifiesGuess?: boolean;
}

/** The rows every condition given selects (`where`), and the search among them, if any. */
export function conditionsOf<F extends Filters>(def: ListDef<F>, f: F) {
  const given = Object.entries(def.filters).map(([name, cond]) => (f[name] == null ? undefined : cond?.(f[name], f)));
  const search = given.find((c): c is Search => c !== undefined && 'ways' in c);
  const plain = (c: SQL | Search | undefined) => (c && 'ways' in c ? searchCondition(c) : c);
  /** Every condition but the search's (a plan that reads the search its own way adds it back). */
  const rest = () => allOf([def.base, ...given.filter((c) => c !== search).map(plain)]);
  return { where: allOf([def.base, ...given.map(plain)]), search, rest };
}
/** A search as one condition: any of its ways, or one of its sellers. */
const searchCondition = (s: Search) => either([...s.ways, oneOf(s.each.column, s.each.ids)]);

/** A total is counted up to this many rows; past it the answer says the total is capped. */
export const capOf = (f: Filters) => (f.q !== undefined ? SEARCH_TOTAL_CAP : TOTAL_CAP);

/**
 * Pages that end within SHALLOW rows are read through a constant LIMIT: a plan's LIMIT that is a bound value is
 * guessed at a tenth of the table and the statement planned on every call; a constant keeps one generic plan.
 */
const SHALLOW = 200;
export const constantDepth = (rows: number): SQL => sql.raw(String(rows));
/** As deep as the page reaches, plus one row (is there a next page?). */
export const boundDepth = (r: Reading): SQL => sql`${r.offset + r.limit + 1}`;
export const plainDepth = (r: Reading) => (r.offset + r.limit + 1 <= SHALLOW ? constantDepth(SHALLOW) : boundDepth(r));

/** The rows meeting `cond` from the reading's position on, in its order, `depth` of them: (id, sk, k). */
export const selectRows = (from: SQL, r: Reading, cond: SQL, depth: SQL): SQL =>
  sql`SELECT ${r.id} AS id, ${r.key.key} AS sk, ${r.key.key}::text AS k FROM ${from}${r.key.join ?? sql``} WHERE ${cond} AND ${r.position}
 ORDER BY ${r.order} LIMIT ${depth}`;

/** The page of `rows` (one more row than the page: is there a next one?). */
const pageOf = (r: Reading, rows: SQL) =>
  sql`SELECT p.id, p.k FROM (${rows}) p ORDER BY ${r.ordered} LIMIT ${r.limit + 1} OFFSET ${r.offset}`;

/** How many rows meet `cond`, counted up to cap + 1 (a constant, as the depth: one plan). */
export const cappedCount = (from: SQL, cond: SQL, cap: number): SQL =>
  sql`(SELECT count(*) FROM (SELECT 1 FROM ${from} WHERE ${cond} LIMIT ${constantDepth(cap + 1)}) m)`;

/** The page of `rows` and its total (a one-row subquery the page joins) as (n, id, k). */
export const withCount = (r: Reading, total: SQL, rows: SQL): SQL =>
  sql`SELECT c.n, p.id, p.k FROM (SELECT (${total})::int AS n) c LEFT JOIN LATERAL (${pageOf(r, rows)}) p ON TRUE`;

/** The total when no plan counts its own way: none (an export), a counter's, or a capped count of `where`. */
export function plainTotal<F extends Filters>(def: ListDef<F>, f: F, req: PageRequest, where: SQL) {
  const exact = def.counter?.(f);
  const total = req.uncounted ? sql`0` : exact ? sql`greatest(0, ${exact})` : cappedCount(def.from, where, capOf(f));
  return { total, exact: !!exact };
}

/** The plain plan: `where` from the position in the sort's order, with the list's counter or a capped count. */
export function plainPlan<F extends Filters>(def: ListDef<F>, f: F, req: PageRequest, r: Reading, where?: SQL): Plan {
  where ??= conditionsOf(def, f).where;
  const { total, exact } = plainTotal(def, f, req, where);
  return { names: ['plain'], exact, rows: withCount(r, total, selectRows(def.from, r, where, plainDepth(r))) };
}

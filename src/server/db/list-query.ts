import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from './client';
import { firstRow, idArray, rowsOf } from './rows';
import { invalidFields } from '../http/errors';
import { centsToDecimal } from '../../shared/money';
import { SEARCH_TOTAL_CAP, TOTAL_CAP, type Cursor } from '../../shared/list-queries';

/** The one way a list is read: a list declares its source, filters, sorts and counters as data (docs/lists.md). */
export type KeyType = 'int' | 'numeric' | 'timestamptz' | 'text';
/** A sort's key; `nullsLast`: it can be null, and null keys come last in both directions. */
export type SortKey = { key: SQL; type: KeyType; nullsLast?: boolean };
export type Filters = Record<string, unknown>;
export interface ListDef<F extends Filters> {
  from: SQL;
  id: SQL;
  /** What every row meets, whatever the query. */
  base?: SQL;
  /** One condition per query parameter given (the search `q` may be a `Search`). */
  filters: { [K in keyof F]?: (value: NonNullable<F[K]>, f: F) => SQL | Search | undefined };
  sorts: Record<string, SortKey>;
  defaultSort: string;
  /** Looks up what the filters need first (a search's matching offers and sellers), bound as values, or may `guess` (Search). */
  resolve?: (tx: Tx, f: F, guess: boolean) => Promise<F>;
  /** A trigger-kept exact count for these filters, if there is one. */
  counter?: (f: F) => SQL | undefined;
}
/** `uncounted`: skip the total (an export); `read`: reads the page's rows (`pa.n`, `pr.id`, `pr.k`, `pr.o` of `page`) with their columns. */
export type PageRequest = { limit: number; offset: number; cursor?: Cursor; uncounted?: boolean; read?: (page: SQL) => Promise<PageRows> };
type PageRows = { n: number; id: number | null; k: string | null }[];
/** A page's ids (and rows as `read` answered them), the total, and the cursors of the pages after and before it (if any). */
export type ListPage = { ids: number[]; rows: PageRows; count: { total: number; capped: boolean }; next?: Cursor; prev?: Cursor };

/** The conditions joined with AND; TRUE when there are none. */
export function allOf(conditions: (SQL | undefined | false)[]): SQL {
  const present = conditions.filter((c): c is SQL => !!c);
  return present.length ? sql`(${sql.join(present, sql` AND `)})` : sql`TRUE`;
}
export const anyOf = (conditions: SQL[]): SQL => sql`(${sql.join(conditions, sql` OR `)})`;
/** An ILIKE pattern matching `q` anywhere, `%`, `_` and `\` in it taken literally. */
export const containing = (q: string): string => `%${likeText(q)}%`;
const likeText = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Day bounds in the report time zone (the zone the reports count days in). */
const reportTz = sql`(SELECT value FROM app_settings WHERE key = 'report_tz')`;
export const dayFrom = (column: SQL, day: string): SQL => sql`${column} >= ((${day}::date)::timestamp AT TIME ZONE ${reportTz})`;
export const dayTo = (column: SQL, day: string): SQL => sql`${column} < ((${day}::date + 1)::timestamp AT TIME ZONE ${reportTz})`;
export const atLeast = (column: SQL, cents: number): SQL => sql`${column} >= ${centsToDecimal(cents)}::numeric`;
export const atMost = (column: SQL, cents: number): SQL => sql`${column} <= ${centsToDecimal(cents)}::numeric`;
/** A search's `offers` (ids) and sellers: the ids of those whose name or email starts with q, case-insensitive (unless not `sellers`),
 * the first EACH_MAX + 1 from q on in each prefix index of 0013 (one plan for any q, unlike LIKE), all by LIKE past that. */
export async function lookUp(tx: Tx, q: string, offers = sql`'{}'::int[]`, sellers = true) {
  const [lo, like] = [q.toLowerCase(), `${likeText(q.toLowerCase())}%`];
  const first = (c: SQL) =>
    sql`ARRAY(SELECT id FROM (SELECT id, ${c} AS c FROM users WHERE role = 'seller' AND ${c} ~>=~ ${lo} ORDER BY ${c} USING ~<~ LIMIT 9) f WHERE starts_with(c, ${lo}))`;
  const past = sql`cardinality(n) > ${EACH_MAX} OR cardinality(e) > ${EACH_MAX}`;
  const each = sql`(SELECT CASE WHEN ${past} THEN NULL ELSE n || e END FROM (SELECT ${first(sql`lower(name)`)} n, ${first(sql`lower(email)`)} e) s)`;
  const firsts = sellers ? each : sql`'{}'::int[]`;
  const row = (await firstRow<{ o: number[]; s: number[] | null }>(tx, sql`SELECT ${offers} AS o, ${firsts} AS s`))!;
  const all = sql`ARRAY(SELECT id FROM users WHERE role = 'seller' AND (lower(name) LIKE ${like} OR lower(email) LIKE ${like}))`;
  const s = row.s ?? (await firstRow<{ s: number[] }>(tx, sql`SELECT ${all} AS s`))!.s;
  return { offers: row.o.map(Number), sellers: [...new Set(s.map(Number))] };
}
/** Some seller's name or email starts with q: the first one from q on in its prefix index does (unlike LIKE, one plan for any q). */
export const aSellerStarting = (q: string): SQL => sql`(${firstFrom(sql`lower(name)`, q)} OR ${firstFrom(sql`lower(email)`, q)})`;
const firstFrom = (c: SQL, q: string) =>
  sql`starts_with((SELECT ${c} FROM users WHERE role = 'seller' AND ${c} ~>=~ ${q.toLowerCase()} ORDER BY ${c} USING ~<~ LIMIT 1), ${q.toLowerCase()})`;
/** `column` is one of these ids (one array value, so the plan knows how many). */
export const oneOf = (column: SQL, ids?: number[]) => (ids?.length ? sql`${column} = ANY (${idArray(ids)})` : undefined);

/** A search: the rows meeting any of `ways`, or whose `each.column` is one of `each.ids` (its sellers); `dense`, `wrong`: docs/lists.md. */
export type Search = { ways: SQL[]; each: { column: SQL; ids: number[] }; dense?: boolean; wrong?: SQL };
/** Pages that end within SHALLOW rows are read through a constant LIMIT (one plan whatever the page); EACH_MAX: docs/lists.md. */
const [SHALLOW, EACH_MAX] = [200, 8];

/** All the conditions; `rest`: all but a search read seller by seller; `eachCount`: their rows' seller counters; `oneScan`: docs/lists.md. */
function conditionsOf<F extends Filters>(def: ListDef<F>, f: F) {
  const given = Object.entries(def.filters).map(([name, cond]) => (f[name] == null ? undefined : cond?.(f[name], f)));
  const search = given.find((c): c is Search => c !== undefined && 'ways' in c);
  const byEach = search && search.each.ids.length > 0 && search.each.ids.length <= EACH_MAX ? search : undefined;
  const plain = (c: SQL | Search | undefined) => (c && 'ways' in c ? either([...c.ways, oneOf(c.each.column, c.each.ids)]) : c);
  const where = allOf([def.base, ...given.map(plain)]);
  const rest = byEach ? allOf([def.base, ...given.filter((c) => c !== search).map(plain)]) : where;
  const counts = byEach && f.seller_id === undefined ? byEach.each.ids.map((i) => def.counter?.({ ...f, q: undefined, seller_id: i })) : [];
  const eachCount = counts.length && counts.every(Boolean) ? sql.join(counts as SQL[], sql` + `) : undefined;
  return { where, rest, byEach, eachCount, oneScan: !!search && !search.dense && !eachCount, wrong: search?.wrong };
}
const either = (ways: (SQL | undefined)[]) => (ways.some(Boolean) ? anyOf(ways.filter((w): w is SQL => !!w)) : sql`FALSE`);

const CASTS: Record<KeyType, [SQL, RegExp]> = {
  int: [sql`int`, /^-?\d{1,10}$/],
  numeric: [sql`numeric`, /^-?\d{1,16}(\.\d{1,6})?$/],
  timestamptz: [sql`timestamptz`, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d)?$/],
  text: [sql`text`, /^[^\0]{0,1000}$/s],
};
/** A key of the sort's type; a timestamp's date must exist (2026-02-30 does not). */
const validKey = (type: KeyType, k: string): boolean =>
  CASTS[type][1].test(k) &&
  (type !== 'timestamptz' || new Date(Date.parse(`${k.slice(0, 10)}T00:00:00Z`) || 0).toISOString().startsWith(k.slice(0, 10)));

/** The rows after (k, i) in the order `desc`, null keys where `nullsLast` puts them. */
function after(s: SortKey, id: SQL, desc: boolean, nullsLast: boolean, k: string | null, i: number): SQL {
  const op = sql.raw(desc ? '<' : '>');
  const idAfter = sql`${id} ${op} ${i}`;
  if (s.key === id) return idAfter;
  if (k === null) return nullsLast ? sql`(${s.key} IS NULL AND ${idAfter})` : sql`(${s.key} IS NOT NULL OR ${idAfter})`;
  const value = sql`${k}::${CASTS[s.type][0]}`;
  if (!s.nullsLast) return sql`(${s.key}, ${id}) ${op} (${value}, ${i})`;
  return sql`(${s.key} ${op} ${value} OR (${s.key} = ${value} AND ${idAfter})${nullsLast ? sql` OR ${s.key} IS NULL` : sql``})`;
}

/** One page of a list: its ids in order, the total, and the cursors next to it. */
export async function listPage<F extends Filters & { sort?: string }>(tx: Tx, def: ListDef<F>, q: F, req: PageRequest): Promise<ListPage> {
  const f = def.resolve ? await def.resolve(tx, q, true) : q;
  const sort = f.sort ?? def.defaultSort;
  const desc = sort.startsWith('-');
  const s = def.sorts[desc ? sort.slice(1) : sort];
  if (!s) throw new Error(`sort key not in the allow-list: ${sort}`);
  const c = req.cursor;
  if (c && (c.sort !== sort || (c.key === null ? s.key === def.id || !s.nullsLast : !validKey(s.type, c.key))))
    throw invalidFields({ cursor: ['The cursor does not belong to this list and sort.'] });
  // Going back reads the order reversed from the cursor, then turns the page around.
  const back = c?.back === true;
  const [rdesc, rnulls] = [desc !== back, !!s.nullsLast !== back];
  const nulls = s.nullsLast ? sql.raw(rnulls ? ' NULLS LAST' : ' NULLS FIRST') : sql``;
  const dir = sql.raw(rdesc ? 'DESC' : 'ASC');
  const { where, rest, byEach, eachCount, oneScan, wrong } = conditionsOf(def, f);
  const position = c ? after(s, def.id, rdesc, rnulls, c.key, c.id) : sql`TRUE`;
  const offset = c ? 0 : req.offset;
  const order = sql`${s.key} ${dir}${nulls}, ${def.id} ${dir}`;
  const exact = def.counter?.(f);
  // A search's page and total from one scan (its first cap + 1 rows in the page's order) when the page lies within them.
  const counted = req.uncounted ? 'no' : exact ? 'exact' : oneScan && !c && offset + req.limit <= SEARCH_TOTAL_CAP ? 'scan' : 'capped';
  const head = counted === 'scan' ? SEARCH_TOTAL_CAP + 1 : !byEach && offset + req.limit + 1 <= SHALLOW ? SHALLOW : undefined;
  const depth = head ? sql.raw(String(head)) : sql`${offset + req.limit + 1}`;
  const select = (cond: SQL) =>
    sql`SELECT ${def.id} AS id, ${s.key} AS sk, ${s.key}::text AS k FROM ${def.from} WHERE ${cond} AND ${position} ORDER BY ${order} LIMIT ${depth}`;
  // A few sellers: each one's rows read on their own in the page's order, and the other ways' rows of other sellers (docs/lists.md).
  const perSeller = byEach && select(sql`${rest} AND ${byEach.each.column} = each_id.v`);
  const eachOne = byEach && sql`(SELECT e.* FROM unnest(${idArray(byEach.each.ids)}) AS each_id(v) CROSS JOIN LATERAL (${perSeller}) e)`;
  const other = byEach?.ways.length && sql`${rest} AND ${anyOf(byEach.ways)} AND NOT ${oneOf(byEach.each.column, byEach.each.ids)}`;
  const candidates = !eachOne ? select(where) : other ? sql`(${select(other)}) UNION ALL ${eachOne}` : eachOne;
  const ordered = s.key === def.id ? sql`p.id ${dir}` : sql`p.sk ${dir}${nulls}, p.id ${dir}`;
  const pageOf = (from: SQL) => sql`SELECT p.id, p.k FROM (${from}) p ORDER BY ${ordered} LIMIT ${req.limit + 1} OFFSET ${offset}`;
  const countOf = (cond: SQL) =>
    sql`(SELECT count(*) FROM (SELECT 1 FROM ${def.from} WHERE ${cond} LIMIT ${sql.raw(String(capOf(f) + 1))}) m)`;
  const total = exact ? sql`greatest(0, ${exact})` : eachCount ? sql`${eachCount} + ${other ? countOf(other) : sql`0`}` : countOf(where);
  // The page and its total in one statement (the count a one-row subquery the page joins), its rows `pr` (id, k, o: in the
  // page's order) and total `pa.n` through arrays: a plan joining them expects a page of rows whatever the LIMIT.
  const withCount = (count: SQL, from: SQL) =>
    sql`SELECT c.n, p.id, p.k FROM (SELECT (${count})::int AS n) c LEFT JOIN LATERAL (${pageOf(from)}) p ON TRUE`;
  const scanned = sql`WITH m AS MATERIALIZED (${candidates}) ${withCount(sql`(SELECT count(*) FROM m)`, sql`SELECT * FROM m`)}`;
  const found = await (req.read ?? ((from: SQL) => rowsOf<PageRows[number]>(tx, sql`SELECT pa.n, pr.id, pr.k FROM ${from} ORDER BY pr.o`)))(
    sql`(SELECT ${wrong ? sql`CASE WHEN ${wrong} THEN -1 ELSE max(x.n) END` : sql`max(x.n)`} AS n, array_agg(x.id) AS ids, array_agg(x.k) AS ks FROM (${counted === 'scan' ? scanned : withCount(counted === 'no' ? sql`0` : total, candidates)}) x) pa
          CROSS JOIN LATERAL unnest(pa.ids, pa.ks) WITH ORDINALITY AS pr(id, k, o)`,
  );
  if (Number(found[0]?.n) < 0) return listPage(tx, { ...def, resolve: (t, x) => def.resolve!(t, x, false) }, q, req);
  const [n, rows] = [Number(found[0]?.n ?? 0), found.filter((r) => r.id !== null)];
  const capped = !exact && n > capOf(f);
  const page = rows.slice(0, req.limit);
  if (back) page.reverse();
  const [first, last, more] = [page[0], page.at(-1), rows.length > req.limit];
  const at = (r: (typeof rows)[number], back: boolean): Cursor => ({ sort, key: r.k, id: Number(r.id), back });
  return {
    ids: page.map((r) => Number(r.id)),
    rows: page,
    count: { total: capped ? capOf(f) : n, capped },
    next: last && (back || more) ? at(last, false) : undefined,
    prev: first && (back ? more : c !== undefined || req.offset > 0) ? at(first, true) : undefined,
  };
}
const capOf = (f: Filters) => (f.q !== undefined ? SEARCH_TOTAL_CAP : TOTAL_CAP);

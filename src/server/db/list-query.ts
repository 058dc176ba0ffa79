import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from './client';
import { idArray, rowsOf } from './rows';
import { invalidFields } from '../http/errors';
import { centsToDecimal } from '../../shared/money';
import { SEARCH_TOTAL_CAP, TOTAL_CAP, type Cursor } from '../../shared/list-queries';

/**
 * The one way a list is read (docs/lists.md). A list declares, as data, its source, its filters (one condition per
 * query parameter), its sorts and the exact counter it has for some filters; `listPage` turns a query into one
 * statement for the page's ids (OFFSET for `?page=N`, keyset for a cursor) and its total. Every value is a bound
 * parameter.
 */
export type KeyType = 'int' | 'numeric' | 'timestamptz' | 'text';
export interface SortKey {
  key: SQL;
  type: KeyType;
  /** The key can be null: null keys come last in both directions. */
  nullsLast?: boolean;
}
export type Filters = Record<string, unknown>;
export interface ListDef<F extends Filters> {
  from: SQL;
  id: SQL;
  /** What every row of the list meets, whatever the query. */
  base?: SQL;
  /** One condition per query parameter that is given (the search `q` is one of them, a `Search`). */
  filters: { [K in keyof F]?: (value: NonNullable<F[K]>, f: F) => SQL | Search | undefined };
  sorts: Record<string, SortKey>;
  defaultSort: string;
  /** Looks up what a filter needs first (a search's matching offers and sellers, small tables), bound as values. */
  resolve?: (tx: Tx, f: F) => Promise<F>;
  /** A trigger-kept exact count for these filters, when one exists; else the matches are counted up to a cap. */
  counter?: (f: F) => SQL | undefined;
}
export type Count = { total: number; capped: boolean };
export interface PageRequest {
  limit: number;
  offset: number;
  cursor?: Cursor;
  /** Skip the total (an export). */
  uncounted?: boolean;
}
export interface ListPage {
  ids: number[];
  count: Count;
  /** Cursors of the pages after and before this one (when there are such pages). */
  next?: Cursor;
  prev?: Cursor;
}

/** The conditions joined with AND; TRUE when there are none. */
export function allOf(conditions: (SQL | undefined | false)[]): SQL {
  const present = conditions.filter((c): c is SQL => !!c);
  return present.length ? sql`(${sql.join(present, sql` AND `)})` : sql`TRUE`;
}
export const anyOf = (conditions: SQL[]): SQL => sql`(${sql.join(conditions, sql` OR `)})`;
/** An ILIKE pattern matching `q` anywhere, `%`, `_` and `\` in it taken literally; bound as a parameter. */
export const containing = (q: string): string => `%${likeText(q)}%`;
const likeText = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The report time zone's day bounds (the zone the reports count days in). */
const reportTz = sql`(SELECT value FROM app_settings WHERE key = 'report_tz')`;
export const dayFrom = (column: SQL, day: string): SQL => sql`${column} >= ((${day}::date)::timestamp AT TIME ZONE ${reportTz})`;
export const dayTo = (column: SQL, day: string): SQL => sql`${column} < ((${day}::date + 1)::timestamp AT TIME ZONE ${reportTz})`;
/** Cents bound as an exact decimal. */
export const atLeast = (column: SQL, cents: number): SQL => sql`${column} >= ${centsToDecimal(cents)}::numeric`;
export const atMost = (column: SQL, cents: number): SQL => sql`${column} <= ${centsToDecimal(cents)}::numeric`;
/** The sellers whose name or email starts with q, case-insensitive (the prefix indexes of migration 0013), as an id array. */
export function sellersStarting(q: string): SQL {
  const prefix = `${likeText(q.toLowerCase())}%`;
  return sql`ARRAY(SELECT id FROM users WHERE role = 'seller' AND (lower(name) LIKE ${prefix} OR lower(email) LIKE ${prefix}))`;
}
/** `column` is one of these ids (bound as one array value, so the plan knows how many). */
export const oneOf = (column: SQL, ids: number[] | undefined): SQL | undefined =>
  ids?.length ? sql`${column} = ANY (${idArray(ids)})` : undefined;

/**
 * A search: the rows meeting any of `ways`, or whose `each.column` is one of `each.ids` (its matching sellers, looked
 * up first); a few such ids are read one by one in the sort's order and merged with the ways (docs/lists.md, Search).
 */
export interface Search {
  ways: SQL[];
  each?: { column: SQL; ids: number[] };
  /** A quarter of the rows or more match (by a sample, db/key-search.ts): counted in any order, where they come soonest. */
  dense?: boolean;
}
/** Pages that end within this many rows are read through a constant LIMIT (listPage). */
const SHALLOW = 1000;
/** At most this many ids of a search are read one by one; more go as one array condition. */
const EACH_MAX = 8;
const isSearch = (c: SQL | Search): c is Search => 'ways' in c && Array.isArray(c.ways);
const searchCondition = (q: Search): SQL => {
  const all = [...q.ways, oneOf(q.each?.column ?? sql``, q.each?.ids)].filter((w): w is SQL => w !== undefined);
  return all.length ? anyOf(all) : sql`FALSE`;
};

/** The list's conditions for these filters: all of them, and (when a search splits) the others and the search. */
function conditionsOf<F extends Filters>(def: ListDef<F>, f: F): { where: SQL; rest: SQL; search?: Search; oneScan: boolean } {
  const filters = Object.entries(def.filters) as [keyof F, ((v: unknown, f: F) => SQL | Search | undefined) | undefined][];
  const given = filters.map(([name, cond]) => (f[name] !== undefined && f[name] !== null ? cond?.(f[name], f) : undefined));
  const plain = (c: SQL | Search | undefined) => (c === undefined ? undefined : isSearch(c) ? searchCondition(c) : c);
  const where = allOf([def.base, ...given.map(plain)]);
  const search = given.find((c): c is Search => c !== undefined && isSearch(c));
  const ids = search?.each?.ids.length ?? 0;
  if (!search || ids === 0 || ids > EACH_MAX) return { where, rest: where, oneScan: !!search && !search.dense };
  return { where, rest: allOf([def.base, ...given.filter((c) => c !== search).map(plain)]), search, oneScan: false };
}

const CASTS: Record<KeyType, [SQL, RegExp]> = {
  int: [sql`int`, /^-?\d{1,10}$/],
  numeric: [sql`numeric`, /^-?\d{1,16}(\.\d{1,6})?$/],
  timestamptz: [sql`timestamptz`, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d)?$/],
  text: [sql`text`, /^[^\0]{0,1000}$/s],
};
/** A key of the sort's type, as its text: a timestamp's date must exist (2026-02-30 does not). */
const realDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) || 0).toISOString().slice(0, 10) === day;
const validKey = (type: KeyType, k: string): boolean => CASTS[type][1].test(k) && (type !== 'timestamptz' || realDay(k.slice(0, 10)));
const badCursor = () => invalidFields({ cursor: ['The cursor does not belong to this list and sort.'] });

/** The rows after (k, i) in the order `desc`, nulls where `nullsLast` puts them (for a key that can be null). */
function after(s: SortKey, id: SQL, desc: boolean, nullsLast: boolean, k: string | null, i: number): SQL {
  const op = sql.raw(desc ? '<' : '>');
  const idAfter = sql`${id} ${op} ${i}`;
  if (s.key === id) return idAfter;
  if (k === null) return nullsLast ? sql`(${s.key} IS NULL AND ${idAfter})` : sql`(${s.key} IS NOT NULL OR ${idAfter})`;
  const value = sql`${k}::${CASTS[s.type][0]}`;
  if (!s.nullsLast) return sql`(${s.key}, ${id}) ${op} (${value}, ${i})`;
  return sql`(${s.key} ${op} ${value} OR (${s.key} = ${value} AND ${idAfter})${nullsLast ? sql` OR ${s.key} IS NULL` : sql``})`;
}

/** A cursor as the `cursor` parameter carries it (shared/list-queries.ts reads it). */
export const encodeCursor = (c: Cursor): string => Buffer.from(JSON.stringify([c.sort, c.key, c.id, c.back ? 1 : 0])).toString('base64url');

/** One page of a list: its ids in order, the total, and the cursors next to it. */
export async function listPage<F extends Filters & { sort?: string }>(
  tx: Tx,
  def: ListDef<F>,
  query: F,
  req: PageRequest,
): Promise<ListPage> {
  const f = def.resolve ? await def.resolve(tx, query) : query;
  const sort = f.sort ?? def.defaultSort;
  const desc = sort.startsWith('-');
  const s = def.sorts[desc ? sort.slice(1) : sort];
  if (!s) throw new Error(`sort key not in the allow-list: ${sort}`);
  const c = req.cursor;
  if (c && (c.sort !== sort || (c.key === null ? s.key === def.id || !s.nullsLast : !validKey(s.type, c.key)))) throw badCursor();
  const back = c?.back === true;
  // Going back reads the order reversed from the cursor, then turns the page around.
  const rdesc = desc !== back;
  const rnulls = !!s.nullsLast !== back;
  const nulls = s.nullsLast ? sql.raw(rnulls ? ' NULLS LAST' : ' NULLS FIRST') : sql``;
  const dir = sql.raw(rdesc ? 'DESC' : 'ASC');
  const { where, rest, search, oneScan } = conditionsOf(def, f);
  const position = c ? after(s, def.id, rdesc, rnulls, c.key, c.id) : sql`TRUE`;
  const keyText = s.key === def.id ? sql`NULL::text` : sql`${s.key}::text`;
  const offset = c ? 0 : req.offset;
  const order = sql`${s.key} ${dir}${nulls}, ${def.id} ${dir}`;
  // A search (not a dense one, nor one read seller by seller) whose page lies within its cap: the page and the total
  // come from one scan, its first cap + 1 rows in the page's order (found once, not for the page and again for the total).
  const exact = def.counter?.(f);
  const counted = req.uncounted ? 'no' : exact ? 'exact' : oneScan && !c && offset + req.limit <= SEARCH_TOTAL_CAP ? 'scan' : 'capped';
  // Within the first SHALLOW rows, a constant LIMIT: the plan does not depend on the page size (one prepared plan).
  const head = counted === 'scan' ? SEARCH_TOTAL_CAP + 1 : offset + req.limit + 1 <= SHALLOW ? SHALLOW : undefined;
  const sorted = sql`SELECT ${def.id} AS id, ${s.key} AS sk, ${keyText} AS k FROM ${def.from} WHERE ${where} AND ${position} ORDER BY ${order}`;
  let candidates = head ? sql`${sorted} LIMIT ${sql.raw(String(head))}` : sorted;
  if (search?.each) {
    // Each branch's first rows in the page's order (as deep as the page reaches), merged: a row any branch has once.
    const branch = (cond: SQL) => sql`SELECT ${def.id} AS id, ${s.key} AS sk, ${keyText} AS k FROM ${def.from}
           WHERE ${rest} AND ${cond} AND ${position} ORDER BY ${order} LIMIT ${offset + req.limit + 1}`;
    const branches = [
      ...(search.ways.length ? [sql`(${branch(anyOf(search.ways))})`] : []),
      sql`(SELECT e.id, e.sk, e.k FROM unnest(${idArray(search.each.ids)}) AS each_id(v)
            CROSS JOIN LATERAL (${branch(sql`${search.each.column} = each_id.v`)}) e)`,
    ];
    candidates = sql`${sql.join(branches, sql` UNION `)}`;
  }
  // The candidates (id, sk, k) in the page's order (sk is the id itself in the id order), and the page of them.
  const ordered = s.key === def.id ? sql`p.id ${dir}` : sql`p.sk ${dir}${nulls}, p.id ${dir}`;
  const pageOf = (from: SQL) => sql`SELECT p.id, p.k FROM (${from}) p ORDER BY ${ordered} LIMIT ${req.limit + 1} OFFSET ${offset}`;
  // The page and its total in one statement (one round trip): the count is a one-row subquery the page joins.
  const found = await rowsOf<{ n: number; id: number | null; k: string | null }>(
    tx,
    counted === 'scan'
      ? sql`WITH m AS MATERIALIZED (${candidates}) SELECT c.n, p.id, p.k FROM (SELECT count(*)::int AS n FROM m) c
              LEFT JOIN LATERAL (${pageOf(sql`SELECT * FROM m`)}) p ON TRUE`
      : sql`SELECT c.n, p.id, p.k FROM (SELECT (${counted === 'no' ? sql`0` : countOf(def, f, where, exact)})::int AS n) c
              LEFT JOIN LATERAL (${pageOf(candidates)}) p ON TRUE`,
  );
  const n = Number(found[0]?.n ?? 0);
  const capped = !exact && n > capOf(f);
  const count: Count = { total: capped ? capOf(f) : n, capped };
  const rows = found.filter((r): r is PageRow & { n: number } => r.id !== null);
  const more = rows.length > req.limit;
  const page = rows.slice(0, req.limit);
  if (back) page.reverse();
  const [first, last] = [page[0], page.at(-1)];
  const keyOf = (r: PageRow) => (s.key === def.id ? String(r.id) : r.k);
  const at = (r: PageRow, back: boolean): Cursor => ({ sort, key: keyOf(r), id: Number(r.id), back });
  return {
    ids: page.map((r) => Number(r.id)),
    count,
    next: last && (back || more) ? at(last, false) : undefined,
    prev: first && (back ? more : c !== undefined || req.offset > 0) ? at(first, true) : undefined,
  };
}

type PageRow = { id: number; k: string | null };
const capOf = (f: Filters) => (f.q !== undefined ? SEARCH_TOTAL_CAP : TOTAL_CAP);
/** The total: the list's exact counter when it has one for these filters, else the matches counted up to the cap + 1. */
function countOf<F extends Filters>(def: ListDef<F>, f: F, where: SQL, exact: SQL | undefined): SQL {
  return exact
    ? sql`greatest(0, ${exact})`
    : sql`(SELECT count(*) FROM (SELECT 1 FROM ${def.from} WHERE ${where} LIMIT ${capOf(f) + 1}) m)`;
}

/** A list call's query split into its filters and the page it asks for (`cursor=page`: the `page`-th, with cursors). */
export function splitQuery<Q extends { page: number; per_page?: number; cursor?: Cursor | 'page' }>(q: Q, perPage: number) {
  const { page, per_page: _per, cursor, ...filter } = q;
  const request: PageRequest = { limit: perPage, offset: (page - 1) * perPage, cursor: cursor === 'page' ? undefined : cursor };
  return { filter, request };
}

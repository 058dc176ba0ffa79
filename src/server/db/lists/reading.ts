import { sql, type SQL } from 'drizzle-orm';
import { invalidFields } from '../../http/errors';
import type { Cursor } from '../../../shared/list-queries';
import type { Filters, KeyType, ListDef, PageRequest, SortKey } from './types';

/**
 * How a page is read: its sort, the order it is read in, and where it starts (an OFFSET, or after a cursor's row).
 * Going back reads the order reversed from the cursor; the page is turned around afterwards.
 */
export interface Reading {
  sort: string;
  key: SortKey;
  id: SQL;
  cursor?: Cursor;
  back: boolean;
  /** The order the rows are read in, over the list's columns, and over the page's `p.sk`, `p.id`. */
  order: SQL;
  ordered: SQL;
  /** The rows after the cursor's row (TRUE without a cursor). */
  position: SQL;
  offset: number;
  limit: number;
}

export function readingOf<F extends Filters & { sort?: string }>(def: ListDef<F>, f: F, req: PageRequest): Reading {
  const sort = f.sort ?? def.defaultSort;
  const desc = sort.startsWith('-');
  const key = def.sorts[desc ? sort.slice(1) : sort];
  if (!key) throw new Error(`sort key not in the allow-list: ${sort}`);
  const c = req.cursor;
  if (c && !cursorFits(c, sort, key, def.id))
    throw invalidFields({ cursor: ['The cursor does not belong to this list and sort.'] });
  const back = c?.back === true;
  const [readDesc, readNullsLast] = [desc !== back, !!key.nullsLast !== back];
  const nulls = key.nullsLast ? sql.raw(readNullsLast ? ' NULLS LAST' : ' NULLS FIRST') : sql``;
  const dir = sql.raw(readDesc ? 'DESC' : 'ASC');
  return {
    sort,
    key,
    id: def.id,
    cursor: c,
    back,
    order: sql`${key.key} ${dir}${nulls}, ${def.id} ${dir}`,
    ordered: key.key === def.id ? sql`p.id ${dir}` : sql`p.sk ${dir}${nulls}, p.id ${dir}`,
    position: c ? after(key, def.id, readDesc, readNullsLast, c.key, c.id) : sql`TRUE`,
    offset: c ? 0 : req.offset,
    limit: req.limit,
  };
}

const CASTS: Record<KeyType, [SQL, RegExp]> = {
  int: [sql`int`, /^-?\d{1,10}$/],
  numeric: [sql`numeric`, /^-?\d{1,16}(\.\d{1,6})?$/],
  timestamptz: [sql`timestamptz`, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d)?$/],
  text: [sql`text`, /^[^\0]{0,1000}$/s],
};

/** The cursor is of this sort, and its key of the sort's type (null only where the key can be null). */
function cursorFits(c: Cursor, sort: string, key: SortKey, id: SQL): boolean {
  if (c.sort !== sort) return false;
  return c.key === null ? key.key !== id && !!key.nullsLast : validKey(key.type, c.key);
}

/** A key of the sort's type; a timestamp's date must exist (2026-02-30 does not). */
function validKey(type: KeyType, k: string): boolean {
  if (!CASTS[type][1].test(k)) return false;
  if (type !== 'timestamptz') return true;
  const day = k.slice(0, 10);
  return new Date(Date.parse(`${day}T00:00:00Z`) || 0).toISOString().startsWith(day);
}

/** The rows after (k, i) in the order `desc`, null keys where `nullsLast` puts them. */
function after(s: SortKey, id: SQL, desc: boolean, nullsLast: boolean, k: string | null, i: number): SQL {
  const op = sql.raw(desc ? '<' : '>');
  const idAfter = sql`${id} ${op} ${i}`;
  if (s.key === id) return idAfter;
  if (k === null) return nullsLast ? sql`(${s.key} IS NULL AND ${idAfter})` : sql`(${s.key} IS NOT NULL OR ${idAfter})`;
  const value = sql`${k}::${CASTS[s.type][0]}`;
  if (!s.nullsLast) return sql`(${s.key}, ${id}) ${op} (${value}, ${i})`;
  const nullsAfter = nullsLast ? sql` OR ${s.key} IS NULL` : sql``;
  return sql`(${s.key} ${op} ${value} OR (${s.key} = ${value} AND ${idAfter})${nullsAfter})`;
}

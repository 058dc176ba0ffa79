import type { SQL } from 'drizzle-orm';
import type { Tx } from '../client';
import type { Cursor } from '../../../shared/list-queries';

/** A sort key's type: how a cursor's key is checked and cast back (keyset.ts). */
export type KeyType = 'int' | 'numeric' | 'timestamptz' | 'text';
/**
 * A sort's key; `nullsLast`: it can be null, and null keys come last in both directions; `join`: what the key reads
 * besides the list's own table (joined to `from` only where the sort is read, e.g. the card's seller for its name).
 */
export type SortKey = { key: SQL; type: KeyType; nullsLast?: boolean; join?: SQL };
export type Filters = Record<string, unknown>;

/** A list, declared as data next to its route (docs/lists.md). */
export interface ListDef<F extends Filters> {
  from: SQL;
  /** The row's unique id; it breaks ties in every sort. */
  id: SQL;
  /** What every row meets, whatever the query. */
  base?: SQL;
  /** One condition per query parameter given (the search `q` may be a `Search`). */
  filters: { [K in keyof F]?: (value: NonNullable<F[K]>, f: F) => SQL | Search | undefined };
  sorts: Record<string, SortKey>;
  defaultSort: string;
  /** Looks up what the filters need first (a search's offers and sellers); may `guess` (plans/guess-and-verify.ts). */
  resolve?: (tx: Tx, f: F, guess: boolean) => Promise<F>;
  /** An exact count for these filters that costs no scan (a trigger-kept counter), if there is one. */
  counter?: (f: F) => SQL | undefined;
}

/**
 * A search: the rows meeting any of `ways`, or whose `each.column` is one of `each.ids` (its sellers). `dense`: its key
 * is held by many rows (no one-scan); `wrong`: the resolve guessed, and this is true when the guess was wrong.
 */
export type Search = { ways: SQL[]; each: { column: SQL; ids: number[] }; dense?: boolean; wrong?: SQL };

/** Where a request's plan is logged (the request's logger). */
export type PlanLog = { debug: (fields: object, message: string) => void };
/** A page's rows as the statement answers them: the total `n`, the row's id and sort key as text. */
export type PageRows = { n: number; id: number | null; k: string | null }[];
/**
 * `offset` or `cursor` positions the page; `uncounted`: skip the total (an export); `read`: reads the page's rows
 * (`pa.n`, `pr.id`, `pr.k`, `pr.o` of `page`) with their columns; `log`: where the chosen plan is logged (debug).
 */
export type PageRequest = {
  limit: number;
  offset: number;
  cursor?: Cursor;
  uncounted?: boolean;
  read?: (page: SQL) => Promise<PageRows>;
  log?: PlanLog;
};
/** A page's ids (and rows as `read` answered them), the total, and the cursors of the pages after and before it. */
export type ListPage = {
  ids: number[];
  rows: PageRows;
  count: { total: number; capped: boolean };
  next?: Cursor;
  prev?: Cursor;
};

import type { Page } from '../../shared/types';
import type { ListPage, PageRequest, PlanLog } from '../db/lists/types';
import type { Cursor } from '../../shared/list-queries';

export const pageOffset = (page: number, perPage: number) => (page - 1) * perPage;

export function pageResult<T>(data: T[], page: number, perPage: number, total: number): Page<T> {
  return { data, current_page: page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
}

/**
 * A list's page: `total_capped` only when the matches were counted up to the cap and there are more; the cursors of
 * the next and previous pages only when the call asked for them (`cursor`), so a spec call answers the spec's shape.
 */
export function listResult<T>(data: T[], q: { page: number; cursor?: unknown }, perPage: number, p: ListPage): Page<T> {
  const result: Page<T> = pageResult(data, q.page, perPage, p.count.total);
  if (p.count.capped) result.total_capped = true;
  if (q.cursor === undefined) return result;
  return { ...result, ...(p.next && { next_cursor: encodeCursor(p.next) }), ...(p.prev && { prev_cursor: encodeCursor(p.prev) }) };
}

/** A cursor as the `cursor` parameter carries it (shared/list-queries.ts reads it). */
export const encodeCursor = (c: Cursor): string => Buffer.from(JSON.stringify([c.sort, c.key, c.id, c.back ? 1 : 0])).toString('base64url');

/**
 * A list call's query split into its filters and the page it asks for (`cursor=page`: the `page`-th, with cursors);
 * `log`: the request's logger, where the list's plan is logged.
 */
export function splitQuery<Q extends { page: number; per_page?: number; cursor?: Cursor | 'page' }>(q: Q, perPage: number, log?: PlanLog) {
  const { page, per_page: _per, cursor, ...filter } = q;
  const request: PageRequest = { limit: perPage, offset: pageOffset(page, perPage), cursor: cursor === 'page' ? undefined : cursor, log };
  return { filter, request };
}

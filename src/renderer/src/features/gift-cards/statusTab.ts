import { withFilter } from '../../components/filters/listFilters';

/** The Pending tab's order when the URL names none: due for review first. */
export const PENDING_TAB_SORT = 'review_due';

/**
 * The search params after choosing a status tab. The Pending tab opens with the cards due for review first (the
 * overdue ones on top) unless the URL already says how to sort; leaving it drops that order, which only ranks pending
 * cards, so the other tabs open newest first again.
 */
export function withStatusTab(params: URLSearchParams, status: string): URLSearchParams {
  const next = withFilter(params, 'status', status);
  const sort = next.get('sort');
  if (status === '0' && !sort) next.set('sort', PENDING_TAB_SORT);
  else if (status !== '0' && sort === PENDING_TAB_SORT) next.delete('sort');
  return next;
}

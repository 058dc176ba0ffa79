import type { Page } from '../../shared/types';

export const pageOffset = (page: number, perPage: number) => (page - 1) * perPage;

export function pageResult<T>(data: T[], page: number, perPage: number, total: number): Page<T> {
  return { data, current_page: page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
}

/** A filtered list's page: `total_capped` only when the matches were counted up to the cap and there are more. */
export function cappedPage<T>(data: T[], page: number, perPage: number, count: { total: number; capped: boolean }): Page<T> {
  const result = pageResult(data, page, perPage, count.total);
  return count.capped ? { ...result, total_capped: true } : result;
}

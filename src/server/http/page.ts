import type { Page } from '../../shared/types';

export const pageOffset = (page: number, perPage: number) => (page - 1) * perPage;

export function pageResult<T>(data: T[], page: number, perPage: number, total: number): Page<T> {
  return { data, current_page: page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
}

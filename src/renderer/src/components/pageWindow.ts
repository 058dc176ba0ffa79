import { PAGE_LINKS } from '../../../shared/constants';

/** The page links to show: at most `links` consecutive numbers, centred on the current page where possible. */
export function pageWindow(page: number, pages: number, links = PAGE_LINKS): number[] {
  const count = Math.max(0, Math.min(links, pages));
  if (count === 0) return [];
  const current = Math.min(Math.max(1, page), pages);
  let start = Math.max(1, current - Math.floor(count / 2));
  start = Math.min(start, pages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

import { describe, expect, it } from 'vitest';
import { pageWindow } from '../../src/renderer/src/components/pageWindow';

describe('pagination page links', () => {
  it('shows every page when there are 8 or fewer', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(8, 8)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
  it('shows 8 links around the current page, clamped at both ends', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(pageWindow(10, 20)).toEqual([6, 7, 8, 9, 10, 11, 12, 13]);
    expect(pageWindow(20, 20)).toEqual([13, 14, 15, 16, 17, 18, 19, 20]);
    expect(pageWindow(19, 20)).toEqual([13, 14, 15, 16, 17, 18, 19, 20]);
  });
  it('never shows more than 8 and always includes the current page', () => {
    for (let pages = 1; pages <= 30; pages++)
      for (let page = 1; page <= pages; page++) {
        const w = pageWindow(page, pages);
        expect(w.length).toBe(Math.min(8, pages));
        expect(w).toContain(page);
        expect(w[0]).toBeGreaterThanOrEqual(1);
        expect(w[w.length - 1]).toBeLessThanOrEqual(pages);
      }
  });
  it('no pages, no links', () => {
    expect(pageWindow(1, 0)).toEqual([]);
  });
});

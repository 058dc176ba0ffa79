import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REVIEW_KEYMAP, reviewActionOf, shownKeys } from '../../src/renderer/src/features/review/keymap';

/** The rows of the Keyboard table of docs/review.md, as [key, does]. */
function docsKeyboardTable(): [string, string][] {
  const md = fs.readFileSync('docs/review.md', 'utf8');
  const section = md.slice(md.indexOf('## Keyboard'));
  const table = section
    .slice(0, section.indexOf('\n## '))
    .split('\n')
    .filter((l) => l.startsWith('|'));
  return table
    .slice(2) // the header and its rule
    .map(
      (row) =>
        row
          .split('|')
          .slice(1, -1)
          .map((cell) => cell.trim()) as [string, string],
    );
}

describe('review keymap', () => {
  it('docs/review.md lists exactly the keymap: each key and what it does, in order', () => {
    expect(docsKeyboardTable()).toEqual(REVIEW_KEYMAP.map((k) => [k.shown, k.description]));
  });

  it('every key reaches its action; letters in either case; no key is bound twice', () => {
    for (const entry of REVIEW_KEYMAP) for (const key of entry.keys) expect(reviewActionOf(key)).toBe(entry.action);
    expect(reviewActionOf('N')).toBe('next');
    expect(reviewActionOf('ArrowLeft')).toBe('previous');
    expect(reviewActionOf('x')).toBeUndefined();
    const keys = REVIEW_KEYMAP.flatMap((k) => k.keys);
    expect(new Set(keys).size).toBe(keys.length);
    expect(shownKeys('shortcuts')).toBe('?');
  });
});

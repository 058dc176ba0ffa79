import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REVIEW_FOCUS_NOTE, REVIEW_KEYMAP, reviewActionOf, reviewFocusOf, shownKeys } from '../../src/renderer/src/features/review/keymap';

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

  it('docs/review.md says where the focus starts as the ? dialog does', () => {
    const words = (t: string) => t.replace(/\s+/g, ' ');
    expect(words(fs.readFileSync('docs/review.md', 'utf8'))).toContain(words(REVIEW_FOCUS_NOTE));
  });

  it('a queue card opens with the focus in Card Number only while it is pending without a number (issue 55)', () => {
    const card = (card_status: 0 | 1 | 2, card_number: string | null, read_number: string | null = null) => ({
      card_status,
      card_number,
      read_number,
    });
    expect(reviewFocusOf(card(0, null))).toBe('number');
    expect(reviewFocusOf(card(0, '  '))).toBe('number');
    // The seller's number, or the one read off the photo (it fills the field): the keys work at once.
    expect(reviewFocusOf(card(0, 'ABC-123'))).toBe('workspace');
    expect(reviewFocusOf(card(0, null, '6035771244092277'))).toBe('workspace');
    // A decided card: nothing to type.
    expect(reviewFocusOf(card(1, 'ABC-123'))).toBe('workspace');
    expect(reviewFocusOf(card(2, null))).toBe('workspace');
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

import { areLookAlikes } from '../../../shared/code-pattern';

/** A code's characters as compared with the photo's: letters and digits only (spaces, dashes and the like left out), upper case. */
export const codeChars = (s: string): string => s.toUpperCase().replace(/[^\p{L}\p{N}]/gu, '');

/** Whether a typed code is the one read off the photo, character for character (separators and case aside). */
export const sameCode = (typed: string, read: string): boolean => codeChars(typed) === codeChars(read);

/** One position of the typed code against the read one; null: that side has no character there (it is shorter). */
export interface CharPair {
  /** 1-based, counted without separators. */
  position: number;
  typed: string | null;
  read: string | null;
  same: boolean;
  /** Different, but a letter and the digit it looks like (`O` and `0`): the usual slip. */
  lookAlike: boolean;
}

/** The typed code against the read one, position by position (separators ignored). */
export function compareCodes(typed: string, read: string): CharPair[] {
  const t = codeChars(typed);
  const r = codeChars(read);
  return Array.from({ length: Math.max(t.length, r.length) }, (_, i) => {
    const a = t[i] ?? null;
    const b = r[i] ?? null;
    const same = a === b;
    return { position: i + 1, typed: a, read: b, same, lookAlike: !same && a !== null && b !== null && areLookAlikes(a, b) };
  });
}

/** A differing position in words: `Position 7: typed O, read 0 (look-alike)`. */
export function describeDifference(p: CharPair): string {
  const typed = p.typed === null ? 'nothing typed' : `typed ${p.typed}`;
  const read = p.read === null ? 'nothing read' : `read ${p.read}`;
  return `Position ${p.position}: ${typed}, ${read}${p.lookAlike ? ' (look-alike)' : ''}`;
}

/** Items in groups of four, the way card numbers are printed and read aloud. */
export function inFours<T>(items: readonly T[]): T[][] {
  const groups: T[][] = [];
  for (let i = 0; i < items.length; i += 4) groups.push(items.slice(i, i + 4));
  return groups;
}

/** A code shown in groups of four (`6035 1234 5678`). */
export const groupedCode = (code: string): string =>
  inFours([...codeChars(code)])
    .map((g) => g.join(''))
    .join(' ');

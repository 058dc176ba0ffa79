import { describe, expect, it } from 'vitest';
import { codeChars, compareCodes, describeDifference, groupedCode, inFours, sameCode } from '../../src/renderer/src/lib/compare-code';
import { areLookAlikes } from '../../src/shared/code-pattern';

const differences = (typed: string, read: string) => compareCodes(typed, read).filter((p) => !p.same);

describe('the typed code against the one read off the photo (issue 52)', () => {
  it('ignores spaces, dashes and case', () => {
    expect(codeChars(' 6035-1234 56 ab ')).toBe('6035123456AB');
    expect(sameCode('6035 1234-5678 9012', '6035123456789012')).toBe(true);
    expect(sameCode('x7qk-m2pr', 'X7QKM2PR')).toBe(true);
    expect(differences('6035 1234', '60351234')).toEqual([]);
  });

  it('marks each differing position, counted without separators, and calls out look-alikes', () => {
    const diff = differences('6035 12O4', '60351204');
    expect(diff).toEqual([{ position: 7, typed: 'O', read: '0', same: false, lookAlike: true }]);
    expect(describeDifference(diff[0]!)).toBe('Position 7: typed O, read 0 (look-alike)');
    const other = differences('60351294', '60351204');
    expect(other[0]).toMatchObject({ position: 7, lookAlike: false });
    expect(describeDifference(other[0]!)).toBe('Position 7: typed 9, read 0');
  });

  it('knows the pairs O/0, I/1, L/1, S/5, B/8, Z/2, G/6 either way round, and no others', () => {
    for (const [letter, digit] of ['O0', 'I1', 'L1', 'S5', 'B8', 'Z2', 'G6']) {
      expect(areLookAlikes(letter!, digit!)).toBe(true);
      expect(areLookAlikes(digit!, letter!)).toBe(true);
      expect(differences(letter!.toLowerCase(), digit!)[0]?.lookAlike).toBe(true);
    }
    expect(areLookAlikes('A', '4')).toBe(false);
    expect(areLookAlikes('1', '7')).toBe(false);
    expect(areLookAlikes('O', 'O')).toBe(false);
  });

  it('says what is missing when one side is shorter', () => {
    const diff = differences('603512', '6035');
    expect(diff.map(describeDifference)).toEqual(['Position 5: typed 1, nothing read', 'Position 6: typed 2, nothing read']);
    expect(describeDifference(differences('60', '605')[0]!)).toBe('Position 3: nothing typed, read 5');
  });

  it('groups in fours for display', () => {
    expect(groupedCode('6035123456789012345')).toBe('6035 1234 5678 9012 345');
    expect(groupedCode('6035-1234')).toBe('6035 1234');
    expect(inFours([1, 2, 3, 4, 5])).toEqual([[1, 2, 3, 4], [5]]);
    expect(inFours([])).toEqual([]);
  });
});

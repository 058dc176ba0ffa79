import { asSlot, slotsOf, type CodePattern } from '../../../shared/code-pattern';
import type { ReadChar } from './engine';

/** A character read less surely than this (0-1) is in doubt, whatever else it might have been. */
export const CHAR_FLOOR = 0.5;
/** A character is in doubt when another one that would fit its slot was this likely (0-1) or more. */
const RIVAL_FLOOR = 0.15;

/** How many of the code's characters are in doubt: read below CHAR_FLOOR, or with a rival that fits the slot. */
function doubtsIn(code: string, chars: ReadChar[], pattern: CodePattern | null): number {
  const slots = pattern?.code_pattern ? slotsOf(pattern.code_pattern) : 'X'.repeat(code.length);
  let doubts = 0;
  for (let i = 0; i < code.length; i++) {
    const read = chars[i]!;
    const rival = read.alt ? asSlot(read.alt.toUpperCase(), slots[i]!) : null;
    if (read.p < CHAR_FLOOR || (rival !== null && rival !== code[i] && read.altP >= RIVAL_FLOOR)) doubts += 1;
  }
  return doubts;
}

/**
 * Whether a code is read for certain: no character in doubt; with a Luhn check digit, one (a single wrong digit always
 * fails Luhn, so the code read, which passes it, has that digit right). Without a check digit nothing catches a
 * character read as its look-alike (a scratched F read as E), so a code without one is taken only when none is in doubt.
 */
export function isCertain(code: string, chars: ReadChar[], pattern: CodePattern | null): boolean {
  return doubtsIn(code, chars, pattern) <= (pattern?.code_check === 'luhn' ? 1 : 0);
}

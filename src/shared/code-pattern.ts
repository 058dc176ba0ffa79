// What an offer's codes look like (issue 52): a pattern of `9` (a digit), `A` (a letter) and `X` (either), in groups
// split by spaces or dashes, e.g. `XXXX-XXXXXX-XXXX`, and whether the last digit is a Luhn check digit. The photo
// reader only takes a code that fits it; with no pattern, any 10-24 letters and digits in groups (12-20 when all digits).

/** The pattern's syntax: slots in groups, at most 40 characters in all. */
export const CODE_PATTERN_SYNTAX = /^[9AX]+(?:[ -][9AX]+)*$/;
export const CODE_PATTERN_MAX = 40;
export const CODE_CHECKS = ['luhn'] as const;
export type CodeCheck = (typeof CODE_CHECKS)[number];

/** An offer's code pattern as stored; null on either: not said. */
export interface CodePattern {
  code_pattern: string | null;
  code_check: CodeCheck | null;
}

/** The default's lengths (letters and digits, separators left out). */
export const ANY_CODE = { min: 10, max: 24, digitsMin: 12, digitsMax: 20 } as const;

export const slotsOf = (pattern: string) => pattern.replace(/[^9AX]/g, '');

/** Look-alikes read in a slot that only takes the other kind (a `9` slot read as `O` was a `0`). */
const AS_DIGIT: Record<string, string> = { O: '0', D: '0', Q: '0', I: '1', L: '1', Z: '2', S: '5', B: '8', G: '6' };
const AS_LETTER: Record<string, string> = { '0': 'O', '1': 'I', '2': 'Z', '5': 'S', '8': 'B', '6': 'G' };

/** What a character read in a slot (`9`, `A` or `X`) stands for there, or null when it cannot fill it. */
export function asSlot(c: string, slot: string): string | null {
  if (!/^[A-Z0-9]$/.test(c)) return null;
  if (slot === '9') return /\d/.test(c) ? c : (AS_DIGIT[c] ?? null);
  if (slot === 'A') return /[A-Z]/.test(c) ? c : (AS_LETTER[c] ?? null);
  return c;
}

/** Whether two characters (upper case) are a letter and the digit it is read as (`O` and `0`, `S` and `5`), either way round. */
export const areLookAlikes = (a: string, b: string): boolean => AS_DIGIT[a] === b || AS_DIGIT[b] === a;

/** The Luhn check over every digit (the last one the check digit). */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * The code `chars` (letters and digits only, upper case) as the pattern says it is, or null when it does not fit: the
 * wrong length, a slot of the wrong kind that is no look-alike, no digit at all where the pattern allows digits, or a
 * failed check digit. With no pattern: ANY_CODE's lengths, at least one digit.
 */
export function fitCode(chars: string, p: CodePattern | null): string | null {
  if (!/^[A-Z0-9]+$/.test(chars)) return null;
  if (!p?.code_pattern) {
    const allDigits = /^\d+$/.test(chars);
    const [min, max] = allDigits ? [ANY_CODE.digitsMin, ANY_CODE.digitsMax] : [ANY_CODE.min, ANY_CODE.max];
    if (chars.length < min || chars.length > max || !/\d/.test(chars)) return null;
    return p?.code_check === 'luhn' && !passesLuhn(chars) ? null : chars;
  }
  const slots = slotsOf(p.code_pattern);
  if (chars.length !== slots.length) return null;
  let code = '';
  for (let i = 0; i < slots.length; i++) code += asSlot(chars[i]!, slots[i]!) ?? '?';
  if (code.includes('?')) return null;
  if (/[9X]/.test(slots) && !/\d/.test(code)) return null;
  if (p.code_check === 'luhn' && !passesLuhn(code.replace(/\D/g, ''))) return null;
  return code;
}

/** The code written in the pattern's groups (`X7QKM2PRTW9HZC` as `X7QK-M2PRTW-9HZC`); as it is with no pattern. */
export function formatCode(code: string, pattern: string | null): string {
  if (!pattern || slotsOf(pattern).length !== code.length) return code;
  let i = 0;
  return pattern.replace(/[9AX]/g, () => code[i++]!);
}

/** An example of a code fitting the pattern, for the offer form's helper text (a valid check digit when asked). */
export function exampleCode(pattern: string, check: CodeCheck | null): string {
  const letters = 'KQMPRTWXHZ';
  const slots = slotsOf(pattern);
  let chars = [...slots].map((s, i) => (s === 'A' || (s === 'X' && i % 3 === 0) ? letters[i % letters.length]! : String((i * 7 + 3) % 10)));
  if (check === 'luhn' && /^9+$/.test(slots)) {
    const body = chars.slice(0, -1).join('');
    chars = [...body, String([...'0123456789'].findIndex((d) => passesLuhn(body + d)))];
  }
  return formatCode(chars.join(''), pattern);
}

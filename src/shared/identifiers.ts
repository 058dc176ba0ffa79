import unhomoglyph from 'unhomoglyph';

const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu;
const DIGIT = /\p{Nd}/gu;
const IS_DIGIT = /^\p{Nd}$/u;

/**
 * Card numbers and payout codes are compared the way people read them: by their confusable skeleton (Unicode UTS #39,
 * data from the `unhomoglyph` package, Unicode's confusables.txt), case-insensitively. Steps: NFKC; default-ignorable
 * and format characters removed (zero-width spaces, bidi overrides, variation selectors, the Hangul filler); decimal
 * digits of every script as ASCII; confusable characters mapped to their prototype, lower-cased, mapped once more (a
 * lower-cased prototype can itself be confusable). The key is stored with its row (`code_norm`, `number_key`): it is
 * what the unique index, the duplicate checks and the search compare. Not for display: `0` and `O` are one letter.
 */
export function identifierSkeleton(s: string): string {
  // Upper case first: the confusables map `I` to `l` but leave `i`, and know Cyrillic `К` but not every small letter,
  // so case is folded to capitals before mapping (`mi` and `MI` then have one key).
  const visible = s.normalize('NFKC').replace(INVISIBLE, '').toUpperCase();
  const mapped = unhomoglyph(asciiDigits(visible)).toLowerCase();
  return unhomoglyph(mapped).toLowerCase().normalize('NFKC');
}

/**
 * A card number's key: its skeleton, letters and digits only (`AMZ-1001 7781` reads as `AMZ10017781`). Punctuation and
 * spaces go first, so that a dash never becomes a letter it resembles (an em dash looks like the CJK `一`).
 */
export const cardNumberKey = (s: string): string =>
  identifierSkeleton(s.normalize('NFKC').replace(/[\p{P}\p{Z}]/gu, '')).replace(/[^\p{L}\p{N}]/gu, '');

/** A payout code's key: its skeleton, without the spaces around it. */
export const payoutCodeKey = (s: string): string => identifierSkeleton(s).trim();

/** Codes the ledger writes itself (a dispute's clawback entry and its reversal); no payout may take one. */
const SYSTEM_CODE_PREFIXES = ['CLAWBACK-', 'REVERSAL-'] as const;
const SYSTEM_KEYS = SYSTEM_CODE_PREFIXES.map(payoutCodeKey);
export const isSystemCode = (code: string): boolean => {
  const key = payoutCodeKey(code);
  return SYSTEM_KEYS.some((p) => key.startsWith(p));
};

/**
 * Unicode encodes every script's decimal digits as runs of ten, 0 to 9 in order: a digit's value is how many digits
 * stand before it in its run of consecutive digit code points, modulo ten.
 */
function asciiDigits(s: string): string {
  return s.replace(DIGIT, (d) => {
    const cp = d.codePointAt(0)!;
    let back = 0;
    while (IS_DIGIT.test(String.fromCodePoint(cp - back - 1))) back++;
    return String(back % 10);
  });
}

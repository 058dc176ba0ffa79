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

/** Latin small capitals (`ᴀᴍx` reads as `AMX`), which neither NFKC nor the confusables map to their letters. */
const SMALL_CAPITALS = 'ᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘꞯʀꜱᴛᴜᴠᴡʏᴢ';
const CAPITALS = 'ABCDEFGHIJKLMNOPQRSTUVWYZ';
const SMALL_CAPITAL = new RegExp(`[${SMALL_CAPITALS}]`, 'gu');

/**
 * A card number's or payout code's key: its skeleton, letters and digits only (`AMZ-1001 7781` reads as `AMZ10017781`,
 * `LK-7`, `LK 7`, `LK_7` and `LK֊7` are one code). Punctuation and spaces go first, so that a dash never becomes a letter
 * it resembles (an em dash looks like the CJK `一`); what is left that is not a letter or a digit (combining marks that
 * did not compose, braille blanks, the object replacement character, other symbols) is dropped after mapping. A key
 * of nothing is a blank identifier.
 */
const identifierKey = (s: string): string =>
  identifierSkeleton(
    s
      .normalize('NFKC')
      .replace(SMALL_CAPITAL, (c) => CAPITALS[SMALL_CAPITALS.indexOf(c)])
      .replace(/[\p{P}\p{Z}]/gu, ''),
  ).replace(/[^\p{L}\p{N}]/gu, '');
export const cardNumberKey = identifierKey;
export const payoutCodeKey = identifierKey;

/**
 * Codes the ledger writes itself (a dispute's clawback entry and its reversal, `CLAWBACK-<id>`, `REVERSAL-<id>`); no
 * payout may take a code whose key starts like theirs (`CLAWBACK1`, `Reversal.1`, `CLAWBACK` alone).
 */
const SYSTEM_KEYS = ['CLAWBACK', 'REVERSAL'].map(identifierKey);
export const isSystemCode = (code: string): boolean => {
  const key = identifierKey(code);
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

import { cardNumberKey } from '../../../shared/identifiers';
import { fitCode, type CodePattern } from '../../../shared/code-pattern';
import type { PhotoBox, ReadLine } from './engine';

/** A code read off a photo: as the offer's pattern has it, its key (normalised like a card number), how sure, where. */
export interface FoundCode {
  number: string;
  key: string;
  confidence: number;
  box: PhotoBox;
}

/**
 * Below this (the recogniser's mean character probability, 0-100) a line is not taken: a read that is not sure is
 * unreadable, never a guess. The bench (`npm run bench -- --ocr=only`) shows how many wrong reads it leaves: none.
 */
export const MIN_CONFIDENCE = 90;

/** Words that name the code: they end a run of groups, and the run after them may be the code. */
const CODE_LABELS = new Set(['CODE', 'CLAIM', 'CARD', 'NO', 'NUMBER', 'NUM', 'GIFT', 'REDEEM', 'ACCESS', 'KEY', 'SERIAL']);
/** Words that name something else: the run after them is never the code (a PIN is never stored). */
const OTHER_LABELS = new Set(['PIN', 'UPC', 'EAN', 'SKU', 'TEL', 'PHONE', 'CALL', 'HELP', 'LINE', 'CVV', 'EXP', 'SCRATCH']);

/** A UPC-A as printed under its bars (`0 51915 20943 4`) and a help line (`1-800-493-8920`): never a code. */
const NOT_A_CODE = [/^\d,\d{5},\d{5},\d$/, /^1,8\d\d,\d{3},\d{4}$/, /^\d{3},\d{3},\d{4}$/];
/** A UPC-A read without its spaces: 12 digits whose last is the UPC check digit (3-1 weights). */
const isUpc = (chars: string) =>
  /^\d{12}$/.test(chars) && [...chars].reduce((sum, d, i) => sum + Number(d) * (i === 11 ? 1 : i % 2 === 0 ? 3 : 1), 0) % 10 === 0;
/** A label the recogniser ran into what follows it (`UPC046260262584`, `line1-800`). */
const GLUED_LABEL = /^(PIN|UPC|EAN|TEL|LINE|CALL|PHONE)(\d\w*)$/i;

type Token = { chars: string } | { label: 'code' | 'other' } | { prose: true };

function tokenOf(word: string): Token {
  const bare = word.replace(/^[^A-Za-z0-9$]+|[^A-Za-z0-9]+$/g, '');
  const upper = bare.toUpperCase();
  if (CODE_LABELS.has(upper)) return { label: 'code' };
  if (OTHER_LABELS.has(upper)) return { label: 'other' };
  if (!/^[A-Za-z0-9]+$/.test(bare)) return { prose: true };
  // Printed codes are upper case: a word that is mostly lower case is the fine print's.
  const lower = bare.replace(/[^a-z]/g, '').length;
  if (lower >= 2 && lower * 2 > bare.replace(/\d/g, '').length) return { prose: true };
  return { chars: upper };
}

/** The runs of letter-and-digit groups on a line (dashes split groups), without the runs a PIN/UPC/phone label names. */
function runsOf(text: string): string[][] {
  const runs: string[][] = [];
  let run: string[] = [];
  let skipping = false;
  const end = () => {
    if (run.length && !skipping) runs.push(run);
    run = [];
  };
  const words = text.split(/[\s\u2010-\u2015-]+|(?<=[:.,])/).flatMap((w) => GLUED_LABEL.exec(w)?.slice(1) ?? [w]);
  for (const word of words) {
    if (!word) continue;
    const token = tokenOf(word);
    if ('chars' in token) run.push(token.chars);
    else {
      end();
      skipping = 'label' in token && token.label === 'other';
      if (!('label' in token)) skipping = false;
    }
  }
  end();
  return runs.filter((groups) => !NOT_A_CODE.some((shape) => shape.test(groups.join(','))) && !isUpc(groups.join('')));
}

/** Every code on a line that fits the pattern: any run of whole groups with a pattern, the whole run without one. */
function codesOn(text: string, pattern: CodePattern | null): string[] {
  const codes = new Set<string>();
  for (const groups of runsOf(text)) {
    if (!pattern?.code_pattern) {
      const code = fitCode(groups.join(''), pattern);
      if (code) codes.add(code);
      continue;
    }
    for (let from = 0; from < groups.length; from++)
      for (let to = from + 1; to <= groups.length; to++) {
        const code = fitCode(groups.slice(from, to).join(''), pattern);
        if (code) codes.add(code);
      }
  }
  return [...codes];
}

/**
 * The code a photo shows, or null: exactly one code among its lines fits the offer's pattern (and check digit), read
 * with at least MIN_CONFIDENCE. Two different fitting codes are null, never a pick. Everything else on the photo (the
 * PIN, a UPC, the help line, the amount, the fine print) is dropped here and never stored.
 */
export function findCode(lines: ReadLine[], pattern: CodePattern | null): FoundCode | null {
  const found = new Map<string, FoundCode>();
  for (const line of lines)
    for (const code of codesOn(line.text, pattern)) {
      const seen = found.get(code);
      if (!seen || line.confidence > seen.confidence)
        found.set(code, { number: code, key: cardNumberKey(code), confidence: Math.round(line.confidence * 10) / 10, box: line.box });
    }
  if (found.size !== 1) return null;
  const [only] = found.values();
  return only!.confidence >= MIN_CONFIDENCE ? only! : null;
}

import { cardNumberKey } from '../../../shared/identifiers';
import { fitCode, type CodePattern } from '../../../shared/code-pattern';
import type { PhotoBox, ReadChar, ReadLine } from './engine';
import { isCertain } from './certainty';

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

type Token = { chars: string; at: number } | { label: 'code' | 'other' } | { prose: true };

function tokenOf(word: string, at: number): Token {
  const lead = word.length - word.replace(/^[^A-Za-z0-9$]+/, '').length;
  const bare = word.slice(lead).replace(/[^A-Za-z0-9]+$/, '');
  const upper = bare.toUpperCase();
  if (CODE_LABELS.has(upper)) return { label: 'code' };
  if (OTHER_LABELS.has(upper)) return { label: 'other' };
  if (!/^[A-Za-z0-9]+$/.test(bare)) return { prose: true };
  // Printed codes are upper case: a word that is mostly lower case is the fine print's.
  const lower = bare.replace(/[^a-z]/g, '').length;
  if (lower >= 2 && lower * 2 > bare.replace(/\d/g, '').length) return { prose: true };
  return { chars: upper, at: at + lead };
}

/** The line's words, each with where it starts: split at spaces and dashes, after `:.,`, and a glued label off its run. */
function wordsOf(text: string): { word: string; at: number }[] {
  const words: { word: string; at: number }[] = [];
  for (const m of text.matchAll(/[^\s\u2010-\u2015-]+/g)) {
    let at = m.index;
    for (const part of m[0].split(/(?<=[:.,])/)) {
      const glued = GLUED_LABEL.exec(part);
      if (glued) words.push({ word: glued[1]!, at }, { word: glued[2]!, at: at + glued[1]!.length });
      else words.push({ word: part, at });
      at += part.length;
    }
  }
  return words;
}

type Group = { chars: string; at: number };

/** The runs of letter-and-digit groups on a line (dashes split groups), without the runs a PIN/UPC/phone label names. */
function runsOf(text: string): Group[][] {
  const runs: Group[][] = [];
  let run: Group[] = [];
  let skipping = false;
  const end = () => {
    if (run.length && !skipping) runs.push(run);
    run = [];
  };
  for (const { word, at } of wordsOf(text)) {
    if (!word) continue;
    const token = tokenOf(word, at);
    if ('chars' in token) run.push(token);
    else {
      end();
      skipping = 'label' in token && token.label === 'other';
    }
  }
  end();
  const joined = (groups: Group[], by: string) => groups.map((g) => g.chars).join(by);
  return runs.filter((groups) => !NOT_A_CODE.some((shape) => shape.test(joined(groups, ','))) && !isUpc(joined(groups, '')));
}

/** Where each character of some groups is on the line. */
const placesOf = (groups: Group[]) => groups.flatMap((g) => [...g.chars].map((_, i) => g.at + i));

/** Every code on a line that fits the pattern (any run of whole groups with a pattern, the whole run without one), with where its characters are. */
function codesOn(text: string, pattern: CodePattern | null): Map<string, number[]> {
  const codes = new Map<string, number[]>();
  const add = (groups: Group[]) => {
    const code = fitCode(groups.map((g) => g.chars).join(''), pattern);
    if (code && !codes.has(code)) codes.set(code, placesOf(groups));
  };
  for (const groups of runsOf(text)) {
    if (!pattern?.code_pattern) add(groups);
    else for (let from = 0; from < groups.length; from++) for (let to = from + 1; to <= groups.length; to++) add(groups.slice(from, to));
  }
  return codes;
}

interface Candidate extends FoundCode {
  /** The code's characters as read (null: the reader gave none, or not one for one with the text). */
  chars: ReadChar[] | null;
}

/** The line's characters at `places`, when the reader gave them one for one with its text. */
function charsAt(line: ReadLine, places: number[]): ReadChar[] | null {
  const chars = line.chars;
  if (!chars || chars.length !== line.text.length || chars.some((c, i) => c.c !== line.text[i])) return null;
  return places.map((i) => chars[i]!);
}

/** Each code that fits the pattern somewhere on the photo, from the line that read it most surely. */
function codeCandidates(lines: ReadLine[], pattern: CodePattern | null): Map<string, Candidate> {
  const found = new Map<string, Candidate>();
  for (const line of lines)
    for (const [code, places] of codesOn(line.text, pattern)) {
      const seen = found.get(code);
      if (!seen || line.confidence > seen.confidence)
        found.set(code, {
          number: code,
          key: cardNumberKey(code),
          confidence: Math.round(line.confidence * 10) / 10,
          box: line.box,
          chars: charsAt(line, places),
        });
    }
  return found;
}

/**
 * The code a photo shows, or null: exactly one code among its lines fits the offer's pattern (and check digit), read
 * with at least MIN_CONFIDENCE and no character in doubt beyond what its check digit catches (certainty.ts). Two
 * different fitting codes are null, never a pick. Everything else on the photo (the PIN, a UPC, the help line, the
 * amount, the fine print) is dropped here and never stored.
 */
export function findCode(lines: ReadLine[], pattern: CodePattern | null): FoundCode | null {
  const found = codeCandidates(lines, pattern);
  if (found.size !== 1) return null;
  const [{ chars, ...only }] = found.values();
  if (only.confidence < MIN_CONFIDENCE) return null;
  return !chars || isCertain(only.number, chars, pattern) ? only : null;
}

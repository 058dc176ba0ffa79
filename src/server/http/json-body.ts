import { LosslessNumber, parse } from 'lossless-json';
import { LIMITS } from '../../shared/limits';
import { HttpError } from './errors';

/** A JSON body is at most this big and this deeply nested; both are checked before anything is built from it. */
export const JSON_LIMITS = { bytes: LIMITS.http.jsonBytes.value, depth: LIMITS.http.jsonDepth.value };

/** Money fields whose JSON numbers are judged by their source text, not by the float JavaScript reads. */
const MONEY_KEYS = new Set(['transaction_amount', 'paid_amount', 'price', 'rate', 'min_price', 'max_price']);
/** A number JavaScript reads exactly enough for money: at most 15 digits and at most 2 decimals. */
const PLAIN = /^-?\d{1,15}(\.\d{1,2})?$/;

/**
 * Every number token that PLAIN would not accept has an exponent, 3 or more decimals or 16 or more digits in a row, so
 * text without any of these (most bodies) reads the same with JSON.parse, and is parsed by it.
 */
const MAYBE_UNUSUAL = /\d[eE]|\.\d{3}|\d{16}/;

/** One pass over the text (strings skipped) that stops at the first bracket deeper than `max`. */
function deeperThan(text: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // Skip the string: to the next quote that is not escaped.
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** Puts every kept number back: a money key's as its source text (so the money rule refuses it), any other as a number. */
function settleNumbers(root: object): void {
  const stack: object[] = [root];
  while (stack.length) {
    const node = stack.pop() as Record<string, unknown>;
    for (const key of Object.keys(node)) {
      const v = node[key];
      if (v instanceof LosslessNumber) node[key] = !Array.isArray(node) && MONEY_KEYS.has(key) ? v.value : Number(v.value);
      else if (v && typeof v === 'object') stack.push(v);
    }
  }
}

/**
 * Parses a request's JSON within JSON_LIMITS. Numbers are read from their source text: `{"transaction\u005famount":
 * 59.909999999999999999}` would be 59.91 to JSON.parse and pass as 2 decimals; here a money number written with more
 * than 2 decimals, an exponent or more than 15 digits stays text (whatever escapes spell its key), and the money rule
 * refuses it. The walk that puts such numbers back runs only when there is one.
 */
export function parseJsonBody(text: string): unknown {
  if (deeperThan(text, JSON_LIMITS.depth))
    throw new HttpError(413, { message: `The request body is nested more than ${JSON_LIMITS.depth} levels deep.` });
  let unusual = false;
  let parsed: unknown;
  try {
    if (!MAYBE_UNUSUAL.test(text)) return JSON.parse(text) as unknown;
    parsed = parse(text, null, {
      parseNumber: (t) => {
        if (PLAIN.test(t)) return Number(t);
        unusual = true;
        return new LosslessNumber(t);
      },
      // The last of a repeated key wins, as with JSON.parse.
      onDuplicateKey: ({ newValue }) => newValue,
    });
  } catch {
    throw new HttpError(400, { message: 'The request body is not valid JSON' });
  }
  if (parsed instanceof LosslessNumber) return Number(parsed.value);
  if (unusual && parsed && typeof parsed === 'object') settleNumbers(parsed);
  return parsed;
}

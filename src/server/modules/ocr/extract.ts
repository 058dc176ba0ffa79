import { cardNumberKey } from '../../../shared/identifiers';
import type { ReadLine } from './engine';

/** A number read off a photo: its digits, its key (normalised like a card number) and how sure the reader was. */
export interface FoundNumber {
  number: string;
  key: string;
  confidence: number;
}

/** Runs of digits with at most two spaces or dashes between two digits (`6035 1234-5678 9012`). */
const DIGIT_RUN = /\d(?:[ \-\u2010-\u2015]{0,2}\d)*/g;
export const CARD_NUMBER_DIGITS = { min: 12, max: 20 } as const;

/**
 * The card-number-like run of digits among the lines a photo shows (12-20 digits): the most confident line's, the
 * longest first on a tie. Everything else (the PIN, the amount, the shop's name) is dropped here and never stored.
 */
export function findCardNumber(lines: ReadLine[]): FoundNumber | null {
  let best: FoundNumber | null = null;
  for (const line of lines) {
    for (const match of line.text.matchAll(DIGIT_RUN)) {
      const number = match[0].replace(/\D/g, '');
      if (number.length < CARD_NUMBER_DIGITS.min || number.length > CARD_NUMBER_DIGITS.max) continue;
      const better =
        !best || line.confidence > best.confidence || (line.confidence === best.confidence && number.length > best.number.length);
      if (better) best = { number, key: cardNumberKey(number), confidence: Math.round(line.confidence * 10) / 10 };
    }
  }
  return best;
}

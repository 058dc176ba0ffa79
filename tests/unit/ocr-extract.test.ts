import { describe, expect, it } from 'vitest';
import { findCode, MIN_CONFIDENCE } from '../../src/server/modules/ocr/extract';
import { CHAR_FLOOR } from '../../src/server/modules/ocr/certainty';
import { exampleCode, fitCode, formatCode, passesLuhn } from '../../src/shared/code-pattern';

const box = { x: 10, y: 20, w: 300, h: 40 };
const line = (text: string, confidence = 97) => ({ text, confidence, box });
const digits16 = { code_pattern: '9999 9999 9999 9999', code_check: 'luhn' as const };
const amazon = { code_pattern: 'XXXX-XXXXXX-XXXX', code_check: null };

describe('an offer code pattern', () => {
  it('fits codes of its length and kinds, fixing look-alikes only where a slot takes one kind', () => {
    expect(fitCode('X7QKM2PRTW9HZC', amazon)).toBe('X7QKM2PRTW9HZC');
    expect(fitCode('X7QKM2PRTW9HZ', amazon)).toBeNull();
    expect(fitCode('ABCDEFGHJKMNPQ', amazon)).toBeNull(); // no digit at all: the brand's name, not a code
    expect(fitCode('6O35123456789O12', { code_pattern: '9999 9999 9999 9999', code_check: null })).toBe('6035123456789012');
    expect(fitCode('AB12', { code_pattern: 'AA99', code_check: null })).toBe('AB12');
    expect(fitCode('8512', { code_pattern: 'AA99', code_check: null })).toBe('BS12');
    expect(fitCode('AB1C', { code_pattern: 'AA99', code_check: null })).toBeNull();
  });

  it('refuses a code that fails its Luhn check digit', () => {
    expect(passesLuhn('4539148803436467')).toBe(true);
    expect(fitCode('4539148803436467', digits16)).toBe('4539148803436467');
    expect(fitCode('4539148803436468', digits16)).toBeNull();
    expect(fitCode('4539148803436476', digits16)).toBeNull(); // two digits swapped
  });

  it('with no pattern: 10-24 letters and digits, 12-20 when all digits', () => {
    expect(fitCode('XHKP4N7RQ2M9V3TW', null)).toBe('XHKP4N7RQ2M9V3TW');
    expect(fitCode('12345678901', null)).toBeNull();
    expect(fitCode('6035123456789012', null)).toBe('6035123456789012');
    expect(fitCode('ABC123', null)).toBeNull();
  });

  it('writes codes in its groups and gives examples that fit it', () => {
    expect(formatCode('X7QKM2PRTW9HZC', 'XXXX-XXXXXX-XXXX')).toBe('X7QK-M2PRTW-9HZC');
    for (const [pattern, check] of [
      ['9999 9999 9999 9999', 'luhn'],
      ['XXXXX-XXXXX-XXXXX', null],
      ['AA99-XXXX', null],
    ] as const) {
      const example = exampleCode(pattern, check);
      expect(fitCode(example.replace(/[^A-Z0-9]/g, ''), { code_pattern: pattern, code_check: check })).not.toBeNull();
    }
  });
});

describe('the code among the lines read off a photo', () => {
  it('cuts the code out of its line and keeps where it was', () => {
    const found = findCode([line('amazon.com Gift Card'), line('Claim code: X7QK-M2PRTW-9HZC'), line('$50')], amazon);
    expect(found).toEqual({ number: 'X7QKM2PRTW9HZC', key: expect.any(String), confidence: 97, box });
    expect(findCode([line('7KJ3M-P9XQ2-R4TWV')], { code_pattern: 'XXXXX-XXXXX-XXXXX', code_check: null })?.number).toBe('7KJ3MP9XQ2R4TWV');
    expect(findCode([line('B7TQ 4MZK 9XWR 2HPN 6DVC')], null)?.number).toBe('B7TQ4MZK9XWR2HPN6DVC');
  });

  it('never takes the PIN, a UPC, a help line, an amount or the fine print', () => {
    const around = [
      line('PIN 4821'),
      line('UPC 0 51915 20943 4'),
      line('0 51915 20943 4'),
      line('Help line 1-800-493-8920'),
      line('Help line1-800-143-9422 UPC036000291452'),
      line('036000291452'),
      line('$100'),
      line('Terms apply. Not redeemable for cash except where required by law 2026'),
    ];
    expect(findCode(around, null)).toBeNull();
    expect(findCode([...around, line('6035 1234 5678 9012 PIN 4821')], null)?.number).toBe('6035123456789012');
    expect(findCode([line('4539 1488 0343 6467 PIN 1234')], digits16)?.number).toBe('4539148803436467');
  });

  it('is unreadable when the read is not sure, breaks the pattern, or two codes fit', () => {
    expect(findCode([line('X7QK-M2PRTW-9HZC', MIN_CONFIDENCE - 1)], amazon)).toBeNull();
    expect(findCode([line('X7QK-M2PRTW-9HZ')], amazon)).toBeNull();
    expect(findCode([line('4539 1488 0343 6468')], digits16)).toBeNull();
    expect(findCode([line('X7QK-M2PRTW-9HZC'), line('X7QK-M2PRTW-9HZE')], amazon)).toBeNull();
    // The same code on two lines is one code.
    expect(findCode([line('X7QK-M2PRTW-9HZC', 95), line('X7QK M2PRTW 9HZC', 99)], amazon)?.confidence).toBe(99);
  });

  it('refuses a code with a character in doubt unless its check digit catches it', () => {
    // What the reader made of a scratched strip's `B8SB NHFF SWB2 DTZ5` (the bench's photo 55): the second F read as E
    // with F the runner-up, every other character sure, a mean of 96 (above MIN_CONFIDENCE).
    const read = (text: string, doubtful: Record<number, [number, string, number]>) => ({
      text,
      confidence: 96,
      box,
      chars: [...text].map((c, i) => {
        const [p, alt, altP] = doubtful[i] ?? [0.99, '', 0];
        return { c, p, alt, altP };
      }),
    });
    const strip = { code_pattern: 'XXXX XXXX XXXX XXXX', code_check: null };
    expect(findCode([read('B8SB NHFE SWB2 DTZ5', { 8: [0.7, 'F', 0.27] })], strip)).toBeNull();
    // A faint rival (Q read with O at 6%) is no doubt; neither is a rival that cannot fill the slot (a `9` slot's E).
    expect(findCode([read('B8SB NHFF SWB2 DTZ5', { 2: [0.9, 'O', 0.06] })], strip)?.number).toBe('B8SBNHFFSWB2DTZ5');
    expect(findCode([read('4539 1488 0343 6467', { 0: [0.8, 'A', 0.2] })], digits16)?.number).toBe('4539148803436467');
    // A character read unsurely is in doubt whatever its rival.
    expect(findCode([read('B8SB NHFF SWB2 DTZ5', { 3: [CHAR_FLOOR - 0.01, '', 0] })], strip)).toBeNull();
    // With a Luhn check digit one digit in doubt is caught by it (a single wrong digit always fails Luhn); two are not.
    expect(findCode([read('4539 1488 0343 6467', { 0: [0.7, '9', 0.25] })], digits16)?.number).toBe('4539148803436467');
    expect(findCode([read('4539 1488 0343 6467', { 0: [0.7, '9', 0.25], 6: [0.7, '3', 0.25] })], digits16)).toBeNull();
    // The rule is per character: a doubtful character outside the code (the PIN's) changes nothing.
    expect(findCode([read('B8SB NHFF SWB2 DTZ5 PIN 4821', { 22: [0.4, '1', 0.5] })], strip)?.number).toBe('B8SBNHFFSWB2DTZ5');
  });
});

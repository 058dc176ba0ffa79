import { describe, expect, it } from 'vitest';
import { findCardNumber } from '../../src/server/modules/ocr/extract';

const line = (text: string, confidence = 90) => ({ text, confidence });

describe('the card number among the lines read off a photo', () => {
  it('keeps the 12-20 digit run, spaces or dashes between groups, as digits and key', () => {
    expect(findCardNumber([line('GIFT CARD $50'), line('6035 1234 5678 9012'), line('PIN 4821')])).toEqual({
      number: '6035123456789012',
      key: '6o35l23456789ol2',
      confidence: 90,
    });
    expect(findCardNumber([line('No. 6035-1234-5678-9012-345')])?.number).toBe('6035123456789012345');
  });

  it('ignores PINs, amounts, dates and runs too short or too long', () => {
    expect(findCardNumber([line('PIN 4821'), line('$50.00'), line('12/2027'), line('12345 678901')])).toBeNull();
    expect(findCardNumber([line('123456789012345678901')])).toBeNull();
    // Groups far apart are not one number.
    expect(findCardNumber([line('6035 1234      5678 9012')])).toBeNull();
  });

  it('picks the most confident line, then the longest', () => {
    expect(findCardNumber([line('111122223333', 60), line('444455556666', 80)])?.number).toBe('444455556666');
    expect(findCardNumber([line('111122223333', 80), line('4444555566667777', 80)])?.number).toBe('4444555566667777');
  });
});

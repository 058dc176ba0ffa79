import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lookupTrigrams, sampleOf } from '../../src/server/db/key-search';

describe('the trigrams a key search looks up in the index', () => {
  // 95% of the bench's card numbers hold `4oo` and `ooo` (zeros fold to `o`); the number searched holds rarer ones.
  const sample = [
    ...Array.from({ length: 95 }, (_, i) => `4ooooo${String(1000 + i)}oooooo`),
    ...Array.from({ length: 5 }, (_, i) => `7${i}81234567890123`),
  ];

  it('are the rarest in the sample, never one that a quarter of the sample holds', () => {
    const lookups = lookupTrigrams('4ooooo39595ooooo', sampleOf(sample));
    expect(lookups).toHaveLength(3);
    for (const g of lookups) expect(sample.filter((s) => s.includes(g)).length).toBeLessThanOrEqual(25);
    expect(lookups).not.toContain('ooo');
    expect(lookups).not.toContain('4oo');
  });

  it('are none for a key whose every trigram is common (the plain condition is used)', () => {
    expect(lookupTrigrams('oooo', sampleOf(sample))).toEqual([]);
  });

  it('are none for a key without three letters or digits in a row', () => {
    expect(lookupTrigrams('bp-l', sampleOf(['bp-l8-3']))).toEqual([]);
    expect(lookupTrigrams('77', sampleOf([]))).toEqual([]);
  });

  it('are the later ones when the sample cannot tell them apart (a number ends in its most varied digits)', () => {
    expect(lookupTrigrams('123456', sampleOf([]))[0]).toBe('456');
  });

  it('are first those apart from the ones picked, then the rest (overlapping trigrams tend to come together)', () => {
    expect(lookupTrigrams('123456', sampleOf([]))).toEqual(['456', '123', '345']);
    expect(lookupTrigrams('1234567890', sampleOf([]))).toEqual(['890', '567', '234']);
    expect(lookupTrigrams('7781', sampleOf([]))).toEqual(['781', '778']);
  });

  it('are always trigrams of the key itself, so a row holding the key holds them', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.array(fc.string({ maxLength: 20 }), { maxLength: 30 }), (key, keys) => {
        for (const g of lookupTrigrams(key, sampleOf(keys))) expect(key.includes(g)).toBe(true);
      }),
    );
  });
});

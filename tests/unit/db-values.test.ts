import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoOrNull } from '../../src/server/db/values';

/** A timestamp as PostgreSQL writes a timestamptz in a session at UTC: trailing zeros of the fraction dropped. */
const pgText = (d: Date, micros: number) => {
  const iso = d.toISOString();
  const fraction = String(d.getUTCMilliseconds() * 1000 + micros)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction ? `.${fraction}` : ''}+00`;
};

describe('isoOrNull', () => {
  // Date's own parser is not the reference: it reads the year 0099 as 1999.
  it('writes PostgreSQL UTC text as the ISO text of the same instant', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 999 }),
        (d, micros) => {
          expect(isoOrNull(pgText(d, micros))).toBe(d.toISOString());
        },
      ),
    );
  });

  it('parses any other form through Date, and keeps empty values null', () => {
    expect(isoOrNull('2026-11-21 23:27:46.75+01')).toBe('2026-11-21T22:27:46.750Z');
    expect(isoOrNull('2026-11-21T23:27:46Z')).toBe('2026-11-21T23:27:46.000Z');
    expect(isoOrNull(new Date('2026-01-02T03:04:05.006Z'))).toBe('2026-01-02T03:04:05.006Z');
    expect(isoOrNull(null)).toBeNull();
    expect(isoOrNull('')).toBeNull();
  });
});

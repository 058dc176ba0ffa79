import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { csvStream, fromArray, money, neutralise, type CsvColumn, type CsvValue } from '../../src/server/modules/exports/csv';
import { centsToDecimal } from '../../src/shared/money';

async function csvOf(headers: string[], rows: CsvValue[][]): Promise<string> {
  const columns: CsvColumn<CsvValue[]>[] = headers.map((header, i) => ({ header, value: (row) => row[i] ?? null }));
  let text = '';
  for await (const chunk of csvStream(columns, fromArray(rows))) text += chunk as string;
  return text;
}
const expected = (v: CsvValue): string =>
  v === null ? '' : typeof v === 'string' ? neutralise(v) : typeof v === 'number' ? String(v) : centsToDecimal(v.cents);

describe('CSV export text', () => {
  it('quotes a cell holding a comma, a quote or a line break, doubles its quotes, and ends every line', async () => {
    const text = await csvOf(
      ['name', 'note'],
      [
        ['a,b', 'say "hi"'],
        ['=1+1', null],
        ['line\nbreak', 'cr\r'],
        [12, money(-1250)],
      ],
    );
    expect(text).toBe('name,note\n"a,b","say ""hi"""\n\'=1+1,\n"line\nbreak","cr\r"\n12,-12.50\n');
  });

  it('quotes a cell holding a semicolon or a tab, and neutralises a formula start after any separator in it', async () => {
    const text = await csvOf(
      ['card_number', 'note'],
      [
        ["x;=cmd|'/C calc'!A0", 'a\tb'],
        ['1,+2', 'ok;fine'],
      ],
    );
    expect(text).toBe(`card_number,note\n"x;'=cmd|'/C calc'!A0","a\tb"\n"1,'+2","ok;fine"\n`);
    // A spreadsheet splitting on semicolons (quotes honoured, or not) or on tabs sees no cell starting a formula.
    for (const delimiter of [';', '\t'])
      for (const row of parse(text, { delimiter, relax_quotes: true, relax_column_count: true }) as string[][])
        for (const c of row) expect(c).not.toMatch(/^[=+\-@]/);
    for (const line of text.split('\n')) for (const c of line.split(/[;,\t]/)) expect(c.replace(/^"/, '')).not.toMatch(/^[=+\-@]/);
  });

  it('reads back, through csv-parse, as the cells it was given (formulas neutralised), over many chunks', async () => {
    const special = fc.constantFrom('"', ',', '\n', '\r', '\t', '=', '+', '-', '@', ' ', "'", 'a', 'é', '😀');
    const cell: fc.Arbitrary<CsvValue> = fc.oneof(
      fc.string({ unit: special, maxLength: 12 }),
      fc.string({ unit: 'binary', maxLength: 12 }),
      fc.integer(),
      fc.integer({ min: -10_000_000, max: 10_000_000 }).map(money),
      fc.constant(null),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 5 }),
        fc.array(fc.array(cell, { minLength: 5, maxLength: 5 }), { maxLength: 1200, size: 'max' }),
        async (width, rows) => {
          const cut = rows.map((r) => r.slice(0, width));
          const headers = Array.from({ length: width }, (_, i) => `col "${i}", x`);
          const parsed = parse(await csvOf(headers, cut)) as string[][];
          expect(parsed).toEqual([headers, ...cut.map((r) => r.map(expected))]);
        },
      ),
      { numRuns: 40 },
    );
    // Up to 40 x 1,200 random rows: about 2 s on a quiet machine, over 5 s (vitest's default) on a loaded one.
  }, 30_000);
});

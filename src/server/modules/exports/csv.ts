import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { stringify } from 'csv-stringify';
import { centsToDecimal, type Cents } from '../../../shared/money';

/** An amount of money in a CSV cell: written as a plain number with 2 decimals ("-12.50"), never neutralised. */
export class CsvMoney {
  constructor(readonly cents: Cents) {}
}
export const money = (cents: Cents) => new CsvMoney(cents);

export type CsvValue = string | number | CsvMoney | null;
export interface CsvColumn<R> {
  header: string;
  value(row: R): CsvValue;
}

/**
 * A text cell that a spreadsheet would read as a formula (=, +, -, @, or a tab / carriage return first) gets a
 * leading apostrophe (OWASP "CSV injection"). Numbers and amounts are written as they are.
 */
export const neutralise = (v: string): string => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

/** The CSV text stream of rows pulled one by one from `rows` (backpressure: never more than a batch in memory). */
export function csvStream<R>(columns: CsvColumn<R>[], rows: AsyncIterable<R>): Readable {
  const stringifier = stringify({
    header: true,
    columns: columns.map((c) => c.header),
    cast: {
      string: neutralise,
      object: (v) => (v instanceof CsvMoney ? centsToDecimal(v.cents) : JSON.stringify(v)),
    },
  });
  async function* records() {
    for await (const row of rows) yield columns.map((c) => c.value(row));
  }
  const source = Readable.from(records());
  source.on('error', (err) => stringifier.destroy(err));
  return source.pipe(stringifier);
}

/** Answers a CSV download: text/csv, attachment with the file name, streamed. */
export function sendCsv<R>(reply: FastifyReply, fileName: string, columns: CsvColumn<R>[], rows: AsyncIterable<R>): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`)
    .header('cache-control', 'private, no-store')
    .send(csvStream(columns, rows));
}

/** Rows already in memory (a bounded answer, e.g. a statement) as the async rows of an export. */
export async function* fromArray<R>(rows: R[]): AsyncGenerator<R> {
  for (const r of rows) yield await Promise.resolve(r);
}

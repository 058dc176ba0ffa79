import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { stringify as stringifyRows, type Options } from 'csv-stringify/sync';
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

/** Rows a chunk of the CSV stream holds: one string per chunk, not one stream write per row. */
const CSV_CHUNK_ROWS = 500;
const castOptions: Options = {
  cast: {
    string: neutralise,
    object: (v) => (v instanceof CsvMoney ? centsToDecimal(v.cents) : JSON.stringify(v)),
  },
};

/**
 * The CSV text stream of rows pulled from `rows`, the header line first, then the rows as text CSV_CHUNK_ROWS at a time
 * (backpressure: the next rows are pulled only when the reply has room, so never more than a batch in memory).
 */
export function csvStream<R>(columns: CsvColumn<R>[], rows: AsyncIterable<R>): Readable {
  async function* chunks() {
    yield stringifyRows([columns.map((c) => c.header)]);
    let records: CsvValue[][] = [];
    for await (const row of rows) {
      records.push(columns.map((c) => c.value(row)));
      if (records.length === CSV_CHUNK_ROWS) {
        yield stringifyRows(records, castOptions);
        records = [];
      }
    }
    if (records.length) yield stringifyRows(records, castOptions);
  }
  return Readable.from(chunks(), { highWaterMark: 1 });
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

import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { LIMITS } from '../../../shared/limits';
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
 * A formula start (=, +, -, @, a tab or a carriage return) at the start of a text cell, or right after a separator
 * inside it (comma, semicolon, tab, line break: a spreadsheet set to split on one of them, or a reader ignoring the
 * quotes, would start a cell there), gets an apostrophe before it (OWASP "CSV injection"). Numbers and amounts are
 * written as they are.
 */
export const neutralise = (v: string): string => v.replace(/(^|[,;\t\r\n])(?=[=+\-@\t\r])/g, "$1'");

/** Rows a chunk of the CSV stream holds: one string per chunk, not one stream write per row. */
const CSV_CHUNK_ROWS = LIMITS.exports.csvChunkRows.value;

/**
 * A cell as RFC 4180 text: in quotes, its quotes doubled, when it holds a quote, a line break or a separator a
 * spreadsheet may split on (comma, semicolon, tab).
 */
const quoted = (text: string): string => (/[",;\t\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
const cellText = (v: CsvValue): string =>
  v == null ? '' : typeof v === 'string' ? neutralise(v) : typeof v === 'number' ? String(v) : centsToDecimal(v.cents);
/** One CSV line, its line break included. */
const csvLine = (texts: string[]): string => `${texts.map(quoted).join(',')}\n`;

/**
 * The CSV text stream of rows pulled from `rows`, the header line first, then the rows as text CSV_CHUNK_ROWS at a time
 * (backpressure: the next rows are pulled only when the reply has room, so never more than a batch in memory).
 */
export function csvStream<R>(columns: CsvColumn<R>[], rows: AsyncIterable<R>): Readable {
  async function* chunks() {
    yield csvLine(columns.map((c) => c.header));
    let [chunk, n] = ['', 0];
    for await (const row of rows) {
      chunk += csvLine(columns.map((c) => cellText(c.value(row))));
      if (++n === CSV_CHUNK_ROWS) {
        yield chunk;
        [chunk, n] = ['', 0];
      }
    }
    if (n) yield chunk;
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

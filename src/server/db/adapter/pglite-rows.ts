import { messages, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';

type BackendMessage = messages.BackendMessage;
type Parsers = Record<number | string, (value: string, typeId?: number) => unknown>;

const BIND_COMPLETE = 0x32;
const DATA_ROW = 0x44;
const COMMAND_COMPLETE = 0x43;
const READY_FOR_QUERY = 0x5a;
const decoder = new TextDecoder();

/**
 * The result of one Bind/Execute/Sync of a statement that returns rows, read straight from PGlite's answer bytes:
 * PGlite's own protocol parser copies every field into a new buffer before decoding it, and then the rows are built
 * again from its messages: 0.56 of page 1's 1.27 ms a call (docs/lists.md). Here each field is decoded in place and
 * passed to the same type parsers, so the result is the one `parse.parseResults` gives. Undefined when the answer
 * holds anything else (an error, a notice, a notification): `messagesOf` then reads it.
 */
export function readRows<T>(
  answer: Uint8Array,
  rowDescription: BackendMessage,
  parsers: Parsers,
  options?: QueryOptions,
): Results<T> | undefined {
  const fields = (rowDescription as messages.RowDescriptionMessage).fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
  const fieldParsers = fields.map((f) => parsers[f.dataTypeID]);
  const arrayMode = options?.rowMode === 'array';
  const view = new DataView(answer.buffer, answer.byteOffset, answer.byteLength);
  const rows: unknown[] = [];
  let command = '';
  for (let at = 0; at < answer.length; at += 1 + view.getInt32(at + 1)) {
    const type = answer[at];
    if (type === DATA_ROW) {
      const row: unknown[] | Record<string, unknown> = arrayMode ? [] : {};
      for (let i = 0, p = at + 7, n = view.getInt16(at + 5); i < n; i++) {
        const length = view.getInt32(p);
        p += 4;
        let value: unknown = null;
        if (length >= 0) {
          const text = decoder.decode(answer.subarray(p, (p += length)));
          value = fieldParsers[i] ? fieldParsers[i](text, fields[i].dataTypeID) : text;
        }
        if (arrayMode) (row as unknown[]).push(value);
        else (row as Record<string, unknown>)[fields[i].name] = value;
      }
      rows.push(row);
    } else if (type === COMMAND_COMPLETE) command = decoder.decode(answer.subarray(at + 5, at + view.getInt32(at + 1)));
    else if (type !== BIND_COMPLETE && type !== READY_FOR_QUERY) return undefined;
  }
  const words = command.split(' ');
  const rowCount = parseInt(words[words.length - 1], 10);
  return { rows: rows as T[], fields, command: words[0], affectedRows: 0, ...(Number.isNaN(rowCount) ? {} : { rowCount }) } as Results<T>;
}

/**
 * The answer's messages through PGlite's own parser, handled as PGlite handles them: its error thrown, its notices
 * passed on, its notifications to `notify`.
 */
export function messagesOf(
  answer: Uint8Array,
  options: QueryOptions | undefined,
  notify: (channel: string, payload: string) => void,
): BackendMessage[] {
  const received: BackendMessage[] = [];
  new protocol.Parser().parse(answer, (m) => received.push(m));
  const error = received.find((m) => m instanceof messages.DatabaseError);
  if (error) throw error;
  for (const m of received) {
    if (m instanceof messages.NoticeMessage) options?.onNotice?.(m);
    if (m instanceof messages.NotificationResponseMessage) notify(m.channel, m.payload);
  }
  return received;
}

import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { messagesOf, readRows } from './pglite-rows';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];
interface Statement {
  name: string;
  types: number[];
  row: BackendMessage[];
  read: boolean;
}
/** The prepared statements of one PGlite, by text, least recently used first. */
interface Statements {
  client: PGlite;
  byKey: Map<string, Statement>;
  closing: string[];
  seq: number;
  max: number;
  /** The trick of pglite-rows.ts: a SELECT's rows read from its answer's bytes. */
  readRows: boolean;
}

const { serialize } = protocol;

/**
 * A SELECT that does not call pg_notify, whose answer is read by pglite-rows.ts. Only PGlite's own parser hands
 * notifications to `listen`'s callbacks, and PGlite sends a transaction's notifications with the answer to the
 * statement that commits it: a SELECT holds one only if a function it calls writes to a table whose trigger notifies.
 * Should one do so, its notifications are sent again by a statement that goes PGlite's own way.
 */
const reads = (text: string) => /^\s*select\b/i.test(text) && !/pg_notify/i.test(text);

/** Statements that move a file through PGlite's /dev/blob go the library's own way. */
const ours = (text: string, options?: QueryOptions) => !options?.blob && !text.includes('/dev/blob');

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

const exec = (client: PGlite, parts: Uint8Array[], options?: QueryOptions) =>
  client.execProtocolStream(concat(parts), { syncToFs: false, onNotice: options?.onNotice });

/**
 * PGlite copies its few hundred parsers into a new object on every call that brings its own (drizzle's, for dates, a
 * new object per statement): here the own ones sit over PGlite's, which are looked up through the prototype.
 */
const parsersOf = (client: PGlite, options?: QueryOptions): typeof client.parsers =>
  options?.parsers ? (Object.assign(Object.create(client.parsers) as object, options.parsers) as typeof client.parsers) : client.parsers;

/** After the running statement has released PGlite (this waits for it): `pg_notify` in the text goes PGlite's own way. */
const renotify = (client: PGlite) => (channel: string, payload: string) =>
  setTimeout(() => void client.query('SELECT pg_notify($1, $2)', [channel, payload]).catch(() => {}), 0);

/** The text's statement, prepared the first time (closing those pushed out of the cache in the same round trip). */
async function statementFor(s: Statements, key: string, text: string, options?: QueryOptions): Promise<Statement> {
  let statement = s.byKey.get(key);
  if (statement) s.byKey.delete(key);
  else {
    const name = `gcbo_${++s.seq}`;
    const described = await exec(
      s.client,
      [
        ...s.closing.splice(0).map((n) => serialize.close({ type: 'S', name: n })),
        serialize.parse({ name, text, types: options?.paramTypes }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ],
      options,
    );
    // Its row description (or none), kept: each call then skips describing its portal.
    const row = described.filter((m) => m.name === 'rowDescription');
    const types = parse.parseDescribeStatementResults(described);
    statement = { name, types, row, read: s.readRows && row.length > 0 && reads(text) };
  }
  s.byKey.set(key, statement);
  while (s.byKey.size > s.max) {
    const [oldest, { name }] = s.byKey.entries().next().value!;
    s.byKey.delete(oldest);
    s.closing.push(name);
  }
  return statement;
}

/** Bind/Execute/Sync of a prepared statement; a SELECT's answer read from its bytes, any other by PGlite's parser. */
async function execute<T>(s: Statements, statement: Statement, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
  const { client } = s;
  const values = params.map((v, i) => {
    if (v === null || v === undefined) return null;
    const serializer = options?.serializers?.[statement.types[i]] ?? client.serializers[statement.types[i]];
    return serializer ? serializer(v) : String(v);
  });
  const call = [serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()];
  const parsers = parsersOf(client, options);
  let messages: BackendMessage[];
  if (statement.read) {
    const pieces: Uint8Array[] = [];
    // Each piece is a view of PGlite's memory, which the next piece overwrites.
    await client.execProtocolRawStream(concat(call), { syncToFs: false, onRawData: (piece) => pieces.push(piece.slice()) });
    const answer = pieces.length === 1 ? pieces[0] : concat(pieces);
    const rows = readRows<T>(answer, statement.row[0], parsers, options);
    if (rows) return rows;
    messages = messagesOf(answer, options, renotify(client));
  } else messages = await exec(client, call, options);
  return parse.parseResults([...statement.row, ...messages], parsers, options && { ...options, parsers: undefined })[0] as Results<T>;
}

async function run<T>(s: Statements, text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
  const key = options?.paramTypes ? `${options.paramTypes.join(',')}\0${text}` : text;
  try {
    return await execute<T>(s, await statementFor(s, key, text, options), params, options);
  } catch (err) {
    // A table changed under the statement ("cached plan must not change result type"): prepared again next time.
    if ((err as { code?: string }).code === '0A000') s.byKey.delete(key);
    throw Object.assign(err as object, { query: text, params, queryOptions: options });
  }
}

/**
 * PGlite's `query` parses, describes and plans every statement on every call (an unnamed statement), and sends each
 * protocol message on its own: a list page with its card views cost 8 ms of CPU, most of it parsing and planning the
 * same few statement texts (docs/lists.md). Here each distinct text becomes a named prepared statement the first time
 * it runs (its parameter types and row description kept), and then each call is one Bind/Execute/Sync batch:
 * PostgreSQL's own plan cache in the default mode (custom plans for the first runs, a generic plan only when it costs
 * no more), as node-postgres does with a named statement. With `readRows`, a SELECT's rows are read from the answer's
 * bytes (pglite-rows.ts), other answers by PGlite's own parser; the results are the same. At most `max` texts are kept
 * (least recently used closed first). Uses PGlite's private `_checkReady`, `_runExclusiveQuery` and
 * `_runExclusiveTransaction` to hold its lock as its own `query` does.
 */
export function prepareStatements(client: PGlite, max = 256, readRows = true): void {
  const s: Statements = { client, byKey: new Map(), closing: [], seq: 0, max, readRows };
  const query = client.query.bind(client);
  client.query = async <T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> => {
    if (!ours(text, options)) return query<T>(text, params, options);
    await client._checkReady();
    const result = await client._runExclusiveTransaction(() => client._runExclusiveQuery(() => run<T>(s, text, params, options)));
    await client.syncToFs();
    return result;
  };
  const transaction = client.transaction.bind(client);
  client.transaction = <T>(fn: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      const inside: Transaction = Object.create(tx, {
        query: {
          value: <R>(text: string, params?: unknown[], options?: QueryOptions) => {
            if (!ours(text, options)) return tx.query<R>(text, params, options);
            if (tx.closed) throw new Error('Transaction is closed');
            return client._runExclusiveQuery(() => run<R>(s, text, params, options));
          },
        },
      });
      return fn(inside);
    });
}

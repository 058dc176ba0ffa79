import { cardNumberKey, payoutCodeKey } from '../../shared/identifiers';
import type { ScriptTx } from './migrate';

const BATCH = 5000;

/**
 * Migration 0020's TypeScript half, and 0028's (the key then dropped every separator, mark and symbol of payout codes
 * too, and mapped small capitals): every stored key recomputed as the key (shared/identifiers.ts), then the unique
 * index on payout codes. Nothing is deleted: a payout whose code now reads like an older one's keeps its code, its key
 * gets `#<id>` (the older payout keeps the plain key, so a new payout with that code is refused), and each such payout,
 * like each card whose number now matches another's, is reported through `log`.
 */
export const recomputeIdentifierKeys =
  (migration: string) =>
  async (run: ScriptTx, log: (line: string) => void): Promise<void> => {
    const codes = new Map<string, number>();
    const codeClashes: string[] = [];
    await eachBatch(run, TRANSACTIONS, async (rows) => {
      const keys = rows.map((r) => {
        const key = payoutCodeKey(r.value ?? '');
        const first = codes.get(key);
        if (first === undefined) {
          codes.set(key, r.id);
          return key;
        }
        codeClashes.push(`payout ${r.id} (${JSON.stringify(r.value)}) reads like payout ${first}'s code`);
        return `${key}#${r.id}`;
      });
      await store(run, TRANSACTIONS, rows, keys);
    });
    const numbers = new Map<string, { id: number; old: string | null }>();
    const numberClashes: string[] = [];
    await eachBatch(run, CARDS, async (rows) => {
      const keys = rows.map((r) => {
        const key = r.value === null ? '' : cardNumberKey(r.value);
        if (key === '') return null;
        const first = numbers.get(key);
        if (first === undefined) numbers.set(key, { id: r.id, old: r.old });
        else if (first.old !== r.old)
          numberClashes.push(`card ${r.id} (${JSON.stringify(r.value)}) now reads like card ${first.id}'s number`);
        return key;
      });
      await store(run, CARDS, rows, keys);
    });
    await run('CREATE UNIQUE INDEX transactions_code_key ON transactions (code_norm)');
    await run('ANALYZE transactions');
    await run('ANALYZE gift_cards');
    for (const line of [...codeClashes, ...numberClashes]) log(`Migration ${migration}: ${line}`);
    if (codeClashes.length + numberClashes.length > 0)
      log(
        `Migration ${migration}: ${codeClashes.length} payout codes and ${numberClashes.length} card numbers now collide (nothing was deleted)`,
      );
  };

/** Migration 0028 also recomputes the numbers read off photos (compared with the cards' keys for duplicates). */
export async function recomputeReadKeys(run: ScriptTx): Promise<void> {
  // A read number whose key would now be empty keeps its old key (a read row always has one).
  await eachBatch(run, READS, (rows) =>
    store(
      run,
      READS,
      rows,
      rows.map((r) => (r.value === null ? r.old : cardNumberKey(r.value) || r.old)),
    ),
  );
}

/**
 * Rows written by SQL alone (the bench's generator, test fixtures) get their keys here: the server writes every key
 * itself, a bulk INSERT ... SELECT cannot.
 */
export async function fillIdentifierKeys(run: ScriptTx): Promise<void> {
  await eachBatch(
    run,
    TRANSACTIONS,
    (rows) =>
      store(
        run,
        TRANSACTIONS,
        rows,
        rows.map((r) => payoutCodeKey(r.value ?? '')),
      ),
    true,
  );
  await eachBatch(
    run,
    CARDS,
    (rows) =>
      store(
        run,
        CARDS,
        rows,
        rows.map((r) => (r.value === null ? null : cardNumberKey(r.value) || null)),
      ),
    true,
  );
}

type Row = { id: number; value: string | null; old: string | null };

/** A table holding an identifier (`value`) and its stored key. */
interface Keyed {
  table: string;
  id: string;
  value: string;
  key: string;
}
const TRANSACTIONS: Keyed = { table: 'transactions', id: 'id', value: 'code', key: 'code_norm' };
const CARDS: Keyed = { table: 'gift_cards', id: 'id', value: 'card_number', key: 'number_key' };
const READS: Keyed = { table: 'card_number_reads', id: 'gift_card_id', value: 'number', key: 'number_key' };

async function eachBatch(run: ScriptTx, t: Keyed, fn: (rows: Row[]) => Promise<void>, missingOnly = false): Promise<void> {
  const missing = missingOnly ? `AND ${t.key} IS NULL AND ${t.value} IS NOT NULL` : '';
  let after = 0;
  for (;;) {
    const rows = (await run(
      `SELECT ${t.id} AS id, ${t.value} AS value, ${t.key} AS old FROM ${t.table} WHERE ${t.id} > $1 ${missing} ORDER BY ${t.id} LIMIT ${BATCH}`,
      [after],
    )) as Row[];
    if (rows.length === 0) return;
    await fn(rows);
    after = rows[rows.length - 1].id;
  }
}

async function store(run: ScriptTx, t: Keyed, rows: Row[], keys: (string | null)[]): Promise<void> {
  await run(
    `UPDATE ${t.table} t SET ${t.key} = x.k FROM unnest($1::int[], $2::text[]) AS x(id, k)
      WHERE t.${t.id} = x.id AND t.${t.key} IS DISTINCT FROM x.k`,
    [rows.map((r) => r.id), keys],
  );
}

import { cardNumberKey, payoutCodeKey } from '../../shared/identifiers';
import type { ScriptTx } from './migrate';

const BATCH = 5000;

/**
 * Rows written by SQL alone (the bench's generator, test fixtures) get their keys here: the server writes every key
 * itself, a bulk INSERT ... SELECT cannot.
 */
export async function fillIdentifierKeys(run: ScriptTx): Promise<void> {
  await eachMissing(run, TRANSACTIONS, (rows) =>
    store(
      run,
      TRANSACTIONS,
      rows,
      rows.map((r) => payoutCodeKey(r.value)),
    ),
  );
  await eachMissing(run, CARDS, (rows) =>
    store(
      run,
      CARDS,
      rows,
      rows.map((r) => cardNumberKey(r.value) || null),
    ),
  );
}

type Row = { id: number; value: string };

/** A table holding an identifier (`value`) and its stored key. */
interface Keyed {
  table: string;
  value: string;
  key: string;
}
const TRANSACTIONS: Keyed = { table: 'transactions', value: 'code', key: 'code_norm' };
const CARDS: Keyed = { table: 'gift_cards', value: 'card_number', key: 'number_key' };

/** The rows with an identifier and no key yet, a batch at a time. */
async function eachMissing(run: ScriptTx, t: Keyed, fn: (rows: Row[]) => Promise<void>): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = (await run(
      `SELECT id, ${t.value} AS value FROM ${t.table}
        WHERE id > $1 AND ${t.key} IS NULL AND ${t.value} IS NOT NULL ORDER BY id LIMIT ${BATCH}`,
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
      WHERE t.id = x.id AND t.${t.key} IS DISTINCT FROM x.k`,
    [rows.map((r) => r.id), keys],
  );
}

import { cardNumberKey, payoutCodeKey } from '../../shared/identifiers';
import type { ScriptTx } from './migrate';

const BATCH = 5000;

/**
 * Migration 0020's TypeScript half: every stored key recomputed as the skeleton (shared/identifiers.ts), then the
 * unique index on payout codes. Nothing is deleted: a payout whose code now reads like an older one's keeps its code,
 * its key gets `#<id>` (the older payout keeps the plain key, so a new payout with that code is refused), and each
 * such payout, like each card whose number now matches another's, is reported through `log`.
 */
export async function recomputeIdentifierKeys(run: ScriptTx, log: (line: string) => void): Promise<void> {
  const codes = new Map<string, number>();
  const codeClashes: string[] = [];
  await eachBatch(run, 'transactions', 'code', async (rows) => {
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
    await store(run, 'transactions', 'code_norm', rows, keys);
  });
  const numbers = new Map<string, { id: number; old: string | null }>();
  const numberClashes: string[] = [];
  await eachBatch(run, 'gift_cards', 'card_number', async (rows) => {
    const keys = rows.map((r) => {
      const key = r.value === null ? '' : cardNumberKey(r.value);
      if (key === '') return null;
      const first = numbers.get(key);
      if (first === undefined) numbers.set(key, { id: r.id, old: r.old });
      else if (first.old !== r.old)
        numberClashes.push(`card ${r.id} (${JSON.stringify(r.value)}) now reads like card ${first.id}'s number`);
      return key;
    });
    await store(run, 'gift_cards', 'number_key', rows, keys);
  });
  await run('CREATE UNIQUE INDEX transactions_code_key ON transactions (code_norm)');
  await run('ANALYZE transactions');
  await run('ANALYZE gift_cards');
  for (const line of [...codeClashes, ...numberClashes]) log(`Migration 0020: ${line}`);
  if (codeClashes.length + numberClashes.length > 0)
    log(`Migration 0020: ${codeClashes.length} payout codes and ${numberClashes.length} card numbers now collide (nothing was deleted)`);
}

/**
 * Rows written by SQL alone (the bench's generator, test fixtures) get their keys here: the server writes every key
 * itself, a bulk INSERT ... SELECT cannot.
 */
export async function fillIdentifierKeys(run: ScriptTx): Promise<void> {
  await eachBatch(
    run,
    'transactions',
    'code',
    (rows) =>
      store(
        run,
        'transactions',
        'code_norm',
        rows,
        rows.map((r) => payoutCodeKey(r.value ?? '')),
      ),
    true,
  );
  await eachBatch(
    run,
    'gift_cards',
    'card_number',
    (rows) =>
      store(
        run,
        'gift_cards',
        'number_key',
        rows,
        rows.map((r) => (r.value === null ? null : cardNumberKey(r.value) || null)),
      ),
    true,
  );
}

type Row = { id: number; value: string | null; old: string | null };

async function eachBatch(
  run: ScriptTx,
  table: string,
  column: string,
  fn: (rows: Row[]) => Promise<void>,
  missingOnly = false,
): Promise<void> {
  const keyColumn = table === 'transactions' ? 'code_norm' : 'number_key';
  const missing = missingOnly ? `AND ${keyColumn} IS NULL AND ${column} IS NOT NULL` : '';
  let after = 0;
  for (;;) {
    const rows = (await run(
      `SELECT id, ${column} AS value, ${keyColumn} AS old FROM ${table} WHERE id > $1 ${missing} ORDER BY id LIMIT ${BATCH}`,
      [after],
    )) as Row[];
    if (rows.length === 0) return;
    await fn(rows);
    after = rows[rows.length - 1].id;
  }
}

async function store(run: ScriptTx, table: string, column: string, rows: Row[], keys: (string | null)[]): Promise<void> {
  await run(
    `UPDATE ${table} t SET ${column} = x.k FROM unnest($1::int[], $2::text[]) AS x(id, k)
      WHERE t.id = x.id AND t.${column} IS DISTINCT FROM x.k`,
    [rows.map((r) => r.id), keys],
  );
}

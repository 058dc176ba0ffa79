import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { recomputeIdentifierKeys, recomputeReadKeys } from './identifier-keys';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const MIGRATIONS_DIR = path.join(HERE, 'migrations');
const FUNCTIONS_DIR = path.join(HERE, 'functions');
const LOCK_KEY = 727001; // any constant; serialises migrations across server instances

/** Runs SQL text (several statements allowed when there are no params) inside one transaction. */
export type ScriptTx = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** What a migration's SQL cannot do (data computed in TypeScript), run right after its file in the same transaction. */
const STEPS: Record<string, (run: ScriptTx, log: (line: string) => void) => Promise<void>> = {
  '0020_identifier_skeletons.sql': recomputeIdentifierKeys('0020'),
  '0028_identifier_separators.sql': async (run, log) => {
    await recomputeIdentifierKeys('0028')(run, log);
    await recomputeReadKeys(run);
  },
};

/**
 * The database's functions and triggers, one file each in functions/ (docs/database-functions.md), applied in this order
 * after the migrations: a function before the SQL-language functions that call it (their bodies are checked when created),
 * each trigger after its function, in the function's file.
 */
export const FUNCTION_FILES = [
  // Called by the others.
  'bump_counter',
  'card_due',
  'report_bump',
  'report_bump_disputed',
  'reject_reason_bump',
  'seller_card_count_bump',
  'ledger_entry',
  'emit_event',
  'emit_event_once',
  'seller_link_add',
  'seller_links_photo',
  // Payments and logins (the server calls them).
  'ledger_allocate',
  'ledger_owes',
  'card_hold',
  'held_cards',
  'first_card_approved_by',
  'ledger_record',
  'ledger_pay',
  'login_attempt',
  'login_succeeded',
  // Trigger functions with their triggers.
  'gift_cards_review_due',
  'gift_cards_offer_hold',
  'gift_cards_events',
  'gift_cards_journal',
  'gift_cards_link',
  'gift_cards_maintain',
  'gift_cards_reject_reasons',
  'gift_cards_proof_supersede',
  'gift_cards_seller_status_count',
  'gift_cards_status_count',
  'gift_card_comments_events',
  'gift_card_images_link',
  'image_blob_drop',
  'offers_maintain',
  'pending_payments_events',
  'transactions_events',
  'transactions_maintain',
  'transactions_link',
  'users_due_events',
  'users_maintain',
  'card_appeals_events',
  'payout_holds_events',
  'auth_tokens_revoked',
  'audit_log_refuse_change',
];

export interface MigrateOptions {
  /** Where a migration reports what it found (default: the console). */
  log?: (line: string) => void;
  /** Stop after this file (tests: a database as an older version left it). */
  upTo?: string;
}

/**
 * Applies migrations/*.sql in name order, once each, then every file of FUNCTION_FILES (CREATE OR REPLACE: the same at
 * every start), in one transaction under an advisory lock (several instances may start at once).
 */
export async function runMigrations(
  inTransaction: (fn: (run: ScriptTx) => Promise<void>) => Promise<void>,
  opts: MigrateOptions = {},
): Promise<void> {
  const log = opts.log ?? ((line: string) => console.warn(line));
  const files = fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql') && (opts.upTo === undefined || f <= opts.upTo))
    .sort();
  await inTransaction(async (run) => {
    await run(`SELECT pg_advisory_xact_lock(${LOCK_KEY})`);
    await run(`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set((await run('SELECT name FROM schema_migrations')).map((r) => r.name as string));
    for (const file of files) {
      if (done.has(file)) continue;
      await run(fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8'));
      await STEPS[file]?.(run, log);
      await run('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
    }
    // A database as an older version left it (upTo) keeps the functions its migrations defined.
    if (opts.upTo === undefined)
      for (const name of FUNCTION_FILES) await run(fs.readFileSync(path.join(FUNCTIONS_DIR, `${name}.sql`), 'utf8'));
  });
}

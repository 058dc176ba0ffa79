import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const MIGRATIONS_DIR = path.join(HERE, 'migrations');
const FUNCTIONS_DIR = path.join(HERE, 'functions');
const LOCK_KEY = 727001; // any constant; serialises migrations across server instances

/** Runs SQL text (several statements allowed when there are no params) inside one transaction. */
export type ScriptTx = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/**
 * Migrations 0001-0029 squashed into one (docs/database-functions.md, "The baseline"): the tables and seed rows as they
 * left them, without their functions and triggers (the files below make those). A database that went through them has
 * their names in schema_migrations, not this one's; one that stopped before the last cannot be brought up by this
 * version, only by the last release that still carries them.
 */
const BASELINE = '0029_baseline.sql';
/**
 * The names 0001-0029 were recorded under (0008 never existed). A new database records them with the baseline, as a
 * database that went through them has them, so an older release's server finds its migrations applied (a rollback,
 * the bench's `--before`).
 */
export const SQUASHED = [
  '0001_init',
  '0002_bench_indexes',
  '0003_login_throttle',
  '0004_transaction_code_key',
  '0005_counter_shards',
  '0006_image_blobs',
  '0007_four_eyes',
  '0009_card_review',
  '0010_clawbacks',
  '0011_events',
  '0011_events_relay',
  '0012_ledger_pay',
  '0013_work_queues',
  '0014_deep_pages',
  '0015_queue_sort_indexes',
  '0016_search_prefix_cover',
  '0017_seller_status_counts',
  '0018_transaction_code_norm',
  '0019_card_number_key_stored',
  '0020_identifier_skeletons',
  '0021_maker_checker',
  '0022_pending_payments',
  '0023_list_builder',
  '0024_jobs_ocr',
  '0025_review_queue',
  '0026_money_controls',
  '0027_card_idempotency_fair_jobs',
  '0028_identifier_separators',
  '0029_audit_append_only',
].map((name) => `${name}.sql`);
const SQUASHED_LAST = SQUASHED[SQUASHED.length - 1]!;
const LAST_RELEASE_WITH_THEM = 'fdb1b7a10ec28649c79d260e193ab2768037ca2b';

/**
 * The database's functions and triggers, one file each in functions/ (docs/database-functions.md), applied in this order
 * after the migrations: a function before the SQL-language functions that call it (their bodies are checked when created),
 * each trigger after its function, in the function's file.
 */
export const FUNCTION_FILES = [
  // Called by the others.
  'report_tz',
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
    if (done.size > 0 && !done.has(BASELINE)) {
      await run('INSERT INTO schema_migrations (name) VALUES ($1)', [baselineApplied(done)]);
      done.add(BASELINE);
      log(`Migrations: this database went through 0001-0029, which are ${BASELINE} now: recorded as applied`);
    }
    for (const file of files) {
      if (done.has(file)) continue;
      await run(fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8'));
      await run('INSERT INTO schema_migrations (name) SELECT unnest($1::text[])', [file === BASELINE ? [file, ...SQUASHED] : [file]]);
    }
    // A database as an older version left it (upTo) has no functions yet: the files suit the last migration's tables.
    if (opts.upTo === undefined)
      for (const name of FUNCTION_FILES) await run(fs.readFileSync(path.join(FUNCTIONS_DIR, `${name}.sql`), 'utf8'));
  });
}

/** A database migrated before the baseline existed: it has the baseline if it went through 0029, else it cannot go on. */
function baselineApplied(done: Set<string>): string {
  const names = [...done].sort();
  if (names.some((name) => name >= SQUASHED_LAST)) return BASELINE;
  throw new Error(
    `This database stopped at migration ${names.at(-1)}, and this version no longer carries migrations 0001-0029 ` +
      `(they became ${BASELINE}). Start it once with the release before, commit ${LAST_RELEASE_WITH_THEM} of main, ` +
      'which brings it up to date, then start this version.',
  );
}

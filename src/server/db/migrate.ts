import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { recomputeIdentifierKeys, recomputeReadKeys } from './identifier-keys';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
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

export interface MigrateOptions {
  /** Where a migration reports what it found (default: the console). */
  log?: (line: string) => void;
  /** Stop after this file (tests: a database as an older version left it). */
  upTo?: string;
}

/** Applies migrations/*.sql in name order, once each, under an advisory lock (several instances may start at once). */
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
  });
}

import type { Db, Tx } from '../../db/client';
import { HttpError, pgCode } from '../../http/errors';

/** Thrown inside a transaction when a row it locked moved under it: the whole transaction runs again. */
export class RetryTransaction extends Error {}

const RETRYABLE = new Set(['40001', '40P01']);
const ATTEMPTS = 6;

/** Runs fn in one database transaction, again after a serialization failure or deadlock (never a 5xx). */
export function inTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return withRetries(() => db.transaction(fn));
}

/** Runs fn (one transaction or one statement) again after a serialization failure, a deadlock or a RetryTransaction. */
export async function withRetries<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      const again = err instanceof RetryTransaction || RETRYABLE.has(pgCode(err) ?? '');
      if (!again) throw err;
      if (attempt >= ATTEMPTS) throw new HttpError(409, { message: 'The record changed while saving. Please try again.' });
      await new Promise((r) => setTimeout(r, 5 + Math.floor(Math.random() * 20 * attempt)));
    }
  }
}

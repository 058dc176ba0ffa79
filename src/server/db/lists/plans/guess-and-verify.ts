import { sql, type SQL } from 'drizzle-orm';
import type { Plan } from '../core';
import type { Filters, ListDef, PageRows } from '../types';

/**
 * Guess-and-verify: a search typed as a card number or a payout code skips the lookup of offers and sellers (its
 * resolve guesses none match), and the page's statement checks the guess (`wrong`), answering a total of -1 when it
 * was wrong; the page is then read again the usual way. One statement fewer whenever the guess holds.
 */
export const guessAndVerify = (plan: Plan, wrong: SQL): Plan => ({
  ...plan,
  names: ['guess-and-verify', ...plan.names],
  total: sql`CASE WHEN ${wrong} THEN -1 ELSE max(x.n) END`,
  verifiesGuess: true,
});

export const guessWasWrong = (rows: PageRows): boolean => Number(rows[0]?.n) < 0;

/** The list with its resolve told not to guess. */
export const withoutGuessing = <F extends Filters>(def: ListDef<F>): ListDef<F> => ({
  ...def,
  resolve: (tx, f) => def.resolve!(tx, f, false),
});

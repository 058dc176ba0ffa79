import { sql, type SQL } from 'drizzle-orm';

/**
 * "Due" for the SQL written in TypeScript, defined once: what is still to pay on a card is price - rate - paid_amount
 * (dueCents() in shared/money.ts says the same for amounts in hand), and a card is payable when it is approved and
 * that is above zero. The database's own functions and triggers (card_due(), ledger_pay(), migrations 0001, 0010,
 * 0012) keep the same rule; tests/helpers/invariants.ts checks that both agree with users.seller_due.
 */
const col = (alias: string | undefined, name: string) => (alias ? sql.raw(`${alias}.${name}`) : sql.raw(name));

export const cardDue = (alias?: 'g'): SQL => sql`(${col(alias, 'price')} - ${col(alias, 'rate')} - ${col(alias, 'paid_amount')})`;

export const cardPayable = (alias?: 'g'): SQL =>
  sql`(${col(alias, 'card_status')} = 1 AND ${col(alias, 'paid_amount')} < ${col(alias, 'price')} - ${col(alias, 'rate')})`;

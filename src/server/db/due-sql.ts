import { sql, type SQL } from 'drizzle-orm';

/**
 * A card's due in SQL written in TypeScript is the database's card_due() (functions/card_due.sql), the same rule as
 * cardDueCents() in shared/money.ts: payable - paid for an approved card, minus what was paid for a disputed one,
 * nothing for pending and rejected cards. A card is payable when it is approved and something is still to pay.
 * tests/helpers/invariants.ts checks that the rule agrees with users.seller_due.
 */
const col = (alias: string | undefined, name: string) => (alias ? sql.raw(`${alias}.${name}`) : sql.raw(name));

export const cardDue = (alias?: 'g'): SQL =>
  sql`card_due(${col(alias, 'card_status')}, ${col(alias, 'price')}, ${col(alias, 'rate')}, ${col(alias, 'paid_amount')})`;

export const cardPayable = (alias?: 'g'): SQL =>
  sql`(${col(alias, 'card_status')} = 1 AND ${col(alias, 'paid_amount')} < ${col(alias, 'price')} - ${col(alias, 'rate')})`;

import { cardNumberKey } from '../../src/shared/identifiers';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';

/** Test fixtures for the ledger: offers and cards written straight to the database (the triggers keep dues and rollups). */

export async function insertOffer(database: Database, o: { title?: string; rateType?: 0 | 1; rate?: string } = {}): Promise<number> {
  const [row] = await database.query<{ id: number }>(sql`
    INSERT INTO gift_card_offers (title, is_active, price_type, min_price, max_price, rate_type, rate)
    VALUES (${o.title ?? 'Test offer'}, 1, 0, 1, 1000, ${o.rateType ?? 1}, ${o.rate ?? '0'}::numeric) RETURNING id`);
  return row.id;
}

export interface CardFixture {
  sellerId: number;
  offerId: number;
  /** Decimal text, e.g. '50.00'. */
  price: string;
  rate?: string;
  status?: 0 | 1 | 2;
  /** ISO timestamp; defaults to now() for approved cards. */
  approvalDate?: string | null;
  rejectionDate?: string | null;
  cardNumber?: string;
}

export async function insertCard(database: Database, c: CardFixture): Promise<number> {
  const status = c.status ?? 1;
  const approval = status === 1 ? (c.approvalDate ?? new Date().toISOString()) : (c.approvalDate ?? null);
  const rejection = status === 2 ? (c.rejectionDate ?? new Date().toISOString()) : (c.rejectionDate ?? null);
  const [row] = await database.query<{ id: number }>(sql`
    INSERT INTO gift_cards (giftcard_offer_id, seller_id, card_number, number_key, price, rate, card_status, approval_date, rejection_date)
    VALUES (${c.offerId}, ${c.sellerId}, ${c.cardNumber ?? null}, ${c.cardNumber ? cardNumberKey(c.cardNumber) : null}, ${c.price}::numeric, ${c.rate ?? '0'}::numeric, ${status},
            ${approval}::timestamptz, ${rejection}::timestamptz) RETURNING id`);
  return row.id;
}

/** Changes a card's status the way a review does: approving sets approval_date, rejecting sets rejection_date. */
export async function setCardStatus(
  database: Database,
  id: number,
  status: 0 | 1 | 2,
  at: string = new Date().toISOString(),
): Promise<void> {
  if (status === 1) await database.query(sql`UPDATE gift_cards SET card_status = 1, approval_date = ${at}::timestamptz WHERE id = ${id}`);
  else if (status === 2)
    await database.query(sql`UPDATE gift_cards SET card_status = 2, rejection_date = ${at}::timestamptz WHERE id = ${id}`);
  else await database.query(sql`UPDATE gift_cards SET card_status = 0 WHERE id = ${id}`);
}

export async function cardPaid(database: Database, id: number): Promise<string> {
  const [row] = await database.query<{ paid: string }>(sql`SELECT paid_amount::text AS paid FROM gift_cards WHERE id = ${id}`);
  return row.paid;
}

export async function sellerDueText(database: Database, id: number): Promise<string> {
  const [row] = await database.query<{ due: string }>(sql`SELECT seller_due::text AS due FROM users WHERE id = ${id}`);
  return row.due;
}

export async function transactionByCode(database: Database, code: string) {
  const [row] = await database.query<{ id: number; seller_id: number; amount: string; gift_card_id: number | null; is_redeem: number }>(sql`
    SELECT id, seller_id, transaction_amount::text AS amount, gift_card_id, is_redeem FROM transactions WHERE code = ${code}`);
  return row ?? null;
}

export async function allocationsOfCode(database: Database, code: string) {
  return database.query<{ gift_card_id: number; amount: string }>(sql`
    SELECT a.gift_card_id, a.amount::text AS amount FROM transaction_allocations a JOIN transactions t ON t.id = a.transaction_id
     WHERE t.code = ${code} ORDER BY a.id`);
}

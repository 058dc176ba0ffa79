import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { lit } from '../../db/list-sql';
import { cardWhere, type CardFilter } from '../cards/list-sql';
import { transactionWhere, type TransactionFilter } from '../ledger/list-sql';
import { sellerWhere, type SellerFilter } from '../sellers/list-sql';
import { userWhere, type UserFilter } from '../users/list-sql';
import { offerWhere, type OfferFilter } from '../offers/list-sql';
import { rowsOf } from '../../db/rows';

/**
 * The rows of the list exports, newest first, read in batches by id (keyset: each batch starts below the last id
 * read), so an export of a million cards holds one batch at a time and no query skips what it already read. The
 * conditions are the lists' own (cardWhere, transactionWhere, ...): an export has exactly the rows its list has.
 */
export const EXPORT_BATCH = 2000;
const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Every row of a keyset query, batch after batch; `page(afterId)` reads the next batch below that id. */
export async function* keysetRows<R extends { id: number }>(tx: Tx, page: (last: number | null) => SQL): AsyncGenerator<R> {
  let last: number | null = null;
  for (;;) {
    const batch: R[] = await rowsOf<R>(tx, page(last));
    for (const r of batch) yield r;
    if (batch.length < EXPORT_BATCH) return;
    last = batch[batch.length - 1]!.id;
  }
}
const below = (idColumn: SQL, last: number | null) => (last === null ? sql`TRUE` : sql`${idColumn} < ${lit(last)}`);

export interface CardExportRow {
  id: number;
  created_at: string;
  seller_id: number;
  seller_name: string;
  seller_email: string;
  offer_id: number;
  offer_title: string;
  card_number: string | null;
  card_status: number;
  price: string;
  rate: string;
  paid_amount: string;
  approval_date: string | null;
  rejection_date: string | null;
  reject_reason: string | null;
}
export const cardExportRows = (tx: Tx, f: CardFilter, sellerId?: number) =>
  keysetRows<CardExportRow>(
    tx,
    (last) => sql`
      SELECT g.id, ${iso(sql`g.created_at`)} AS created_at, g.seller_id, u.name AS seller_name, u.email AS seller_email,
             g.giftcard_offer_id AS offer_id, o.title AS offer_title, g.card_number, g.card_status,
             g.price::text AS price, g.rate::text AS rate, g.paid_amount::text AS paid_amount,
             ${iso(sql`g.approval_date`)} AS approval_date, ${iso(sql`g.rejection_date`)} AS rejection_date, g.reject_reason
        FROM gift_cards g JOIN gift_card_offers o ON o.id = g.giftcard_offer_id JOIN users u ON u.id = g.seller_id
       WHERE ${cardWhere(f, sellerId)} AND ${below(sql`g.id`, last)}
       ORDER BY g.id DESC LIMIT ${lit(EXPORT_BATCH)}`,
  );

export interface TransactionExportRow {
  id: number;
  created_at: string;
  code: string;
  seller_id: number;
  seller_name: string | null;
  transaction_amount: string;
  is_redeem: number;
  gift_card_id: number | null;
  kind: number;
}
export const transactionExportRows = (tx: Tx, f: TransactionFilter, sellerId?: number) =>
  keysetRows<TransactionExportRow>(
    tx,
    (last) => sql`
      SELECT t.id, ${iso(sql`t.created_at`)} AS created_at, t.code, t.seller_id, u.name AS seller_name,
             t.transaction_amount::text AS transaction_amount, t.is_redeem, t.gift_card_id, t.kind
        FROM transactions t LEFT JOIN users u ON u.id = t.seller_id
       WHERE ${transactionWhere(f, sellerId)} AND ${below(sql`t.id`, last)}
       ORDER BY t.id DESC LIMIT ${lit(EXPORT_BATCH)}`,
  );

export interface PersonExportRow {
  id: number;
  name: string;
  email: string;
  role: string;
  rate: string | null;
  seller_due: string;
  created_at: string;
}
const personRows = (tx: Tx, where: SQL) =>
  keysetRows<PersonExportRow>(
    tx,
    (last) => sql`
      SELECT u.id, u.name, u.email, u.role, u.rate::text AS rate, u.seller_due::text AS seller_due, ${iso(sql`u.created_at`)} AS created_at
        FROM users u WHERE ${where} AND ${below(sql`u.id`, last)} ORDER BY u.id DESC LIMIT ${lit(EXPORT_BATCH)}`,
  );
export const sellerExportRows = (tx: Tx, f: SellerFilter) => personRows(tx, sellerWhere(f));
export const userExportRows = (tx: Tx, f: UserFilter) => personRows(tx, userWhere(f));

export interface OfferExportRow {
  id: number;
  title: string;
  is_active: number;
  price_type: number;
  min_price: string | null;
  max_price: string | null;
  fixed_price: string | null;
  rate_type: number;
  rate: string;
  created_at: string;
}
export const offerExportRows = (tx: Tx, f: OfferFilter) =>
  keysetRows<OfferExportRow>(
    tx,
    (last) => sql`
      SELECT o.id, o.title, o.is_active, o.price_type, o.min_price::text AS min_price, o.max_price::text AS max_price,
             array_to_string(o.fixed_price, ';') AS fixed_price, o.rate_type, o.rate::text AS rate, ${iso(sql`o.created_at`)} AS created_at
        FROM gift_card_offers o WHERE ${offerWhere(f)} AND ${below(sql`o.id`, last)} ORDER BY o.id DESC LIMIT ${lit(EXPORT_BATCH)}`,
  );

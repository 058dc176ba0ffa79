import { isoSql } from '../../db/values';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { listPage } from '../../db/lists/list-page';
import type { Filters, ListDef } from '../../db/lists/types';
import { cardList, type CardFilter } from '../cards/list';
import { transactionList, type TransactionFilter } from '../ledger/list';
import { sellerList, userList, type SellerFilter, type UserFilter } from '../users/list';
import { offerList, type OfferFilter } from '../offers/list';
import { auditList, type AuditFilter } from '../audit/list';
import { auditRowsSql, type AuditRow } from '../audit/repository';
import { bandJoin } from '../trust/repository';
import { idArray, inOrder, rowsOf as rowsOfSql } from '../../db/rows';
import type { Cursor } from '../../../shared/list-queries';
import { LIMITS } from '../../../shared/limits';
import type { TrustBand } from '../../../shared/trust';

/**
 * The rows of the list exports, newest first: the list's own ids (db/lists, so an export has exactly the rows its list
 * has), read in keyset batches, each batch's rows then read by id. An export of a million cards holds one batch at a
 * time and no query skips what it already read. A batch is 1,000 rows (LIMITS.exports.batchRows): at 2,000 a batch's
 * rows lived long enough (the reply waiting on the client) to be moved to V8's old generation, which grows until a full
 * collection: the server's memory grew by 109-120 MB over an export of a million cards, against 34-36 MB at 1,000
 * (31-39 MB at 500), at the same rows a second (`npx tsx bench/quick-1m.ts`), measured when csv-stringify still wrote
 * the lines (csv.ts).
 */
export const EXPORT_BATCH = LIMITS.exports.batchRows.value;

async function* exportRows<F extends Filters, R extends { id: number }>(
  tx: Tx,
  list: ListDef<F>,
  f: F,
  rowsOf: (ids: number[]) => SQL,
): AsyncGenerator<R> {
  // A search's lookups (matching offers and sellers) run once for the whole export, not once per batch.
  const resolved = list.resolve ? await list.resolve(tx, f, false) : f;
  const batches: ListDef<F> = { ...list, resolve: undefined };
  let cursor: Cursor | undefined;
  do {
    const p = await listPage(tx, batches, { ...resolved, sort: undefined }, { limit: EXPORT_BATCH, offset: 0, cursor, uncounted: true });
    if (p.ids.length) yield* inOrder(p.ids, await rowsOfSql<R>(tx, rowsOf(p.ids)));
    cursor = p.next;
  } while (cursor);
}

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
export const cardExportRows = (tx: Tx, f: CardFilter) =>
  exportRows<CardFilter, CardExportRow>(
    tx,
    cardList,
    f,
    (ids) => sql`
      SELECT g.id, ${isoSql(sql`g.created_at`)} AS created_at, g.seller_id, u.name AS seller_name, u.email AS seller_email,
             g.giftcard_offer_id AS offer_id, o.title AS offer_title, g.card_number, g.card_status,
             g.price::text AS price, g.rate::text AS rate, g.paid_amount::text AS paid_amount,
             ${isoSql(sql`g.approval_date`)} AS approval_date, ${isoSql(sql`g.rejection_date`)} AS rejection_date, g.reject_reason
        FROM gift_cards g JOIN gift_card_offers o ON o.id = g.giftcard_offer_id JOIN users u ON u.id = g.seller_id
       WHERE g.id = ANY (${idArray(ids)})`,
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
export const transactionExportRows = (tx: Tx, f: TransactionFilter) =>
  exportRows<TransactionFilter, TransactionExportRow>(
    tx,
    transactionList,
    f,
    (ids) => sql`
      SELECT t.id, ${isoSql(sql`t.created_at`)} AS created_at, t.code, t.seller_id, u.name AS seller_name,
             t.transaction_amount::text AS transaction_amount, t.is_redeem, t.gift_card_id, t.kind
        FROM transactions t LEFT JOIN users u ON u.id = t.seller_id
       WHERE t.id = ANY (${idArray(ids)})`,
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
/** `more`: columns a list adds after the shared ones (each after a comma) and the join they read. */
const people = (ids: number[], more = { columns: sql``, join: sql`` }) => sql`
  SELECT u.id, u.name, u.email, u.role, u.rate::text AS rate, u.seller_due::text AS seller_due, ${isoSql(sql`u.created_at`)} AS created_at
         ${more.columns}
    FROM users u ${more.join} WHERE u.id = ANY (${idArray(ids)})`;
export interface SellerExportRow extends PersonExportRow {
  trust_score: number;
  trust_band: TrustBand;
}
/** A seller's row also carries the trust the seller list shows: the stored score and its band (trust_bands). */
const sellers = (ids: number[]) =>
  people(ids, {
    columns: sql`, u.trust_score, b.band AS trust_band`,
    join: bandJoin,
  });
export const sellerExportRows = (tx: Tx, f: SellerFilter) => exportRows<SellerFilter, SellerExportRow>(tx, sellerList, f, sellers);
export const userExportRows = (tx: Tx, f: UserFilter) => exportRows<UserFilter, PersonExportRow>(tx, userList, f, people);

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
  exportRows<OfferFilter, OfferExportRow>(
    tx,
    offerList,
    f,
    (ids) => sql`
      SELECT o.id, o.title, o.is_active, o.price_type, o.min_price::text AS min_price, o.max_price::text AS max_price,
             array_to_string(o.fixed_price, ';') AS fixed_price, o.rate_type, o.rate::text AS rate, ${isoSql(sql`o.created_at`)} AS created_at
        FROM gift_card_offers o WHERE o.id = ANY (${idArray(ids)})`,
  );

export const auditExportRows = (tx: Tx, f: AuditFilter) => exportRows<AuditFilter, AuditRow>(tx, auditList, f, auditRowsSql);

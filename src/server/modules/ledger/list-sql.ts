import { sql, type SQL } from 'drizzle-orm';
import { allOf, amountRange, anyOf, dateRange, lit, orderBy, startsWith } from '../../db/list-sql';
import { sellersMatching } from '../../db/search';
import { payoutCodeKey } from '../../../shared/identifiers';
import type { TransactionListQuery } from '../../../shared/list-queries';

/**
 * The filters, search and sorts of the transaction lists, over `transactions t` (the list and the CSV export join
 * the seller as `u`; these conditions do not need it). With `sellerId` only that seller's transactions match.
 */
export type TransactionFilter = Omit<TransactionListQuery, 'page' | 'per_page'>;

/**
 * The ways q matches a transaction (any of them): its code by prefix, compared as the unique index compares codes
 * (its skeleton, shared/identifiers.ts, stored as code_norm), or (staff only) its seller by the start of their name or email.
 */
export function searchArms(q: string, staff: boolean): SQL[] {
  const arms = [codeArm(q)];
  if (staff) arms.push(sql`t.seller_id = ANY (ARRAY(${sellersMatching(q)}))`);
  return arms;
}
const codeArm = (q: string) => startsWith(sql`t.code_norm`, lit(payoutCodeKey(q)));

export function transactionWhere(f: TransactionFilter, sellerId?: number): SQL {
  return allOf([
    sellerId !== undefined && sql`t.seller_id = ${lit(sellerId)}`,
    sellerId === undefined && f.seller_id !== undefined && sql`t.seller_id = ${lit(f.seller_id)}`,
    dateRange(sql`t.created_at`, f.from, f.to),
    f.is_redeem !== undefined && sql`t.is_redeem = ${lit(f.is_redeem)}`,
    amountRange(sql`t.transaction_amount`, f.min_amount, f.max_amount),
    f.q !== undefined && anyOf(searchArms(f.q, sellerId === undefined)),
  ]);
}

/** The list is in date order, which is the id order (newest or oldest first), not by amount. */
export const sortsById = (sort?: TransactionFilter['sort']): boolean => sort !== 'amount' && sort !== '-amount';

const SORT_COLUMNS = { created_at: sql`t.id`, amount: sql`t.transaction_amount` };
export const transactionOrder = (sort?: TransactionFilter['sort']): SQL => orderBy(sort, SORT_COLUMNS, sql`t.id`, '-created_at');

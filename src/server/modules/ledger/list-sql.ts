import { sql, type SQL } from 'drizzle-orm';
import { allOf, amountRange, anyOf, dateRange, lit, orderBy, personPrefix } from '../../db/list-sql';
import type { TransactionListQuery } from '../../../shared/list-queries';

/**
 * The filters, search and sorts of the transaction lists, over `transactions t` (the list and the CSV export join
 * the seller as `u`; these conditions do not need it). With `sellerId` only that seller's transactions match.
 */
export type TransactionFilter = Omit<TransactionListQuery, 'page' | 'per_page'>;

/** A code's normalised prefix (the database's code_key(), as the unique index compares codes), matched literally. */
const codePrefix = (q: string): SQL => sql`replace(replace(replace(code_key(${lit(q)}), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;

function searchCondition(q: string, staff: boolean): SQL {
  const arms = [sql`code_key(t.code) LIKE ${codePrefix(q)}`];
  if (staff) arms.push(sql`t.seller_id = ANY (ARRAY(SELECT id FROM users WHERE role = 'seller' AND ${personPrefix(q)}))`);
  return anyOf(arms);
}

export function transactionWhere(f: TransactionFilter, sellerId?: number): SQL {
  return allOf([
    sellerId !== undefined && sql`t.seller_id = ${lit(sellerId)}`,
    sellerId === undefined && f.seller_id !== undefined && sql`t.seller_id = ${lit(f.seller_id)}`,
    dateRange(sql`t.created_at`, f.from, f.to),
    f.is_redeem !== undefined && sql`t.is_redeem = ${lit(f.is_redeem)}`,
    amountRange(sql`t.transaction_amount`, f.min_amount, f.max_amount),
    f.q !== undefined && searchCondition(f.q, sellerId === undefined),
  ]);
}

const SORT_COLUMNS = { created_at: sql`t.id`, amount: sql`t.transaction_amount` };
export const transactionOrder = (sort?: TransactionFilter['sort']): SQL => orderBy(sort, SORT_COLUMNS, sql`t.id`, '-created_at');

/** The matching transactions as `t`; a search is fenced (OFFSET 0) like the card search (see cards/list-repository.ts). */
export const transactionSource = (f: TransactionFilter, sellerId?: number): SQL =>
  f.q === undefined
    ? sql`(SELECT * FROM transactions t WHERE ${transactionWhere(f, sellerId)}) t`
    : sql`(SELECT * FROM transactions t WHERE ${transactionWhere(f, sellerId)} OFFSET 0) t`;

import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { lit } from '../../db/list-sql';
import { moneyOut } from '../../db/values';
import type { SellerDbRow } from './shape';
import { firstRow, rowsOf } from '../../db/rows';

/** Live sellers, newest first, with the due the triggers keep in users.seller_due. */
export async function listSellers(tx: Tx, limit: number, offset: number): Promise<SellerDbRow[]> {
  const rows = await rowsOf<SellerDbRow>(
    tx,
    sql`
    SELECT id, name, email, seller_due::text AS seller_due FROM users
     WHERE role = 'seller' AND deleted_at IS NULL
     ORDER BY id DESC LIMIT ${lit(limit)} OFFSET ${lit(offset)}`,
  );
  return rows;
}

export async function sellerDue(tx: Tx, sellerId: number): Promise<number> {
  const row = await firstRow<{ due: string }>(tx, sql`SELECT seller_due::text AS due FROM users WHERE id = ${sellerId}`);
  return moneyOut(row?.due ?? '0');
}

/** One page of a filtered seller list (conditions from sellerWhere over `users u`). */
export async function listSellersFiltered(tx: Tx, where: SQL, order: SQL, limit: number, offset: number): Promise<SellerDbRow[]> {
  const rows = await rowsOf<SellerDbRow>(
    tx,
    sql`
    SELECT u.id, u.name, u.email, u.seller_due::text AS seller_due FROM users u
     WHERE ${where} ORDER BY ${order} LIMIT ${lit(limit)} OFFSET ${lit(offset)}`,
  );
  return rows;
}

import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { centsOf } from '../../db/values';
import type { Cents } from '../../../shared/money';
import type { SellerDbRow } from './shape';
import { firstRow, idArray, inOrder, rowsOf } from '../../db/rows';
import { bandJoin } from '../trust/repository';

/** These sellers, in this order, with the due the triggers keep in users.seller_due. */
export async function sellersByIds(tx: Tx, ids: number[]): Promise<SellerDbRow[]> {
  if (!ids.length) return [];
  const rows = await rowsOf<SellerDbRow>(
    tx,
    sql`SELECT u.id, u.name, u.email, u.seller_due::text AS seller_due, u.trust_score, b.band AS trust_band
          FROM users u ${bandJoin}
         WHERE u.id = ANY (${idArray(ids)})`,
  );
  return inOrder(ids, rows);
}

export async function sellerDueCents(tx: Tx, sellerId: number): Promise<Cents> {
  const row = await firstRow<{ due: string }>(tx, sql`SELECT seller_due::text AS due FROM users WHERE id = ${sellerId}`);
  return centsOf(row?.due ?? '0');
}

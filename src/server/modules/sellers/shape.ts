import { moneyOut } from '../../db/values';
import type { SellerRow } from '../../../shared/types';

/** A seller as the repository reads it (the due as the database's decimal text). */
export interface SellerDbRow {
  id: number;
  name: string;
  email: string;
  seller_due: string;
}

/** The API shape of a seller list row. */
export const sellerOut = (r: SellerDbRow): SellerRow => ({ id: r.id, name: r.name, email: r.email, seller_due: moneyOut(r.seller_due) });

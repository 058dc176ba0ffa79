import { centsOf, moneyOut } from '../../db/values';
import { holdFigures, type SellerHold } from '../holds/repository';
import type { SellerRow } from '../../../shared/types';

/** A seller as the repository reads it (the due as the database's decimal text). */
export interface SellerDbRow {
  id: number;
  name: string;
  email: string;
  seller_due: string;
}

/** The API shape of a seller list row. */
export const sellerOut = (r: SellerDbRow, hold: SellerHold): SellerRow => ({
  id: r.id,
  name: r.name,
  email: r.email,
  seller_due: moneyOut(r.seller_due),
  ...holdFigures(centsOf(r.seller_due), hold),
});

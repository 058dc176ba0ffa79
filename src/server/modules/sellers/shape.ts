import { centsOf, moneyOut } from '../../db/values';
import { holdFigures, type SellerHold } from '../holds/repository';
import type { SellerRow } from '../../../shared/types';
import type { TrustBand } from '../../../shared/trust';

/** A seller as the repository reads it (the due as the database's decimal text). */
export interface SellerDbRow {
  id: number;
  name: string;
  email: string;
  seller_due: string;
  trust_score: number;
  trust_band: TrustBand;
}

/** The API shape of a seller list row. */
export const sellerOut = (r: SellerDbRow, hold: SellerHold): SellerRow => ({
  id: r.id,
  name: r.name,
  email: r.email,
  seller_due: moneyOut(r.seller_due),
  ...holdFigures(centsOf(r.seller_due), hold),
  trust_score: Number(r.trust_score),
  trust_band: r.trust_band,
});

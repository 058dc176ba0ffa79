import { centsOf, moneyOrNull, moneyOut } from '../../db/values';
import { centsToNumber, type Cents } from '../../../shared/money';
import type { Offer } from '../../../shared/types';

/** Offers as the repository reads them, and what the API and the card rules make of them. */
export type OfferRow = {
  id: number;
  title: string;
  isActive: number;
  priceType: number;
  minPrice: string | null;
  maxPrice: string | null;
  fixedPrice: string[] | null;
  rateType: number;
  rate: string;
  reviewMinutes: number;
  codePattern: string | null;
  codeCheck: string | null;
  holdDays: number;
  version: number;
};

/** An offer with its money in cents, for the rules of cards. */
export interface OfferRecord {
  offer: Offer;
  minCents: Cents | null;
  maxCents: Cents | null;
  fixedCents: Cents[] | null;
  rateCents: Cents;
}

export function offerRecord(r: OfferRow): OfferRecord {
  const fixedCents = r.fixedPrice ? r.fixedPrice.map((v) => centsOf(v)) : null;
  return {
    offer: {
      id: r.id,
      title: r.title,
      is_active: r.isActive === 1 ? 1 : 0,
      price_type: r.priceType === 1 ? 1 : 0,
      min_price: moneyOrNull(r.minPrice),
      max_price: moneyOrNull(r.maxPrice),
      fixed_price: fixedCents ? JSON.stringify(fixedCents.map(centsToNumber)) : null,
      rate_type: r.rateType === 1 ? 1 : 0,
      rate: moneyOut(r.rate),
      review_minutes: Number(r.reviewMinutes),
      code_pattern: r.codePattern,
      code_check: r.codeCheck === 'luhn' ? 'luhn' : null,
      hold_days: Number(r.holdDays),
      version: Number(r.version),
    },
    minCents: r.minPrice === null ? null : centsOf(r.minPrice),
    maxCents: r.maxPrice === null ? null : centsOf(r.maxPrice),
    fixedCents,
    rateCents: centsOf(r.rate),
  };
}

/** The API shape of an offer. */
export const offerOut = (r: OfferRow): Offer => offerRecord(r).offer;

import { PRICE_TYPE } from '../../../../shared/constants';
import { MSG } from '../../../../shared/messages';
import { computeRateCents, parseCents, payableCents, type Cents } from '../../../../shared/money';
import type { Offer } from '../../../../shared/types';

/** The fixed prices of an offer in cents ("[25,50]" -> [2500, 5000]); empty when none or unreadable. */
export function fixedPrices(offer: Offer | undefined): Cents[] {
  if (!offer?.fixed_price) return [];
  try {
    const list: unknown = JSON.parse(offer.fixed_price);
    if (!Array.isArray(list)) return [];
    return list.map(parseCents).filter((c): c is Cents => c !== null);
  } catch {
    return [];
  }
}

export const isFixedPrice = (offer: Offer | undefined) => offer?.price_type === PRICE_TYPE.fixed;

/** Client check of the price against the offer; returns the error text or null. */
export function priceError(offer: Offer | undefined, price: string): string | null {
  if (!offer) return null;
  const cents = parseCents(price);
  if (cents === null) return 'Enter a price';
  if (isFixedPrice(offer)) return fixedPrices(offer).includes(cents) ? null : 'Pick one of the prices';
  const min = parseCents(offer.min_price ?? 0) ?? 0;
  const max = parseCents(offer.max_price ?? 0) ?? 0;
  return cents < min || cents > max ? MSG.priceNotInRange : null;
}

/** Rate and payable of a price under an offer, in cents; null when not computable yet. */
export function preview(offer: Offer | undefined, price: string): { price: Cents; rate: Cents; payable: Cents } | null {
  const cents = parseCents(price);
  if (!offer || cents === null) return null;
  const rate = computeRateCents(cents, offer.rate_type, parseCents(offer.rate) ?? 0);
  return { price: cents, rate, payable: payableCents(cents, rate) };
}

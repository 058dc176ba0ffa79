import { PRICE_TYPE } from '../../../shared/constants';
import { computeRateCents, parseCents, payableCents, type Cents } from '../../../shared/money';
import type { Offer } from '../../../shared/types';

import { normaliseAmount } from '../../../shared/forms';

export { fixedPrices } from '../../../shared/forms';

export const isFixedPrice = (offer: Offer | undefined) => offer?.price_type === PRICE_TYPE.fixed;

/** Rate and payable of a price under an offer, in cents; null when not computable yet. */
export function preview(offer: Offer | undefined, price: string): { price: Cents; rate: Cents; payable: Cents } | null {
  const cents = parseCents(normaliseAmount(price));
  if (!offer || cents === null) return null;
  const rate = computeRateCents(cents, offer.rate_type, parseCents(offer.rate) ?? 0);
  return { price: cents, rate, payable: payableCents(cents, rate) };
}

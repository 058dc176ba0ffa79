import { PRICE_TYPE } from '../../../shared/constants';
import { computeRateCents, parseCents, payableCents, type Cents } from '../../../shared/money';
import type { Offer } from '../../../shared/types';
import { MSG } from '../../../shared/messages';
import { formatMoney } from './format';

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

/**
 * Under a range offer's Price: its range; a price outside it keeps the spec's 'Price not in range' and says the range
 * again (issue 55: the message replaced the range, so the seller no longer saw what it was).
 */
export function rangePriceHelp(offer: Offer | undefined, error: string | undefined): string {
  const range = offer ? `between ${formatMoney(offer.min_price ?? 0)} and ${formatMoney(offer.max_price ?? 0)}` : null;
  if (error === MSG.priceNotInRange && range) return `${error}: ${range}`;
  return error ?? (range ? `B${range.slice(1)}` : 'Choose an offer first');
}

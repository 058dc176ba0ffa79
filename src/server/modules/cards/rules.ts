import { CARD_STATUS, PRICE_TYPE } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { computeRateCents, type Cents } from '../../../shared/money';
import { forbidden, HttpError, invalidFields, refusal } from '../../http/errors';
import type { Tx } from '../../db/client';
import { findOffer } from '../offers/repository';
import { offerRecord, type OfferRecord } from '../offers/shape';
import type { AuthUser } from '../auth/service';
import type { CardRecord } from './repository';

export const isSeller = (user: AuthUser) => user.role === 'seller';

/** A seller reaches only their own cards (403 otherwise); staff reach every card. */
export function assertMayView(user: AuthUser, card: { sellerId: number } | { seller_id: number }) {
  const owner = 'sellerId' in card ? card.sellerId : card.seller_id;
  if (isSeller(user) && owner !== user.id) throw forbidden();
}

/** Editing (fields or images): staff any card; a seller only their own card while it is pending. */
export function assertMayEdit(user: AuthUser, card: CardRecord) {
  assertMayView(user, card);
  if (isSeller(user) && card.status !== CARD_STATUS.pending) throw refusal(MSG.cardLocked);
}

export const imageRequired = () =>
  new HttpError(422, { message: MSG.imageRequired, errorMsg: MSG.imageRequired, errors: { gallery: [MSG.imageRequired] } });

/** The price must fit the offer: within min..max (range) or one of the listed prices (fixed). */
export function assertPriceFits(offer: OfferRecord, price: Cents) {
  if (offer.offer.price_type === PRICE_TYPE.range) {
    if (offer.minCents === null || offer.maxCents === null || price < offer.minCents || price > offer.maxCents)
      throw refusal(MSG.priceNotInRange);
  } else if (!(offer.fixedCents ?? []).includes(price)) {
    throw refusal(MSG.priceNotInList);
  }
}

/**
 * Loads the offer (row share-locked inside a transaction), checks it can take this card and this price,
 * and returns the server-computed rate in cents.
 */
export async function priceCard(tx: Tx, offerId: number, price: Cents, opts: { requireActive: boolean; lock: boolean }): Promise<Cents> {
  const row = await findOffer(tx, offerId, opts.lock ? 'share' : undefined);
  if (!row) throw invalidFields({ giftcard_offer_id: ['The selected giftcard offer id is invalid.'] });
  const offer = offerRecord(row);
  if (opts.requireActive && offer.offer.is_active !== 1) throw refusal(MSG.offerInactive);
  assertPriceFits(offer, price);
  const rate = computeRateCents(price, offer.offer.rate_type, offer.rateCents);
  if (rate > price) throw invalidFields({ price: ['The price field must be at least the rate of the offer.'] });
  return rate;
}

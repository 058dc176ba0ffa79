import { CARD_STATUS, PRICE_TYPE } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { computeRateCents, type Cents } from '../../../shared/money';
import { HttpError, invalidFields, refusal } from '../../http/errors';
import type { Tx } from '../../db/client';
import { findOffer } from '../offers/repository';
import { offerRecord, type OfferRecord } from '../offers/shape';
import type { AuthUser } from '../auth/service';
import type { CardRecord } from './repository';

export const isSeller = (user: AuthUser) => user.role === 'seller';

/**
 * Editing (fields or images): staff any card; a seller only while it is pending. Which cards a seller reaches at all is
 * the access policy's record rule ('own-card', 'own-image': http/object-access.ts), checked before the handler.
 */
export function assertMayEdit(user: AuthUser, card: CardRecord) {
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

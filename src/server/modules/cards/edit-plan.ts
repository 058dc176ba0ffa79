import { CARD_STATUS, type CardStatus, type RejectReason } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { centsToNumber, type Cents } from '../../../shared/money';
import { refusal } from '../../http/errors';
import type { CardRecord, CardValues } from './repository';

export interface CardInput {
  giftcard_offer_id: number;
  price: Cents;
  card_number?: string;
  description?: string;
  card_status?: CardStatus;
  reject_reason?: RejectReason;
  reject_note?: string;
  override_duplicate?: boolean;
  override_reason?: string;
  idempotency_key?: string;
}

/** What an edit does to a locked card: its new fields (but the rate) and which decision it is. */
export interface CardEditPlan {
  fields: Omit<CardValues, 'rate' | 'offerId' | 'price'>;
  /** The rate is recomputed only when price or offer change (an offer's later edits don't rewrite old cards). */
  repriced: boolean;
  offerChanged: boolean;
  statusChanged: boolean;
  /** The status changes, or this request approves the card again: a decision, with the duplicate check and an audit. */
  decided: boolean;
  approvesAgain: boolean;
  /** An approved card whose terms changed goes back to Pending. */
  withdrawn: boolean;
  /** Staff sent a rejection's reason or note. */
  reasonSent: boolean;
}

/**
 * Plans an edit (pure: the caller holds the card's lock). Sellers: card_status and card_number ignored. A card with
 * payments keeps its approved status, price and offer (refused otherwise), though a missing number may be filled in.
 */
export function planCardEdit(card: CardRecord, input: CardInput, rawFields: Record<string, unknown>, seller: boolean): CardEditPlan {
  const has = (f: string) => Object.hasOwn(rawFields, f);
  let status: CardStatus = seller ? card.status : (input.card_status ?? card.status);
  const offerChanged = input.giftcard_offer_id !== card.offerId;
  const priceChanged = input.price !== card.price;
  // Filling in a number the card did not have is changing it too: the duplicate check never saw it (issue 48).
  const numberChanged = !seller && has('card_number') && (input.card_number ?? null) !== card.cardNumber;
  const fillsNumber = numberChanged && card.cardNumber === null;
  const termsChanged = offerChanged || priceChanged || numberChanged;
  if (card.paid > 0 && (offerChanged || priceChanged || (numberChanged && !fillsNumber) || status !== CARD_STATUS.approved))
    throw refusal(MSG.cardHasPayments);
  // An approved card whose terms change is a new card to review: back to Pending (the approval withdrawn), unless this
  // request approves it again (the edit form sends the status; a paid card cannot go back): a new approval by this
  // person, through the duplicate check, and theirs under FOUR_EYES.
  const changedAfterApproval = card.status === CARD_STATUS.approved && termsChanged && status === CARD_STATUS.approved;
  const approvesAgain = changedAfterApproval && (has('card_status') || card.paid > 0);
  const withdrawn = changedAfterApproval && !approvesAgain;
  if (withdrawn) status = CARD_STATUS.pending;
  const statusChanged = status !== card.status;
  // A rejection keeps its reason until the status or the reason changes; the spec's call may leave it out.
  const reasonSent = !seller && (has('reject_reason') || has('reject_note'));
  const rejected = status === CARD_STATUS.rejected;
  const newReason = statusChanged || reasonSent;
  return {
    fields: {
      cardNumber: seller || !has('card_number') ? card.cardNumber : (input.card_number ?? null),
      description: has('description') ? (input.description ?? null) : card.description,
      cardStatus: status,
      rejectReason: !rejected ? null : newReason ? (input.reject_reason ?? null) : card.rejectReason,
      rejectNote: !rejected ? null : newReason ? (input.reject_note ?? null) : card.rejectNote,
    },
    repriced: offerChanged || priceChanged,
    offerChanged,
    statusChanged,
    decided: statusChanged || approvesAgain,
    approvesAgain,
    withdrawn,
    reasonSent,
  };
}

/** The audit entry's details of an edit: the card's terms before and after. */
export function editAuditDetails(
  card: CardRecord,
  after: { offerId: number; price: Cents; rate: Cents },
  fields: CardEditPlan['fields'],
  imagesAdded: number,
) {
  return {
    before: {
      offerId: card.offerId,
      price: centsToNumber(card.price),
      rate: centsToNumber(card.rate),
      cardNumber: card.cardNumber,
      description: card.description,
    },
    after: {
      offerId: after.offerId,
      price: centsToNumber(after.price),
      rate: centsToNumber(after.rate),
      cardNumber: fields.cardNumber,
      description: fields.description,
    },
    imagesAdded,
  };
}

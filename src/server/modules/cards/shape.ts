import { centsOf, isoOrNull } from '../../db/values';
import { cardDueCents, centsToNumber, payableCents } from '../../../shared/money';
import type { CardStatus, RejectReason } from '../../../shared/constants';
import type { GiftCard } from '../../../shared/types';

/** The API shapes of cards, from the rows the repositories read (repositories never build API shapes). */
export type CardViewRow = {
  id: number;
  offerId: number;
  sellerId: number;
  cardNumber: string | null;
  price: string;
  rate: string;
  paidAmount: string;
  description: string | null;
  cardStatus: number;
  approvalDate: string | null;
  approvedBy?: number | null;
  rejectionDate: string | null;
  rejectReason: string | null;
  rejectNote: string | null;
  reviewDueAt?: string | null;
  createdAt: string;
  version: number;
  title: string;
  name: string;
  email: string;
  /** Staff's filtered lists read it with the views (cardViewsOfPage). */
  duplicates?: number;
};

export function cardOut(r: CardViewRow): GiftCard {
  const price = centsOf(r.price);
  const rate = centsOf(r.rate);
  const paid = centsOf(r.paidAmount);
  const payable = payableCents(price, rate);
  return {
    id: r.id,
    giftcard_offer_id: r.offerId,
    seller_id: r.sellerId,
    card_number: r.cardNumber,
    price: centsToNumber(price),
    rate: centsToNumber(rate),
    payable: centsToNumber(payable),
    paid_amount: centsToNumber(paid),
    due: centsToNumber(cardDueCents(r.cardStatus, payable, paid)),
    description: r.description,
    card_status: r.cardStatus as CardStatus,
    approval_date: isoOrNull(r.approvalDate),
    rejection_date: isoOrNull(r.rejectionDate),
    reject_reason: r.rejectReason as RejectReason | null,
    reject_note: r.rejectNote,
    created_at: isoOrNull(r.createdAt) ?? '',
    title: r.title,
    name: r.name,
    email: r.email,
    version: Number(r.version),
  };
}

/**
 * A card in a staff list, marked with how many other cards have its number (and who approved it). The count is set on the built card, not
 * spread into a copy: V8 handles a spread copy of this many fields slowly, and checking and writing a 25-row page
 * cost about three times as much with them.
 */
export function cardWithDuplicates(r: CardViewRow, duplicates: number): GiftCard {
  const card = cardOut(r);
  card.duplicate_count = duplicates;
  card.review_due_at = isoOrNull(r.reviewDueAt ?? null);
  card.approved_by = r.approvedBy ?? null;
  return card;
}

import type { Database, Tx } from '../../db/client';
import { CARD_STATUS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { ADJUSTMENT_WINDOW_HOURS, ADJUST_REASON_LABEL, type AdjustReason, type CardAdjustment } from '../../../shared/adjustment';
import { centsOf, isoOrNull, moneyOut } from '../../db/values';
import { centsToDecimal, computeRateCents, formatMoney, type Cents } from '../../../shared/money';
import { invalidFields, notFound, refusal } from '../../http/errors';
import { clock } from '../../clock';
import { recordAudit } from '../audit/repository';
import type { AuthUser } from '../auth/service';
import { lockCardForWrite, updateCard, type CardRecord } from '../cards/repository';
import { recordStatusChange } from '../cards/decide';
import { insertHold } from '../holds/store';
import { holdDateText } from '../holds/service';
import { findOffer } from '../offers/repository';
import { offerRecord } from '../offers/shape';
import { closeAdjustment, insertAdjustment, latestAdjustmentsOf, lockPendingAdjustment } from './repository';
import { adjustmentOut, windowOpen } from './shape';

export interface AdjustInput {
  adjusted_price?: Cents;
  adjust_reason?: AdjustReason;
  adjust_note?: string;
}
export interface AdjustedValue {
  price: Cents;
  rate: Cents;
  reason: AdjustReason;
  note: string | null;
}

/**
 * An approval's adjusted value (issue 53), checked: below the seller's price and above the rate the card's offer takes
 * at that value (recomputed as for any change of price). Null without one: the approval is as it always was.
 */
export async function priceAdjustment(tx: Tx, card: CardRecord, input: AdjustInput): Promise<AdjustedValue | null> {
  if (input.adjusted_price === undefined || !input.adjust_reason) return null;
  const price = input.adjusted_price;
  if (price >= card.price) throw invalidFields({ adjusted_price: [MSG.adjustedPriceNotLower] });
  const row = await findOffer(tx, card.offerId, 'share');
  if (!row) throw notFound();
  const offer = offerRecord(row);
  const rate = computeRateCents(price, offer.offer.rate_type, offer.rateCents);
  if (rate >= price) throw invalidFields({ adjusted_price: [MSG.adjustedPriceBelowRate] });
  return { price, rate, reason: input.adjust_reason, note: input.adjust_note ?? null };
}

/**
 * After the approval at the adjusted value: the adjustment, and the payout hold that keeps the card from being paid
 * until its seller accepts or the window ends (the one rule of what is payable now: card_hold).
 */
export async function recordAdjustment(tx: Tx, actorId: number, card: CardRecord, v: AdjustedValue): Promise<void> {
  const windowEndsAt = new Date(clock.now().getTime() + ADJUSTMENT_WINDOW_HOURS * 3_600_000).toISOString();
  const reason =
    `Adjusted approval: approved at ${formatMoney(centsToDecimal(v.price))}, the seller asked ${formatMoney(centsToDecimal(card.price))} ` +
    `(${ADJUST_REASON_LABEL[v.reason]}); waiting for the seller to accept it or withdraw the card.`;
  const holdId = await insertHold(tx, { sellerId: null, cardId: card.id, reason, until: windowEndsAt, by: actorId });
  await insertAdjustment(tx, {
    cardId: card.id,
    holdId,
    askedPrice: centsToDecimal(card.price),
    askedRate: centsToDecimal(card.rate),
    price: centsToDecimal(v.price),
    rate: centsToDecimal(v.rate),
    reason: v.reason,
    note: v.note,
    windowEndsAt,
    by: actorId,
  });
}

/** The seller's own approved card with an adjustment waiting for them, both locked; refused (409) otherwise. */
async function openAnswer(tx: Tx, id: number) {
  const card = await lockCardForWrite(tx, id);
  if (!card) throw notFound();
  const adj = await lockPendingAdjustment(tx, id);
  if (!adj || card.status !== CARD_STATUS.approved) throw refusal(MSG.noAdjustmentToAnswer, 409);
  if (!windowOpen(adj)) throw refusal(MSG.adjustmentWindowClosed(holdDateText(isoOrNull(adj.window_ends_at))!), 409);
  return { card, adj };
}

/** The card's latest adjustment as its answer carries it; null: never adjusted. */
export async function adjustmentOfCard(tx: Tx, cardId: number): Promise<CardAdjustment | null> {
  return (await adjustmentsOfCards(tx, [cardId])).get(cardId) ?? null;
}

/** The latest adjustment of each card that has one, by card id (the seller's list rows say it without opening the card). */
export async function adjustmentsOfCards(tx: Tx, cardIds: number[]): Promise<Map<number, CardAdjustment>> {
  const rows = await latestAdjustmentsOf(tx, cardIds);
  return new Map(rows.map((r) => [Number(r.gift_card_id), adjustmentOut(r)]));
}

export function createAdjustmentService(database: Database) {
  const { db } = database;
  return {
    /** The seller accepts the adjusted value: its hold is released, so the card is payable (unless held otherwise). */
    accept: (user: AuthUser, id: number) =>
      db.transaction(async (tx) => {
        const { adj } = await openAnswer(tx, id);
        await closeAdjustment(tx, adj, 'accepted', user.id, 'Accepted by the seller', true);
        const details = { asked_price: moneyOut(adj.asked_price), price: moneyOut(adj.price) };
        await recordAudit(tx, { actorId: user.id, action: 'adjustment_accepted', entity: 'gift_card', entityId: id, details });
        return { msg: MSG.adjustmentAccepted };
      }),

    /** The seller withdraws the card instead: rejected as withdrawn (its asked price back), nothing paid. */
    withdraw: (user: AuthUser, id: number) =>
      db.transaction(async (tx) => {
        const { card, adj } = await openAnswer(tx, id);
        if (card.paid > 0) throw refusal(MSG.cardHasPayments);
        const to = CARD_STATUS.rejected;
        const values = {
          offerId: card.offerId,
          cardNumber: card.cardNumber,
          description: card.description,
          price: centsToDecimal(centsOf(adj.asked_price)),
          rate: centsToDecimal(centsOf(adj.asked_rate)),
          cardStatus: to,
          rejectReason: null,
          rejectNote: MSG.withdrawnNote,
        };
        await updateCard(tx, id, values, true, user.id);
        await closeAdjustment(tx, adj, 'withdrawn', user.id, 'Withdrawn by the seller', true);
        await recordStatusChange(tx, user.id, id, { from: card.status, to, reason: null, note: MSG.withdrawnNote, via: 'adjustment' });
        return { msg: MSG.adjustmentWithdrawn };
      }),
  };
}
export type AdjustmentService = ReturnType<typeof createAdjustmentService>;

import type { Db, Tx } from '../../db/client';
import { CARD_STATUS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { centsToNumber, plainAmount, type Cents } from '../../../shared/money';
import { HttpError, invalidFields, refusal } from '../../http/errors';
import { recordAudit } from '../audit/repository';
import type { AuthUser } from '../auth/service';
import { isSystemCode, payoutCodeKey } from '../../../shared/identifiers';
import { allocate, cardDue, payoutQueue, totalDue } from './allocate';
import { RetryTransaction, withRetries } from './retry';
import * as repo from './repository';

/** The payment steps: payments are one database call each (ledger_pay); a payout edit runs here in one transaction, rows locked seller first, then cards by id. */

export interface Payment {
  code: string;
  amount: Cents;
}

export const invalidSeller = () => invalidFields({ seller_id: ['The selected seller id is invalid.'] });
export const invalidCard = () => invalidFields({ gidcard_id: ['The selected gidcard id is invalid.'] });
export const tooBigForCard = (due: Cents) => refusal(MSG.amountTooBig(plainAmount(due)));

/** Refuses a zero amount or an empty code before touching the database. */
export function checkPaymentInput(p: Payment, order: 'code-first' | 'amount-first'): void {
  const checks = [
    () => {
      if (p.code === '') throw refusal(MSG.bulkNoCode);
    },
    () => {
      if (p.amount <= 0) throw refusal(MSG.bulkZero);
    },
  ];
  (order === 'code-first' ? checks : checks.reverse()).forEach((c) => c());
  checkCodeKey(p.code);
}

/** A code is compared by its skeleton: one blank on screen, or in the ledger's own namespace, is refused. */
function checkCodeKey(code: string): void {
  if (payoutCodeKey(code) === '') throw invalidFields({ code: [MSG.codeBlank] });
  if (isSystemCode(code)) throw invalidFields({ code: [MSG.codeReserved] });
}

export const allocationsJson = (allocs: repo.Allocation[]) =>
  allocs.map((a) => ({ gift_card_id: a.cardId, amount: centsToNumber(a.amount) }));

/** The payment passed every check but waits for a second staff member (FOUR_EYES); nothing was written. */
export class NeedsSecondStaff extends Error {}

/**
 * A seller whose due is not above zero because of clawbacks is not paid until later approvals offset the debit.
 * (A due of zero without disputed cards keeps the spec's refusal texts.)
 */
async function checkNotOwing(tx: Tx, sellerId: number, due: Cents): Promise<void> {
  if (due <= 0 && (due < 0 || (await repo.disputedDebit(tx, sellerId)) > 0)) throw refusal(MSG.sellerOwes(plainAmount(due)));
}

/** A refusal of ledger_pay as the error the API answers; 'retry' runs the payment again. */
function refusalOf(r: { refuse: repo.PayRefusal; due?: Cents; card?: number }, tooBig: (due: Cents) => HttpError): Error {
  switch (r.refuse) {
    case 'invalid_card':
      return invalidCard();
    case 'card_not_approved':
      return refusal(MSG.cardNotApproved);
    case 'card_paid':
      return refusal(MSG.cardPaid);
    case 'too_big':
      return tooBig(r.due ?? 0);
    case 'approver_cannot_pay':
      return refusal(r.card !== undefined ? MSG.approverCannotPayCard(r.card) : MSG.approverCannotPay);
    case 'seller_deleted':
      // A deleted seller is paid by no route: the payouts refuse them by seller_id, a card payment by its card.
      return invalidFields({ gidcard_id: [MSG.sellerDeleted] });
    case 'invalid_seller':
      return invalidSeller();
    case 'needs_second_staff':
      return new NeedsSecondStaff();
    case 'seller_owes':
      return refusal(MSG.sellerOwes(plainAmount(r.due ?? 0)));
    case 'retry':
      return new RetryTransaction();
  }
}

/**
 * The whole amount goes to one card; its seller is the card's seller. One database call (ledger_pay): a refusal
 * on the card as last committed needs no lock; an acceptance is checked again with the seller and the card locked.
 * FOUR_EYES: approving a card and paying it are two people's work.
 */
/** FOUR_EYES settings of one payment: the approver rule, and the amount above which a second staff member confirms. */
export interface MakerChecker {
  approverMayNotPay: boolean;
  confirmAbove: Cents | null;
}
const NO_CHECKER: MakerChecker = { approverMayNotPay: false, confirmAbove: null };

export async function payCard(db: Db, actor: AuthUser, cardId: number, p: Payment, mc: MakerChecker = NO_CHECKER): Promise<number> {
  return withRetries(async () => {
    const r = await repo.pay(db, {
      kind: 'pay_card',
      actorId: actor.id,
      cardId,
      sellerId: null,
      code: p.code,
      amount: p.amount,
      approverMayNotPay: mc.approverMayNotPay,
      confirmAbove: mc.confirmAbove,
    });
    if ('refuse' in r) throw refusalOf(r, tooBigForCard);
    return r.id;
  });
}

/**
 * A payout to a seller, allocated to their approved cards approved earliest first (then lowest id), in one
 * database call. FOUR_EYES: a card the payer approved is not paid by them; a larger amount needs another staff member's request.
 */
export async function paySeller(
  db: Db,
  actor: AuthUser,
  sellerId: number,
  p: Payment,
  kind: 'payout' | 'bulk_payment',
  tooBig: (due: Cents) => HttpError,
  mc: MakerChecker = NO_CHECKER,
): Promise<number> {
  return withRetries(async () => {
    const r = await repo.pay(db, {
      kind,
      actorId: actor.id,
      cardId: null,
      sellerId,
      code: p.code,
      amount: p.amount,
      approverMayNotPay: mc.approverMayNotPay,
      confirmAbove: mc.confirmAbove,
    });
    if ('refuse' in r) throw refusalOf(r, tooBig);
    return r.id;
  });
}

export interface PayoutEdit {
  code: string;
  amount: Cents;
  sellerId?: number;
}

/**
 * Edits a payout and allocates it again: old allocations removed and the cards' paid amounts restored,
 * then the new amount allocated (to the same card for a card payment, oldest first otherwise).
 */
export async function editPayout(tx: Tx, actor: AuthUser, id: number, e: PayoutEdit, mc: MakerChecker = NO_CHECKER): Promise<void> {
  const seen = await repo.findTransactionRecord(tx, id);
  if (!seen) throw new HttpError(404, { message: MSG.notFound });
  if (seen.giftCardId !== null && e.sellerId !== undefined && e.sellerId !== seen.sellerId)
    throw invalidFields({ seller_id: ['The seller id field cannot change for the payment of one gift card.'] });
  const newSellerId = seen.giftCardId !== null ? seen.sellerId : (e.sellerId ?? seen.sellerId);
  const sellers = await repo.lockSellers(tx, [seen.sellerId, newSellerId]);
  const target = sellers.get(newSellerId);
  if (!target || target.role !== 'seller' || (!target.live && newSellerId !== seen.sellerId)) throw invalidSeller();
  const before = await repo.findTransactionRecord(tx, id, { forUpdate: true });
  if (!before) throw new HttpError(404, { message: MSG.notFound });
  if (before.sellerId !== seen.sellerId) throw new RetryTransaction();
  if (before.kind !== 'payout') throw refusal(MSG.clawbackNotEditable);
  // A redeemed payout is settled: the seller said the money arrived. Staff reverse the redeem first (audited).
  if (before.isRedeem === 1) throw refusal(MSG.payoutRedeemed);

  const oldAllocs = await repo.allocationsOf(tx, id);
  const oldIds = oldAllocs.map((a) => a.cardId);
  const cards =
    before.giftCardId !== null
      ? await repo.lockCardsById(tx, [before.giftCardId, ...oldIds])
      : await repo.lockPayableCards(tx, newSellerId, oldIds);
  // A disputed card's clawback is what was paid on it: its payments stay as they are until the dispute is resolved.
  if (cards.some((c) => c.status === CARD_STATUS.disputed && oldIds.includes(c.id))) throw refusal(MSG.payoutHasDisputedCard);
  await repo.deleteAllocations(tx, id);
  for (const a of oldAllocs) {
    const c = cards.find((x) => x.id === a.cardId);
    if (c) c.paid -= a.amount;
  }
  // With the old allocations taken back, the new seller's due (net of clawbacks) caps the new amount.
  const netDue = await repo.lockedSellerDue(tx, newSellerId);

  let allocs: repo.Allocation[];
  if (before.giftCardId !== null) {
    const card = cards.find((c) => c.id === before.giftCardId);
    if (!card || card.status !== 1) throw refusal(MSG.cardNotApproved);
    const due = Math.min(cardDue(card), netDue);
    if (e.amount > due) {
      await checkNotOwing(tx, newSellerId, netDue);
      throw tooBigForCard(due);
    }
    allocs = [{ cardId: card.id, amount: e.amount }];
  } else {
    const queue = payoutQueue(cards, newSellerId);
    const due = Math.min(totalDue(queue), netDue);
    if (e.amount > due) {
      await checkNotOwing(tx, newSellerId, netDue);
      throw tooBigForCard(due);
    }
    allocs = allocate(queue, e.amount);
  }
  checkEditMakerChecker(actor, cards, oldAllocs, allocs, e, before.amount, mc);
  await repo.insertAllocations(tx, id, allocs);
  await repo.updateTransactionRow(tx, id, { code: e.code, sellerId: newSellerId, amount: e.amount });
  await recordAudit(tx, {
    actorId: actor.id,
    action: 'update',
    entity: 'transaction',
    entityId: id,
    details: {
      before: {
        code: before.code,
        seller_id: before.sellerId,
        transaction_amount: centsToNumber(before.amount),
        allocations: allocationsJson(oldAllocs),
      },
      after: { code: e.code, seller_id: newSellerId, transaction_amount: centsToNumber(e.amount), allocations: allocationsJson(allocs) },
    },
  });
}

/**
 * FOUR_EYES on a payout edit: what it adds to a card the editor approved is theirs to pay, so refused (naming
 * the card); a raise above the limit is a payment of the difference and waits for another staff member.
 */
function checkEditMakerChecker(
  actor: AuthUser,
  cards: repo.LockedCard[],
  oldAllocs: repo.Allocation[],
  allocs: repo.Allocation[],
  e: PayoutEdit,
  oldAmount: Cents,
  mc: MakerChecker,
): void {
  if (mc.approverMayNotPay) {
    const before = new Map(oldAllocs.map((a) => [a.cardId, a.amount]));
    const mine = allocs.find(
      (a) => a.amount > (before.get(a.cardId) ?? 0) && cards.find((c) => c.id === a.cardId)?.approvedBy === actor.id,
    );
    if (mine) throw refusal(MSG.approverCannotPayCard(mine.cardId));
  }
  if (mc.confirmAbove !== null && e.amount - oldAmount > mc.confirmAbove) throw new NeedsSecondStaff();
}

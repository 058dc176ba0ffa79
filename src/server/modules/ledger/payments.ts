import type { Db, Tx } from '../../db/client';
import { CARD_STATUS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { centsToNumber, formatMoney, plainAmount, type Cents } from '../../../shared/money';
import { holdDateText } from '../holds/service';
import { cardHolds } from '../holds/repository';
import { HttpError, invalidFields, refusal } from '../../http/errors';
import { recordAudit } from '../audit/repository';
import type { AuthUser } from '../auth/service';
import { isSystemCode, payoutCodeKey } from '../../../shared/identifiers';
import { allocate, cardDue, payoutQueue, totalDue } from './allocate';
import { checkVersion } from '../../http/versions';
import { editNeedsApproval, roomLeft, type Limit } from './four-eyes';
import { firstCardApprovedBy } from './pending-repository';
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
function refusalOf(
  r: { refuse: repo.PayRefusal; due?: Cents; card?: number; until?: string | null },
  tooBig: (due: Cents) => HttpError,
): Error {
  switch (r.refuse) {
    case 'card_held':
      return refusal(MSG.cardHeld(holdDateText(r.until ?? null)));
    case 'held':
      return refusal(MSG.sellerHeld(formatMoney(centsToNumber(r.due ?? 0)), holdDateText(r.until ?? null)));
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

/** FOUR_EYES settings of one payment: the approver rule, and the limit one person moves alone (null: none, or approved). */
export interface MakerChecker {
  approverMayNotPay: boolean;
  limit: Limit | null;
}
const NO_CHECKER: MakerChecker = { approverMayNotPay: false, limit: null };

/** What one payment asks: a card (its seller is the card's) or a seller (allocated oldest approval first). */
export type PaymentTarget =
  { kind: 'pay_card'; cardId: number; cardVersion?: number } | { kind: 'payout' | 'bulk_payment'; sellerId: number };

/**
 * One payment in `tx`, answering the transaction's id. Without a limit or a version to check it is one database call
 * (ledger_pay: a refusal on the rows as last committed needs no lock; an acceptance is checked again with the seller
 * and the cards locked). With them, `tx` must be a transaction: the seller is locked first (the ledger's order), then
 * the card's version is compared and the room left under the limit is read, and ledger_pay runs under those locks.
 */
export async function payIn(
  tx: Tx,
  actor: AuthUser,
  target: PaymentTarget,
  p: Payment,
  mc: MakerChecker,
  tooBig: (due: Cents) => HttpError,
): Promise<number> {
  let confirmAbove: Cents | null = null;
  if (target.kind === 'pay_card' && (mc.limit !== null || target.cardVersion !== undefined)) {
    const sellerId = await repo.lockCardSeller(tx, target.cardId);
    if (sellerId !== null && target.cardVersion !== undefined) {
      const [card] = await repo.lockCardsById(tx, [target.cardId]);
      if (card) checkVersion('card', card.version, target.cardVersion);
    }
    if (sellerId !== null && mc.limit !== null) confirmAbove = await roomLeft(tx, actor.id, sellerId, target.cardId, mc.limit);
  } else if (target.kind !== 'pay_card' && mc.limit !== null) {
    await repo.lockSellers(tx, [target.sellerId]);
    confirmAbove = await roomLeft(tx, actor.id, target.sellerId, null, mc.limit);
  }
  const r = await repo.pay(tx, {
    kind: target.kind,
    actorId: actor.id,
    cardId: target.kind === 'pay_card' ? target.cardId : null,
    sellerId: target.kind === 'pay_card' ? null : target.sellerId,
    code: p.code,
    amount: p.amount,
    approverMayNotPay: mc.approverMayNotPay,
    confirmAbove,
  });
  if ('refuse' in r) throw refusalOf(r, tooBig);
  return r.id;
}

/** One payment as its own transaction (or statement), run again after a deadlock or a seller that moved. */
export function pay(
  db: Db,
  actor: AuthUser,
  target: PaymentTarget,
  p: Payment,
  tooBig: (due: Cents) => HttpError,
  mc: MakerChecker = NO_CHECKER,
): Promise<number> {
  const locks = mc.limit !== null || (target.kind === 'pay_card' && target.cardVersion !== undefined);
  return withRetries(() =>
    locks ? db.transaction((tx) => payIn(tx, actor, target, p, mc, tooBig)) : payIn(db, actor, target, p, mc, tooBig),
  );
}

export interface PayoutEdit {
  code: string;
  amount: Cents;
  sellerId?: number;
  /** The payout's version as the editor saw it (If-Match): another's edit since is a 412. */
  version?: number;
}

/**
 * Edits a payout and allocates it again: old allocations removed and the cards' paid amounts restored,
 * then the new amount allocated (to the same card for a card payment, oldest first otherwise). `checkedBy`: the
 * second staff member who approved this edit (FOUR_EYES), recorded on the payout.
 */
export async function editPayout(
  tx: Tx,
  actor: AuthUser,
  id: number,
  e: PayoutEdit,
  mc: MakerChecker = NO_CHECKER,
  checkedBy: number | null = null,
): Promise<void> {
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
  if (e.version !== undefined) checkVersion('payout', before.version, e.version);
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
  // Payout holds (docs/money.md): a payout's new allocation skips held cards (what was on one moves to cards not held,
  // or the edit is refused); a card payment's edit may keep or lower what is on its held card, never raise it.
  const held = await cardHolds(
    tx,
    cards.map((c) => c.id),
  );
  const heldDue = cards.filter((c) => c.sellerId === newSellerId && held.has(c.id)).reduce((sum, c) => sum + cardDue(c), 0);

  let allocs: repo.Allocation[];
  if (before.giftCardId !== null) {
    const card = cards.find((c) => c.id === before.giftCardId);
    if (!card || card.status !== 1) throw refusal(MSG.cardNotApproved);
    const hold = held.get(card.id);
    const kept = oldAllocs.filter((a) => a.cardId === card.id).reduce((sum, a) => sum + a.amount, 0);
    if (hold && e.amount > kept) throw refusal(MSG.cardHeld(holdDateText(hold.until)));
    const due = Math.min(cardDue(card), netDue - (hold ? 0 : heldDue));
    if (e.amount > due) {
      await checkNotOwing(tx, newSellerId, netDue);
      throw tooBigForCard(due);
    }
    allocs = [{ cardId: card.id, amount: e.amount }];
  } else {
    const queue = payoutQueue(cards, newSellerId, new Set(held.keys()));
    const due = Math.min(totalDue(queue), netDue - heldDue);
    if (e.amount > due) {
      await checkNotOwing(tx, newSellerId, netDue);
      if (heldDue > 0 && e.amount <= Math.min(totalDue(payoutQueue(cards, newSellerId)), netDue))
        throw refusal(MSG.sellerHeld(formatMoney(centsToNumber(Math.max(due, 0))), firstEnd(held)));
      throw tooBigForCard(due);
    }
    allocs = allocate(queue, e.amount);
  }
  if (mc.approverMayNotPay) await checkApproverNotPaying(tx, actor, oldAllocs, allocs);
  const after = { code: e.code, amount: e.amount, sellerId: newSellerId };
  if (mc.limit !== null && editNeedsApproval(before, after, oldAllocs, allocs)) throw new NeedsSecondStaff();
  await repo.insertAllocations(tx, id, allocs);
  await repo.updateTransactionRow(tx, id, { ...after, checkedBy: checkedBy ?? before.checkedBy });
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
      ...(checkedBy !== null ? { checked_by: checkedBy } : {}),
    },
  });
}

/** The first end of these holds as refusals name it (null: every one lasts until released). */
function firstEnd(held: Map<number, { until: string | null }>): string | null {
  const ends = [...held.values()]
    .map((h) => h.until)
    .filter((u): u is string => u !== null)
    .sort();
  return holdDateText(ends[0] ?? null);
}

/** FOUR_EYES on a payout edit: what it adds to a card the editor approved is theirs to pay, so refused (naming the card). */
async function checkApproverNotPaying(tx: Tx, actor: AuthUser, oldAllocs: repo.Allocation[], allocs: repo.Allocation[]): Promise<void> {
  const before = new Map(oldAllocs.map((a) => [a.cardId, a.amount]));
  const grown = allocs.filter((a) => a.amount > (before.get(a.cardId) ?? 0)).map((a) => a.cardId);
  const mine = await firstCardApprovedBy(tx, actor.id, grown);
  if (mine !== null) throw refusal(MSG.approverCannotPayCard(mine));
}

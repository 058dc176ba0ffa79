import type { Tx } from '../../db/client';
import { MSG } from '../../../shared/messages';
import { centsToNumber, plainAmount, type Cents } from '../../../shared/money';
import { HttpError, invalidFields, refusal } from '../../http/errors';
import { recordAudit } from '../audit/repository';
import type { AuthUser } from '../auth/service';
import { allocate, cardDue, payoutQueue, totalDue } from './allocate';
import { RetryTransaction } from './retry';
import * as repo from './repository';
import type { LockedCard } from './repository';

/** The payment steps that run inside one database transaction, rows locked seller first, then cards by id. */

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
}

export const allocationsJson = (allocs: repo.Allocation[]) =>
  allocs.map((a) => ({ gift_card_id: a.cardId, amount: centsToNumber(a.amount) }));

/** Writes the transaction, its allocations and the cards' paid amounts, and the audit entry. */
async function record(
  tx: Tx,
  actor: AuthUser,
  kind: string,
  t: { sellerId: number; giftCardId: number | null } & Payment,
  allocs: repo.Allocation[],
): Promise<number> {
  const id = await repo.insertTransaction(tx, {
    code: t.code,
    sellerId: t.sellerId,
    amount: t.amount,
    giftCardId: t.giftCardId,
    createdBy: actor.id,
  });
  await repo.insertAllocations(tx, id, allocs);
  await recordAudit(tx, {
    actorId: actor.id,
    action: kind,
    entity: 'transaction',
    entityId: id,
    details: {
      code: t.code,
      seller_id: t.sellerId,
      gidcard_id: t.giftCardId,
      transaction_amount: centsToNumber(t.amount),
      allocations: allocationsJson(allocs),
    },
  });
  return id;
}

function checkCard(card: LockedCard | undefined | null, amount: Cents): asserts card is LockedCard {
  if (!card) throw invalidCard();
  if (card.status !== 1) throw refusal(MSG.cardNotApproved);
  const due = cardDue(card);
  if (due <= 0) throw refusal(MSG.cardPaid);
  if (amount > due) throw tooBigForCard(due);
}

function checkSeller<S extends repo.LockedSeller>(seller: S | undefined | null): asserts seller is S {
  if (!seller || seller.role !== 'seller' || !seller.live) throw invalidSeller();
}

/**
 * The whole amount goes to one card; its seller is the card's seller.
 * A refusal on the card as last committed needs no lock (it was true at that moment); an acceptance
 * is checked again with the seller and the card locked.
 */
export async function payCard(tx: Tx, actor: AuthUser, cardId: number, p: Payment, fourEyes = false): Promise<number> {
  const seen = await repo.peekCard(tx, cardId);
  checkCard(seen, p.amount);
  // Maker-checker: approving a card and paying it are two people's work (approved_by only changes with the status).
  if (fourEyes && seen.approvedBy === actor.id) throw refusal(MSG.approverCannotPay);
  const sellerId = seen.sellerId;
  const seller = (await repo.lockSellers(tx, [sellerId])).get(sellerId);
  // A deleted seller is paid by no route: the payouts refuse them by seller_id, a card payment by its card.
  if (!seller?.live) throw invalidFields({ gidcard_id: [MSG.sellerDeleted] });
  const [card] = await repo.lockCardsById(tx, [cardId]);
  if (card && card.sellerId !== sellerId) throw new RetryTransaction();
  checkCard(card, p.amount);
  // A code already used fails the unique index: the service answers 'The code already used.'.
  return record(tx, actor, 'pay_card', { ...p, sellerId, giftCardId: cardId }, [{ cardId, amount: p.amount }]);
}

/** A payout to a seller, allocated to their approved cards approved earliest first (then lowest id). */
export async function paySeller(
  tx: Tx,
  actor: AuthUser,
  sellerId: number,
  p: Payment,
  kind: 'payout' | 'bulk_payment',
  tooBig: (due: Cents) => HttpError,
  confirmed?: (tx: Tx, sellerId: number, p: Payment) => Promise<void>,
): Promise<number> {
  const seen = await repo.peekSeller(tx, sellerId);
  checkSeller(seen);
  if (p.amount > seen.due) throw tooBig(seen.due);
  checkSeller((await repo.lockSellers(tx, [sellerId])).get(sellerId));
  const queue = payoutQueue(await repo.lockPayableCards(tx, sellerId), sellerId);
  const due = totalDue(queue);
  if (p.amount > due) throw tooBig(due);
  if (confirmed) await confirmed(tx, sellerId, p);
  return record(tx, actor, kind, { ...p, sellerId, giftCardId: null }, allocate(queue, p.amount));
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
export async function editPayout(tx: Tx, actor: AuthUser, id: number, e: PayoutEdit): Promise<void> {
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
  // A redeemed payout is settled: the seller said the money arrived. Staff reverse the redeem first (audited).
  if (before.isRedeem === 1) throw refusal(MSG.payoutRedeemed);

  const oldAllocs = await repo.allocationsOf(tx, id);
  const oldIds = oldAllocs.map((a) => a.cardId);
  const cards =
    before.giftCardId !== null
      ? await repo.lockCardsById(tx, [before.giftCardId, ...oldIds])
      : await repo.lockPayableCards(tx, newSellerId, oldIds);
  await repo.deleteAllocations(tx, id);
  for (const a of oldAllocs) {
    const c = cards.find((x) => x.id === a.cardId);
    if (c) c.paid -= a.amount;
  }

  let allocs: repo.Allocation[];
  if (before.giftCardId !== null) {
    const card = cards.find((c) => c.id === before.giftCardId);
    if (!card || card.status !== 1) throw refusal(MSG.cardNotApproved);
    if (e.amount > cardDue(card)) throw tooBigForCard(cardDue(card));
    allocs = [{ cardId: card.id, amount: e.amount }];
  } else {
    const queue = payoutQueue(cards, newSellerId);
    const due = totalDue(queue);
    if (e.amount > due) throw tooBigForCard(due);
    allocs = allocate(queue, e.amount);
  }
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

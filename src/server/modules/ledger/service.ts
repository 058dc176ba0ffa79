import type { Database } from '../../db/client';
import { PAGE_SIZE } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import type { Cents } from '../../../shared/money';
import type { Msg, Page, Transaction, Wrapped } from '../../../shared/types';
import { invalidFields, notFound, pgCode, refusal } from '../../http/errors';
import { listResult, splitQuery } from '../../http/page';
import type { MyTransactionListQuery, TransactionListQuery } from '../../../shared/list-queries';
import { listPage } from '../../db/lists/list-page';
import type { PlanLog } from '../../db/lists/types';
import { transactionList } from './list';
import { recordAudit } from '../audit/repository';
import type { AuthUser } from '../auth/service';
import { checkPaymentInput, editPayout, NeedsSecondStaff, pay, tooBigForCard, type MakerChecker } from './payments';
import { checkVersion } from '../../http/versions';
import { createPendingPayments } from './pending';
import type { PendingRequest } from './pending-repository';
import { inTransaction } from './retry';
import * as repo from './repository';
import { transactionOut, type TransactionViewRow } from './shape';

export interface TransactionInput {
  code: string;
  transaction_amount: Cents;
  gidcard_id?: number;
  seller_id?: number;
}
export interface BulkInput {
  seller_id: number;
  paid_amount: Cents;
  code: string;
}

/** A unique-code violation from a concurrent payment is the same refusal as a code found taken. */
async function mapCodeConflict<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (pgCode(err) === '23505') throw refusal(MSG.codeUsed);
    throw err;
  }
}

/** A payment's answer: `waiting` when it was recorded for a second staff member (answered 202). */
export type Waiting = Msg & { waiting?: true };

export interface FourEyes {
  enabled: boolean;
  /** What one staff member moves to one seller over the window (and onto one card) without a second person. */
  limit: Cents;
  windowHours: number;
}

export function createLedgerService(database: Database, fourEyes: FourEyes = { enabled: false, limit: 0, windowHours: 24 }) {
  const { db } = database;

  /**
   * FOUR_EYES on every money path: the approver of a card does not pay it; beyond the limit, and for a payout edit that
   * is not a lowering, another staff member's approval is needed.
   */
  const mc: MakerChecker = {
    approverMayNotPay: fourEyes.enabled,
    limit: fourEyes.enabled ? { amount: fourEyes.limit, windowHours: fourEyes.windowHours } : null,
  };

  const pendingPayments = createPendingPayments(database, mc, mapCodeConflict);

  /** Runs a payment; one that needs a second staff member is recorded as a pending approval (answered 202 by the route). */
  async function orRequest(
    actor: AuthUser,
    done: Msg,
    request: () => Promise<PendingRequest>,
    pay: () => Promise<unknown>,
  ): Promise<Waiting> {
    try {
      await mapCodeConflict(pay);
      return done;
    } catch (err) {
      if (!(err instanceof NeedsSecondStaff)) throw err;
      return { ...(await pendingPayments.request(actor, await request())), waiting: true };
    }
  }

  /** Staff: reverse a seller's redeem so that the payout can be corrected; in the audit trail. */
  async function reverseRedeem(actor: AuthUser, id: number, version?: number): Promise<Msg> {
    await inTransaction(db, async (tx) => {
      const t = await repo.findTransactionRecord(tx, id, { forUpdate: true });
      if (!t) throw notFound();
      checkVersion('payout', t.version, version);
      if (!(await repo.reverseRedeem(tx, id))) throw refusal(MSG.payoutNotRedeemed);
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'redeem_reversed',
        entity: 'transaction',
        entityId: id,
        details: { before: { is_redeem: 1 }, after: { is_redeem: 0 } },
      });
    });
    return { msg: MSG.redeemUpdated };
  }

  async function toggleRedeem(actor: AuthUser, id: number, version?: number): Promise<Msg> {
    await inTransaction(db, async (tx) => {
      const t = await repo.findTransactionRecord(tx, id, { forUpdate: true });
      if (!t || t.sellerId !== actor.id) throw notFound();
      checkVersion('payout', t.version, version);
      // Their own row that is not flipped is a clawback entry (flipRedeem takes payouts only).
      const now = await repo.flipRedeem(tx, id, actor.id);
      if (now === null) throw refusal(MSG.clawbackNotEditable);
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'redeem',
        entity: 'transaction',
        entityId: id,
        details: { before: { is_redeem: 1 - now }, after: { is_redeem: now } },
      });
    });
    return { msg: MSG.redeemUpdated };
  }

  async function transactionPage(q: MyTransactionListQuery & { seller_id?: number }, scope: { own?: number }, log?: PlanLog) {
    const per = q.per_page ?? PAGE_SIZE.transactions;
    const { filter, request } = splitQuery(q, per, log);
    const p = await listPage(db, transactionList, { ...filter, ...scope }, { ...request, read: repo.transactionViewsOfPage(db) });
    return listResult(
      (p.rows as unknown as TransactionViewRow[]).map((r) => transactionOut(r)),
      q,
      per,
      p,
    );
  }

  return {
    /** Staff: pay one card (gidcard_id) or a seller (seller_id, allocated oldest first). */
    async create(actor: AuthUser, input: TransactionInput, cardVersion?: number): Promise<Waiting> {
      const p = { code: input.code, amount: input.transaction_amount };
      checkPaymentInput(p, 'code-first');
      if (input.gidcard_id === undefined && input.seller_id === undefined)
        throw invalidFields({ seller_id: ['The seller id field is required.'] });
      const cardId = input.gidcard_id;
      return orRequest(
        actor,
        { msg: 'Transaction created successfully' },
        async () =>
          cardId !== undefined
            ? { kind: 'pay_card', sellerId: (await repo.cardSeller(db, cardId)) ?? 0, cardId, transactionId: null, ...p }
            : { kind: 'payout', sellerId: input.seller_id as number, cardId: null, transactionId: null, ...p },
        () =>
          pay(
            db,
            actor,
            cardId !== undefined ? { kind: 'pay_card', cardId, cardVersion } : { kind: 'payout', sellerId: input.seller_id as number },
            p,
            tooBigForCard,
            mc,
          ),
      );
    },

    /** Staff: one payout of `paid_amount` over the seller's approved cards, oldest first. */
    async bulk(actor: AuthUser, input: BulkInput): Promise<Waiting> {
      const p = { code: input.code, amount: input.paid_amount };
      checkPaymentInput(p, 'amount-first');
      return orRequest(
        actor,
        { msg: MSG.paymentSucceeded },
        async () => ({ kind: 'bulk_payment', sellerId: input.seller_id, cardId: null, transactionId: null, ...p }),
        () => pay(db, actor, { kind: 'bulk_payment', sellerId: input.seller_id }, p, () => refusal(MSG.bulkTooLarge), mc),
      );
    },

    /** Staff: edit and re-allocate the payout. Seller: flip is_redeem of their own transaction. */
    async update(actor: AuthUser, id: number, body: Partial<TransactionInput> & { is_redeem?: 0 }, version?: number): Promise<Waiting> {
      if (actor.role === 'seller') return toggleRedeem(actor, id, version);
      if (body.is_redeem === 0 && body.code === undefined && body.transaction_amount === undefined)
        return reverseRedeem(actor, id, version);
      const missing: Record<string, string[]> = {};
      if (body.code === undefined) missing.code = ['The code field is required.'];
      if (body.transaction_amount === undefined) missing.transaction_amount = ['The transaction amount field is required.'];
      if (Object.keys(missing).length) throw invalidFields(missing);
      const edit = { code: body.code as string, amount: body.transaction_amount as Cents, sellerId: body.seller_id, version };
      checkPaymentInput(edit, 'code-first');
      return orRequest(
        actor,
        { msg: 'Transaction updated successfully' },
        async () => {
          const t = await repo.findTransactionRecord(db, id);
          const sellerId = edit.sellerId ?? t?.sellerId ?? 0;
          const before = t && { code: t.code, amount: t.amount, sellerId: t.sellerId };
          return {
            kind: 'payout_edit',
            sellerId,
            cardId: t?.giftCardId ?? null,
            transactionId: id,
            code: edit.code,
            amount: edit.amount,
            before,
          };
        },
        () => inTransaction(db, (tx) => editPayout(tx, actor, id, edit, mc)),
      );
    },

    /** Pending approvals: the list, and another staff member's approval or decline. */
    pending: pendingPayments,

    async get(actor: AuthUser, id: number): Promise<Wrapped<Transaction>> {
      const t = await repo.findTransactionView(db, id);
      if (!t || (actor.role === 'seller' && t.seller_id !== actor.id)) throw notFound();
      return { data: transactionOut(t, await repo.allocationsOf(db, id)) };
    },

    async list(q: TransactionListQuery, log?: PlanLog): Promise<Page<Transaction>> {
      return transactionPage(q, {}, log);
    },

    async mine(actor: AuthUser, q: MyTransactionListQuery, log?: PlanLog): Promise<Wrapped<Page<Transaction>>> {
      return { data: await transactionPage(q, { own: actor.id }, log) };
    },
  };
}
export type LedgerService = ReturnType<typeof createLedgerService>;

import type { Database } from '../../db/client';
import { centsToNumber } from '../../../shared/money';
import { PAGE_SIZE } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import type { Cents } from '../../../shared/money';
import type { Msg, Page, Transaction, Wrapped } from '../../../shared/types';
import { invalidFields, notFound, pgCode, refusal } from '../../http/errors';
import { cappedPage, pageOffset, pageResult } from '../../http/page';
import { isPlainPage, type MyTransactionListQuery, type TransactionListQuery } from '../../../shared/list-queries';
import type { TransactionFilter } from './list-sql';
import { transactionPage } from './list-repository';
import { readCounter } from '../../db/values';
import { recordAudit } from '../audit/repository';
import type { AuthUser } from '../auth/service';
import {
  checkPaymentInput,
  editPayout,
  NeedsSecondStaff,
  payCard,
  paySeller,
  tooBigForCard,
  type MakerChecker,
  type Payment,
} from './payments';
import { inTransaction } from './retry';
import * as repo from './repository';
import { transactionOut } from './shape';

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

export interface FourEyes {
  enabled: boolean;
  /** Bulk payouts above this amount need a second staff member's confirmation. */
  bulkLimit: Cents;
}

export function createLedgerService(database: Database, fourEyes: FourEyes = { enabled: false, bulkLimit: 0 }) {
  const { db } = database;

  /** FOUR_EYES on every money path: the approver of a card does not pay it; above the limit, another staff member's request is needed. */
  const mc: MakerChecker = { approverMayNotPay: fourEyes.enabled, confirmAbove: fourEyes.enabled ? fourEyes.bulkLimit : null };

  /** Runs a payment; one that waits for a second staff member is recorded as a request and answered 409. */
  async function orRequest(actor: AuthUser, p: Payment, sellerId: () => Promise<number>, pay: () => Promise<unknown>): Promise<void> {
    try {
      await mapCodeConflict(pay);
    } catch (err) {
      if (!(err instanceof NeedsSecondStaff)) throw err;
      const seller = await sellerId();
      await inTransaction(db, async (tx) => {
        await repo.requestConfirmation(tx, p.code, seller, p.amount, actor.id);
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'bulk_payment_requested',
          entity: 'user',
          entityId: seller,
          details: { code: p.code, paid_amount: centsToNumber(p.amount) },
        });
      });
      throw refusal(MSG.payoutNeedsSecondStaff, 409);
    }
  }

  /** Staff: reverse a seller's redeem so that the payout can be corrected; in the audit trail. */
  async function reverseRedeem(actor: AuthUser, id: number): Promise<Msg> {
    await inTransaction(db, async (tx) => {
      if (!(await repo.reverseRedeem(tx, id))) {
        if (!(await repo.findTransactionRecord(tx, id))) throw notFound();
        throw refusal(MSG.payoutNotRedeemed);
      }
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

  async function toggleRedeem(actor: AuthUser, id: number): Promise<Msg> {
    await inTransaction(db, async (tx) => {
      const now = await repo.flipRedeem(tx, id, actor.id);
      if (now === null) {
        const t = await repo.findTransactionRecord(tx, id);
        if (t && t.sellerId === actor.id && t.kind !== 'payout') throw refusal(MSG.clawbackNotEditable);
        throw notFound();
      }
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

  /** A filtered page; the total is exact from the counters when only a seller, the sort and size were given, else bounded. */
  async function filteredPage(q: TransactionFilter & { page: number }, per: number, sellerId: number | undefined) {
    const { rows, count } = await transactionPage(db, q, per, pageOffset(q.page, per), sellerId);
    return cappedPage(
      rows.map((r) => transactionOut(r)),
      q.page,
      per,
      count,
    );
  }

  return {
    /** Staff: pay one card (gidcard_id) or a seller (seller_id, allocated oldest first). */
    async create(actor: AuthUser, input: TransactionInput): Promise<Msg> {
      const p = { code: input.code, amount: input.transaction_amount };
      checkPaymentInput(p, 'code-first');
      if (input.gidcard_id === undefined && input.seller_id === undefined)
        throw invalidFields({ seller_id: ['The seller id field is required.'] });
      const cardId = input.gidcard_id;
      await orRequest(
        actor,
        p,
        async () => (cardId !== undefined ? ((await repo.cardSeller(db, cardId)) ?? 0) : (input.seller_id as number)),
        () =>
          cardId !== undefined
            ? payCard(db, actor, cardId, p, mc)
            : paySeller(db, actor, input.seller_id as number, p, 'payout', tooBigForCard, mc),
      );
      return { msg: 'Transaction created successfully' };
    },

    /** Staff: one payout of `paid_amount` over the seller's approved cards, oldest first. */
    async bulk(actor: AuthUser, input: BulkInput): Promise<Msg> {
      const p = { code: input.code, amount: input.paid_amount };
      checkPaymentInput(p, 'amount-first');
      await orRequest(
        actor,
        p,
        async () => input.seller_id,
        () => paySeller(db, actor, input.seller_id, p, 'bulk_payment', () => refusal(MSG.bulkTooLarge), mc),
      );
      return { msg: MSG.paymentSucceeded };
    },

    /** Staff: edit and re-allocate the payout. Seller: flip is_redeem of their own transaction. */
    async update(actor: AuthUser, id: number, body: Partial<TransactionInput> & { is_redeem?: 0 }): Promise<Msg> {
      if (actor.role === 'seller') return toggleRedeem(actor, id);
      if (body.is_redeem === 0 && body.code === undefined && body.transaction_amount === undefined) return reverseRedeem(actor, id);
      const missing: Record<string, string[]> = {};
      if (body.code === undefined) missing.code = ['The code field is required.'];
      if (body.transaction_amount === undefined) missing.transaction_amount = ['The transaction amount field is required.'];
      if (Object.keys(missing).length) throw invalidFields(missing);
      const edit = { code: body.code as string, amount: body.transaction_amount as Cents, sellerId: body.seller_id };
      checkPaymentInput(edit, 'code-first');
      const editSeller = async () => edit.sellerId ?? (await repo.findTransactionRecord(db, id))?.sellerId ?? 0;
      await orRequest(actor, { code: edit.code, amount: edit.amount }, editSeller, () =>
        inTransaction(db, (tx) => editPayout(tx, actor, id, edit, mc)),
      );
      return { msg: 'Transaction updated successfully' };
    },

    async get(actor: AuthUser, id: number): Promise<Wrapped<Transaction>> {
      const t = await repo.findTransactionView(db, id);
      if (!t || (actor.role === 'seller' && t.seller_id !== actor.id)) throw notFound();
      return { data: transactionOut(t, await repo.allocationsOf(db, id)) };
    },

    async list(q: TransactionListQuery): Promise<Page<Transaction>> {
      const per = q.per_page ?? PAGE_SIZE.transactions;
      if (isPlainPage(q)) {
        const [rows, total] = await Promise.all([repo.listTransactions(db, per, pageOffset(q.page, per)), readCounter(db, 'transactions')]);
        return pageResult(
          rows.map((r) => transactionOut(r)),
          q.page,
          per,
          total,
        );
      }
      return filteredPage(q, per, undefined);
    },

    async mine(actor: AuthUser, q: MyTransactionListQuery): Promise<Wrapped<Page<Transaction>>> {
      const per = q.per_page ?? PAGE_SIZE.transactions;
      if (isPlainPage(q)) {
        const [rows, total] = await Promise.all([
          repo.listTransactions(db, per, pageOffset(q.page, per), actor.id),
          repo.userTransactionCount(db, actor.id),
        ]);
        return {
          data: pageResult(
            rows.map((r) => transactionOut(r)),
            q.page,
            per,
            total,
          ),
        };
      }
      return { data: await filteredPage(q, per, actor.id) };
    },
  };
}
export type LedgerService = ReturnType<typeof createLedgerService>;

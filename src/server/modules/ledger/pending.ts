import type { Database, Tx } from '../../db/client';
import { centsOf, isoOrNull, moneyOut } from '../../db/values';
import { centsToNumber } from '../../../shared/money';
import { MSG } from '../../../shared/messages';
import type { Msg, PendingPayment } from '../../../shared/types';
import { forbidden, HttpError, notFound, refusal } from '../../http/errors';
import { recordAudit } from '../audit/repository';
import type { AuthUser } from '../auth/service';
import { findUser } from '../users/repository';
import { editPayout, payIn, tooBigForCard, type MakerChecker } from './payments';
import { inTransaction } from './retry';
import * as pending from './pending-repository';
import { allocationsOf } from './repository';

const json = <T>(v: T | string | null): T | null => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

const requestOut = (r: pending.PendingRow): PendingPayment => {
  const before = json(r.before);
  return {
    id: Number(r.id),
    kind: r.kind,
    status: r.status === 'pending' && r.expired ? 'expired' : (r.status as PendingPayment['status']),
    maker: { id: Number(r.maker_id), name: r.maker_name ?? 'Deleted user' },
    seller: { id: Number(r.seller_id), name: r.seller_name ?? 'Deleted user' },
    gift_card_id: r.gift_card_id === null ? null : Number(r.gift_card_id),
    transaction_id: r.transaction_id === null ? null : Number(r.transaction_id),
    code: r.code,
    amount: moneyOut(r.amount),
    created_at: isoOrNull(r.created_at) ?? '',
    expires_at: isoOrNull(r.expires_at) ?? '',
    before: before && {
      code: before.code,
      amount: moneyOut(String(before.amount)),
      seller: { id: Number(before.seller_id), name: before.seller_name ?? 'Deleted user' },
    },
    earlier: (json(r.earlier) ?? []).map((e) => ({
      id: Number(e.id),
      code: e.code,
      amount: moneyOut(String(e.amount)),
      created_at: isoOrNull(e.created_at) ?? '',
    })),
  };
};

/**
 * Pending approvals (issue 29, 48): a payment or payout change that needs a second staff member is recorded with its
 * maker; another staff member approves it or declines it. An approval is one transaction: the request is locked, the
 * payment runs as the maker's with every check again under the locks, the approver is recorded on it (and may not be the
 * approver of a card it pays), and the audit entry and the request's new status commit with it, or nothing does.
 */
export function createPendingPayments(database: Database, mc: MakerChecker, mapCodeConflict: <T>(fn: () => Promise<T>) => Promise<T>) {
  const { db } = database;
  /** The approval is the second person: the limit is not asked again, the approver rule is (for the maker). */
  const approved: MakerChecker = { approverMayNotPay: mc.approverMayNotPay, limit: null };

  const audit = async (tx: Tx, actorId: number, action: string, r: pending.PendingRequest & { id: number }, extra = {}) => {
    const details = {
      request_id: r.id,
      kind: r.kind,
      code: r.code,
      amount: centsToNumber(r.amount),
      seller_id: r.sellerId,
      gidcard_id: r.cardId,
      transaction_id: r.transactionId,
      ...extra,
    };
    await recordAudit(tx, { actorId, action, entity: 'user', entityId: r.sellerId, details });
    // The card's own history shows it too.
    if (r.cardId !== null) await recordAudit(tx, { actorId, action, entity: 'gift_card', entityId: r.cardId, details });
  };

  const requestOf = (row: pending.PendingRow): pending.PendingRequest & { id: number } => ({
    id: Number(row.id),
    kind: row.kind,
    sellerId: Number(row.seller_id),
    cardId: row.gift_card_id === null ? null : Number(row.gift_card_id),
    transactionId: row.transaction_id === null ? null : Number(row.transaction_id),
    code: row.code,
    amount: centsOf(row.amount),
  });

  /** The request's payment or change, in `tx`, approved by `checker`: answers the payout it made or changed. */
  async function run(tx: Tx, maker: AuthUser, checker: AuthUser, r: pending.PendingRequest): Promise<number> {
    const p = { code: r.code, amount: r.amount };
    if (r.kind === 'pay_card') return payIn(tx, maker, { kind: 'pay_card', cardId: r.cardId as number }, p, approved, tooBigForCard);
    if (r.kind === 'payout') return payIn(tx, maker, { kind: 'payout', sellerId: r.sellerId }, p, approved, tooBigForCard);
    if (r.kind === 'bulk_payment')
      return payIn(tx, maker, { kind: 'bulk_payment', sellerId: r.sellerId }, p, approved, () => refusal(MSG.bulkTooLarge));
    const id = r.transactionId as number;
    await editPayout(tx, maker, id, { code: r.code, amount: r.amount, sellerId: r.sellerId }, approved, checker.id);
    return id;
  }

  return {
    /** Records the payment as waiting; answered 202 by the route. */
    async request(maker: AuthUser, r: pending.PendingRequest): Promise<Msg> {
      await inTransaction(db, async (tx) => {
        // Only a payment over a limit waits, so there is one; its window picks the maker's earlier payments shown.
        const id = await pending.insertPending(tx, maker.id, r, mc.limit?.windowHours ?? 0);
        await audit(tx, maker.id, 'payment_requested', { ...r, id });
      });
      return { msg: MSG.paymentAwaitsApproval };
    },

    async list(): Promise<{ data: PendingPayment[] }> {
      return { data: (await pending.openRequests(db, 200)).map(requestOut) };
    },

    async approve(checker: AuthUser, id: number): Promise<Msg> {
      await mapCodeConflict(() =>
        inTransaction(db, async (tx) => {
          const row = await pending.lockRequest(tx, id);
          if (!row) throw notFound();
          if (Number(row.maker_id) === checker.id)
            throw new HttpError(403, { message: MSG.makerCannotApprove, errorMsg: MSG.makerCannotApprove });
          if (row.status !== 'pending') throw refusal(MSG.requestNotPending);
          if (row.expired) throw refusal(MSG.requestExpired);
          const maker = await findUser(tx, Number(row.maker_id));
          if (!maker) throw forbidden();
          const r = requestOf(row);
          const paid = await run(tx, { id: maker.id, name: maker.name, email: maker.email, role: maker.role }, checker, r);
          // The card's approver, the payment's maker and its checker are three people.
          const paidCards = (await allocationsOf(tx, paid)).map((a) => a.cardId);
          const own = await pending.firstCardApprovedBy(tx, checker.id, paidCards);
          if (own !== null) throw refusal(MSG.approverCannotCheck(own));
          await pending.setCheckedBy(tx, paid, checker.id);
          await pending.markApproved(tx, id, checker.id);
          await audit(tx, checker.id, 'payment_approved', r, { maker_id: Number(row.maker_id), paid_transaction_id: paid });
        }),
      );
      return { msg: MSG.paymentApproved };
    },

    async decline(actor: AuthUser, id: number, reason: string): Promise<Msg> {
      await inTransaction(db, async (tx) => {
        const row = await pending.findRequest(tx, id);
        if (!row) throw notFound();
        if (!(await pending.declineRequest(tx, id, actor.id, reason))) throw refusal(MSG.requestNotPending);
        await audit(tx, actor.id, 'payment_declined', requestOf(row), { reason, maker_id: Number(row.maker_id) });
      });
      return { msg: MSG.paymentDeclined };
    },
  };
}

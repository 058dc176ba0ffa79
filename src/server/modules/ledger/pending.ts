import type { Database } from '../../db/client';
import { centsOf, isoOrNull, moneyOut } from '../../db/values';
import { centsToNumber } from '../../../shared/money';
import { MSG } from '../../../shared/messages';
import type { Msg, PendingPayment } from '../../../shared/types';
import { forbidden, HttpError, notFound, refusal } from '../../http/errors';
import { recordAudit } from '../audit/repository';
import type { AuthUser } from '../auth/service';
import { findUser } from '../users/repository';
import { editPayout, payCard, paySeller, tooBigForCard, type MakerChecker } from './payments';
import { inTransaction } from './retry';
import * as pending from './pending-repository';

const requestOut = (r: pending.PendingRow): PendingPayment => ({
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
});

/**
 * Pending approvals (issue 29): a payment that needs a second staff member is recorded with its maker; another staff
 * member approves it (the payment runs then, as the maker's, with every check again under the locks) or declines it.
 */
export function createPendingPayments(database: Database, mc: MakerChecker, mapCodeConflict: <T>(fn: () => Promise<T>) => Promise<T>) {
  const { db } = database;
  /** The approval is the second person: the limit is not asked again, the approver rule is (for the maker). */
  const approved: MakerChecker = { approverMayNotPay: mc.approverMayNotPay, confirmAbove: null };

  const audit = (actorId: number, action: string, r: pending.PendingRequest & { id: number }, extra: Record<string, unknown> = {}) =>
    inTransaction(db, async (tx) => {
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
    });

  const requestOf = (row: pending.PendingRow): pending.PendingRequest & { id: number } => ({
    id: Number(row.id),
    kind: row.kind,
    sellerId: Number(row.seller_id),
    cardId: row.gift_card_id === null ? null : Number(row.gift_card_id),
    transactionId: row.transaction_id === null ? null : Number(row.transaction_id),
    code: row.code,
    amount: centsOf(row.amount),
  });

  async function run(maker: AuthUser, r: pending.PendingRequest): Promise<void> {
    const p = { code: r.code, amount: r.amount };
    if (r.kind === 'pay_card') await payCard(db, maker, r.cardId as number, p, approved);
    else if (r.kind === 'payout') await paySeller(db, maker, r.sellerId, p, 'payout', tooBigForCard, approved);
    else if (r.kind === 'bulk_payment')
      await paySeller(db, maker, r.sellerId, p, 'bulk_payment', () => refusal(MSG.bulkTooLarge), approved);
    else
      await inTransaction(db, (tx) =>
        editPayout(tx, maker, r.transactionId as number, { code: r.code, amount: r.amount, sellerId: r.sellerId }, approved),
      );
  }

  return {
    /** Records the payment as waiting; answered 202 by the route. */
    async request(maker: AuthUser, r: pending.PendingRequest): Promise<Msg> {
      const id = await pending.insertPending(db, maker.id, r);
      await audit(maker.id, 'payment_requested', { ...r, id });
      return { msg: MSG.paymentAwaitsApproval };
    },

    async list(): Promise<{ data: PendingPayment[] }> {
      return { data: (await pending.openRequests(db, 200)).map(requestOut) };
    },

    async approve(checker: AuthUser, id: number): Promise<Msg> {
      const row = await pending.findRequest(db, id);
      if (!row) throw notFound();
      if (Number(row.maker_id) === checker.id)
        throw new HttpError(403, { message: MSG.makerCannotApprove, errorMsg: MSG.makerCannotApprove });
      if (row.status !== 'pending') throw refusal(MSG.requestNotPending);
      if (row.expired) throw refusal(MSG.requestExpired);
      if (!(await pending.claimRequest(db, id, checker.id))) throw refusal(MSG.requestNotPending);
      const r = requestOf(row);
      try {
        const maker = await findUser(db, Number(row.maker_id));
        if (!maker) throw forbidden();
        await mapCodeConflict(() => run({ id: maker.id, name: maker.name, email: maker.email, role: maker.role }, r));
      } catch (err) {
        await pending.finishRequest(db, id, 'pending');
        throw err;
      }
      await pending.finishRequest(db, id, 'approved');
      await audit(checker.id, 'payment_approved', r, { maker_id: Number(row.maker_id) });
      return { msg: MSG.paymentApproved };
    },

    async decline(actor: AuthUser, id: number, reason: string): Promise<Msg> {
      const row = await pending.findRequest(db, id);
      if (!row) throw notFound();
      if (!(await pending.declineRequest(db, id, actor.id, reason))) throw refusal(MSG.requestNotPending);
      await audit(actor.id, 'payment_declined', requestOf(row), { reason, maker_id: Number(row.maker_id) });
      return { msg: MSG.paymentDeclined };
    },
  };
}

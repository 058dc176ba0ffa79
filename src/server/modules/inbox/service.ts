import { ADJUST_REASON_LABEL, type AdjustReason } from '../../../shared/adjustment';
import type { Database } from '../../db/client';
import { isoOrNull, moneyOrNull } from '../../db/values';
import { nowParam } from '../../clock';
import { REJECT_REASON_LABEL, type RejectReason } from '../../../shared/constants';
import { fieldErrorsOf } from '../../../shared/field-errors';
import type { InboxKind } from '../../../shared/inbox';
import { LIMITS } from '../../../shared/limits';
import { MSG } from '../../../shared/messages';
import type { InboxItem, SellerInbox } from '../../../shared/types';
import { invalidFields } from '../../http/errors';
import { pageOffset, pageResult } from '../../http/page';
import type { AuthUser } from '../auth/service';
import * as repo from './repository';

/** A rejection's or an adjustment's reason is shown by its label; other kinds' reasons are already text. */
const reasonText = (kind: string, reason: string | null) =>
  kind === 'rejected' && reason
    ? (REJECT_REASON_LABEL[reason as RejectReason] ?? reason)
    : (kind === 'adjusted' || kind === 'adjustment_lapsed') && reason
      ? (ADJUST_REASON_LABEL[reason as AdjustReason] ?? reason)
      : reason;

const itemOut = (r: repo.InboxRow): InboxItem => ({
  id: r.id,
  kind: r.kind as InboxKind,
  at: r.at,
  card_id: r.card_id === null ? null : Number(r.card_id),
  transaction_id: r.transaction_id === null ? null : Number(r.transaction_id),
  amount: moneyOrNull(r.amount),
  reason: reasonText(r.kind, r.reason),
  note: r.note,
  until: isoOrNull(r.until),
  read: Boolean(r.read),
});

/**
 * The seller's inbox (issue 53): their own decisions and payouts, newest first, and how far they have read. The live
 * events (card.status, payment.recorded, ...) tell the screens when to read it again.
 */
export function createInboxService(database: Database) {
  const { db } = database;
  return {
    async list(user: AuthUser, page: number): Promise<SellerInbox> {
      const per = LIMITS.lists.inboxPerPage.value;
      const now = nowParam();
      const [rows, counts] = await Promise.all([
        repo.inboxPage(db, user.id, now, per, pageOffset(page, per)),
        repo.inboxCounts(db, user.id, now),
      ]);
      return { data: pageResult(rows.map(itemOut), page, per, counts.total), unread: counts.unread };
    },

    async markRead(user: AuthUser, through: string | undefined): Promise<{ msg: string; unread: number }> {
      const now = nowParam();
      const known = await db.transaction((tx) => repo.markRead(tx, user.id, now, through));
      if (!known) throw invalidFields(fieldErrorsOf([{ path: ['through'], message: MSG.inboxItemUnknown }]));
      return { msg: MSG.inboxRead, unread: (await repo.inboxCounts(db, user.id, now)).unread };
    },
  };
}
export type InboxService = ReturnType<typeof createInboxService>;

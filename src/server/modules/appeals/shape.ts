import { REJECT_REASON_LABEL, type CardStatus, type RejectReason } from '../../../shared/constants';
import type { Appeal, CardAppealSummary } from '../../../shared/types';
import { isoOrNull, moneyOut } from '../../db/values';
import type { AppealRow } from './repository';

const detailsOf = (d: AppealRow['decision_details']): Record<string, unknown> =>
  (typeof d === 'string' ? JSON.parse(d) : (d ?? {})) as Record<string, unknown>;
const textOf = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/** A resubmission or an appeal as its seller sees it: no staff member named. */
export function summaryOut(r: AppealRow): CardAppealSummary {
  return {
    id: Number(r.id),
    kind: r.kind,
    decision: r.decision,
    note: r.note,
    created_at: isoOrNull(r.created_at) ?? '',
    outcome: r.outcome,
    outcome_note: r.outcome_note,
    outcome_at: isoOrNull(r.outcome_at),
  };
}

/** Staff's appeal: the original decision's what and when, never its maker (`own`: the caller made it). */
export function appealOut(r: AppealRow, callerId: number): Appeal {
  const d = detailsOf(r.decision_details);
  const reason = textOf(d.reason);
  const label =
    r.decision === 'rejection' ? (reason ? (REJECT_REASON_LABEL[reason as RejectReason] ?? reason) : null) : textOf(d.reason_label);
  return {
    ...summaryOut(r),
    gift_card_id: Number(r.gift_card_id),
    seller: { id: Number(r.seller_id), name: r.seller_name ?? 'Deleted user' },
    card: { offer: r.offer, price: moneyOut(r.price), card_status: Number(r.card_status) as CardStatus },
    original: { reason, reason_label: label, note: textOf(d.note), decided_at: isoOrNull(r.decision_at) ?? '' },
    own_decision: r.decided_by !== null && Number(r.decided_by) === callerId,
    decide_by: isoOrNull(r.decide_by) ?? '',
  };
}

/** The photo ids an appeal carries (an int[] column, as the driver answers it). */
export const imageIdsOf = (r: AppealRow): number[] =>
  (Array.isArray(r.image_ids) ? r.image_ids : String(r.image_ids).replace(/[{}]/g, '').split(',').filter(Boolean)).map(Number);

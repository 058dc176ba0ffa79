import { ADJUST_REASON_LABEL, type CardAdjustment } from '../../../shared/adjustment';
import { clock } from '../../clock';
import { isoOrNull, moneyOut } from '../../db/values';
import type { AdjustmentRow } from './repository';

/** Until its window ends, a pending adjustment waits for the seller; after it, it counts as accepted. */
export const windowOpen = (r: AdjustmentRow): boolean => clock.now().getTime() < new Date(isoOrNull(r.window_ends_at)!).getTime();

export function adjustmentOut(r: AdjustmentRow): CardAdjustment {
  const waiting = r.state === 'pending' && windowOpen(r);
  return {
    asked_price: moneyOut(r.asked_price),
    approved_price: moneyOut(r.price),
    reason: r.reason,
    reason_label: ADJUST_REASON_LABEL[r.reason],
    note: r.note,
    state: r.state === 'pending' && !waiting ? 'accepted' : r.state,
    created_at: isoOrNull(r.created_at)!,
    window_ends_at: isoOrNull(r.window_ends_at)!,
    answered_at: isoOrNull(r.answered_at),
    can_answer: waiting,
  };
}

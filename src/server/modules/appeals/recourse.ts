import type { Tx } from '../../db/client';
import { CARD_STATUS, type CardStatus } from '../../../shared/constants';
import { LIMITS } from '../../../shared/limits';
import { MSG } from '../../../shared/messages';
import type { AppealDecision, CardRecourse } from '../../../shared/types';
import { isoOrNull } from '../../db/values';
import { refusal } from '../../http/errors';
import { latestDecision, recourseMade, type DecisionRow } from './repository';

/** How long after a decision its seller may act on it (APPEAL_WINDOW_HOURS, CLAWBACK_APPEAL_WINDOW_HOURS). */
export interface RecourseWindows {
  rejectionHours: number;
  clawbackHours: number;
}
export const DEFAULT_WINDOWS: RecourseWindows = {
  rejectionHours: LIMITS.appeals.rejectionWindowHours.value,
  clawbackHours: LIMITS.appeals.clawbackWindowHours.value,
};

export interface Recourse {
  decision: AppealDecision;
  row: DecisionRow;
  endsAt: Date;
  /** A resubmission or an appeal was made against this decision already. */
  made: boolean;
}

/** A rejected card's latest rejection, a disputed card's latest clawback, with its window; null for any other card. */
export async function recourseOf(tx: Tx, card: { id: number; status: CardStatus }, w: RecourseWindows): Promise<Recourse | null> {
  const decision: AppealDecision | null =
    card.status === CARD_STATUS.rejected ? 'rejection' : card.status === CARD_STATUS.disputed ? 'clawback' : null;
  if (!decision) return null;
  const row = await latestDecision(tx, card.id, decision === 'rejection' ? 'reject' : 'dispute');
  if (!row) return null;
  const hours = decision === 'rejection' ? w.rejectionHours : w.clawbackHours;
  const endsAt = new Date(new Date(row.at).getTime() + hours * 3_600_000);
  return { decision, row, endsAt, made: await recourseMade(tx, row.id) };
}

/** The clock the windows are judged by (the server's; tests move it). */
const now = () => Date.now();

export function recourseOut(r: Recourse | null): CardRecourse | null {
  if (!r) return null;
  const open = !r.made && now() < r.endsAt.getTime();
  return {
    decision: r.decision,
    decided_at: isoOrNull(r.row.at) ?? '',
    window_ends_at: r.endsAt.toISOString(),
    can_resubmit: open && r.decision === 'rejection',
    can_appeal: open,
  };
}

/** The recourse a seller may still make now, or the reason they may not (409). */
export function assertOpen(r: Recourse | null): Recourse {
  if (!r) throw refusal(MSG.nothingToAppeal, 409);
  if (r.made) throw refusal(MSG.appealAlreadyMade, 409);
  if (now() >= r.endsAt.getTime())
    throw refusal(MSG.appealWindowClosed(`${r.endsAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`), 409);
  return r;
}

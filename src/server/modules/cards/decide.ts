import { CARD_STATUS, CARD_STATUS_LABEL, type CardStatus, type RejectReason } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import type { Tx } from '../../db/client';
import { HttpError } from '../../http/errors';
import { recordAudit } from '../audit/repository';
import { cardsWithNumber, claimOpenedBy, releaseClaim } from '../review/repository';
import { blocksApproval } from '../review/shape';
import { sampleDecision } from '../qa/repository';
import { queueTrustOfCard } from '../trust/repository';
import { supersedeAdjustment } from '../adjustments/supersede';

export interface DuplicateOverride {
  override_duplicate?: boolean;
  override_reason?: string;
}

/**
 * Approving a card whose number (compared normalised) is on another pending or approved card is refused (409, on
 * card_number) unless the staff member overrides it with a reason. Answers what the override went over, for the audit.
 */
export async function checkDuplicateApproval(
  tx: Tx,
  cardId: number,
  cardNumber: string | null,
  o: DuplicateOverride,
): Promise<{ reason: string; cards: number[] } | null> {
  const blocking = (await cardsWithNumber(tx, cardId, cardNumber)).filter(blocksApproval);
  if (blocking.length === 0) return null;
  if (o.override_duplicate && o.override_reason) return { reason: o.override_reason, cards: blocking.map((d) => d.id) };
  const list = blocking.map((d) => `#${d.id} (${CARD_STATUS_LABEL[d.card_status as CardStatus] ?? d.card_status}, ${d.name})`);
  const text = MSG.duplicateNumber(`${list.length > 1 ? 'cards' : 'card'} ${list.join(', ')}`);
  throw new HttpError(409, { message: text, errorMsg: text, errors: { card_number: [text] } });
}

const STATUS_ACTION: Record<CardStatus, string> = { 0: 'set_pending', 1: 'approve', 2: 'reject', 3: 'dispute' };

/** The audit entry of a status change (with the rejection's reason, or the duplicate override), and the claim released. */
export async function recordStatusChange(
  tx: Tx,
  actorId: number,
  cardId: number,
  change: {
    from: CardStatus;
    to: CardStatus;
    reason?: RejectReason | null;
    note?: string | null;
    override?: { reason: string; cards: number[] } | null;
    /** `appeal`: a reversed appeal sent a rejected card back to Pending; `adjustment`: its seller withdrew it (issue 53). */
    via: 'update' | 'review' | 'bulk' | 'appeal' | 'adjustment';
    /** Issue 53: an approval at an adjusted value (what the seller asked, what was approved, why). */
    adjusted?: { asked_price: number; price: number; reason: string; note: string | null };
    /** An approved card's price, offer or number changed: its approval is withdrawn. */
    withdrawn?: boolean;
    /** ...or approved again by the same request: a new approval. */
    reapproved?: boolean;
  },
): Promise<void> {
  const { from, to, via } = change;
  // A seller's withdrawal is no staff decision: its own action (no rejection to appeal, no QA, no reviewer figure).
  const withdrawal = via === 'adjustment';
  // Issue 53: a later decision replaces an adjusted approval still waiting for its seller (and ends its hold).
  if (!withdrawal) await supersedeAdjustment(tx, cardId, actorId);
  // A decision by the reviewer who holds the card's claim keeps when they opened it (reviewer figures' time to decide).
  const decided = to === CARD_STATUS.approved || to === CARD_STATUS.rejected;
  const openedAt = decided ? await claimOpenedBy(tx, cardId, actorId) : null;
  await recordAudit(tx, {
    actorId,
    action: withdrawal ? 'withdraw' : (STATUS_ACTION[to] ?? 'status'),
    entity: 'gift_card',
    entityId: cardId,
    details: {
      from,
      to,
      via,
      ...(to === CARD_STATUS.rejected ? { reason: change.reason ?? null, note: change.note ?? null } : {}),
      ...(change.override ? { override: change.override } : {}),
      ...(change.withdrawn ? { withdrawn: true } : {}),
      ...(change.reapproved ? { reapproved: true } : {}),
      ...(openedAt ? { opened_at: openedAt } : {}),
      ...(change.adjusted ? { adjusted: change.adjusted } : {}),
    },
  });
  if (to !== CARD_STATUS.pending) await releaseClaim(tx, cardId);
  // A share of decisions gets a second, blind look (QA sampling, issue 54); a withdrawn approval is no decision.
  if (!withdrawal && (to === CARD_STATUS.approved || to === CARD_STATUS.rejected))
    await sampleDecision(tx, cardId, to === CARD_STATUS.approved ? 'approve' : 'reject', actorId, change.reason ?? null);
  // The seller's history changed: their trust score is recomputed by the seller-trust job (docs/trust.md).
  await queueTrustOfCard(tx, cardId);
}

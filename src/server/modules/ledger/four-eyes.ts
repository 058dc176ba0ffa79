import type { Tx } from '../../db/client';
import type { Cents } from '../../../shared/money';
import type { Allocation } from './repository';
import * as pending from './pending-repository';

/**
 * FOUR_EYES (issue 48): what one staff member moves alone is limited, not what one request moves. The payments a
 * maker made to a seller without a second person's approval over the window, and what was paid onto one card that
 * way, count together with the new payment; the payment that takes either over the limit waits for approval.
 */
export interface Limit {
  amount: Cents;
  windowHours: number;
}

/** The amount a payment may have and still go through alone (ledger_pay's confirm-above); below zero: none. Call with the seller locked. */
export async function roomLeft(tx: Tx, makerId: number, sellerId: number, cardId: number | null, limit: Limit): Promise<Cents> {
  const moved = await pending.movedAlone(tx, makerId, sellerId, limit.windowHours);
  const onCard = cardId === null ? 0 : await pending.paidAloneOnCard(tx, cardId);
  return limit.amount - Math.max(moved, onCard);
}

/**
 * A payout edit is a new decision: raising it, moving it to another seller or onto other cards, or changing one a
 * second person approved, waits for approval. Lowering it (the same seller, no card paid more) goes through.
 */
export function editNeedsApproval(
  before: { code: string; amount: Cents; sellerId: number; checkedBy: number | null },
  after: { code: string; amount: Cents; sellerId: number },
  oldAllocs: Allocation[],
  allocs: Allocation[],
): boolean {
  const was = new Map(oldAllocs.map((a) => [a.cardId, a.amount]));
  const lowering =
    after.sellerId === before.sellerId && after.amount <= before.amount && allocs.every((a) => a.amount <= (was.get(a.cardId) ?? 0));
  if (!lowering) return true;
  return before.checkedBy !== null && after.code !== before.code;
}

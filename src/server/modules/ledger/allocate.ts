import { cardDueCents, type Cents } from '../../../shared/money';
import type { Allocation, LockedCard } from './repository';

/** What is still to pay on a card: the shared rule (a disputed card's negative due is nothing to pay). */
export const cardDue = (c: LockedCard): Cents => Math.max(0, cardDueCents(c.status, c.payable, c.paid));

/**
 * The seller's approved cards with a due, in payout order: approved earliest first, then lowest id. Cards on hold
 * (`held`, their ids: docs/money.md "Payout holds") are skipped: a held card is paid only after its hold ends.
 */
export function payoutQueue(cards: LockedCard[], sellerId: number, held: ReadonlySet<number> = new Set()): LockedCard[] {
  return cards
    .filter((c) => c.sellerId === sellerId && cardDue(c) > 0 && !held.has(c.id))
    .sort((a, b) => {
      const x = a.approvedAt ?? '';
      const y = b.approvedAt ?? '';
      return x < y ? -1 : x > y ? 1 : a.id - b.id;
    });
}

export const totalDue = (queue: LockedCard[]): Cents => queue.reduce((sum, c) => sum + cardDue(c), 0);

/** Splits `amount` over the queue, filling each card's due in turn; the caller has checked amount <= totalDue. */
export function allocate(queue: LockedCard[], amount: Cents): Allocation[] {
  const out: Allocation[] = [];
  let left = amount;
  for (const c of queue) {
    if (left <= 0) break;
    const take = Math.min(left, cardDue(c));
    if (take > 0) out.push({ cardId: c.id, amount: take });
    left -= take;
  }
  if (left !== 0) throw new Error('allocation exceeds due');
  return out;
}

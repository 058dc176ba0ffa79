import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate, cardDue, payoutQueue, totalDue } from '../../src/server/modules/ledger/allocate';
import type { LockedCard } from '../../src/server/modules/ledger/repository';

const SELLER = 7;
const card = fc.record({
  id: fc.integer({ min: 1, max: 1_000_000 }),
  sellerId: fc.constantFrom(SELLER, 8),
  status: fc.constantFrom(0, 1, 1, 1, 2),
  payable: fc.integer({ min: 0, max: 500_000 }),
  paidShare: fc.double({ min: 0, max: 1, noNaN: true }),
  approvedAt: fc.option(
    fc.date({ min: new Date('2024-01-01'), max: new Date('2026-12-31'), noInvalidDate: true }).map((d) => d.toISOString()),
  ),
});
const cards = fc
  .uniqueArray(card, { selector: (c) => c.id, maxLength: 30 })
  .map((list) => list.map(({ paidShare, ...c }): LockedCard => ({ ...c, paid: Math.floor(c.payable * paidShare), version: 1 })));

describe('payoutQueue and allocate (property)', () => {
  it('the queue holds exactly the seller’s approved cards with a due, oldest approval first, then lowest id', () => {
    fc.assert(
      fc.property(cards, (list) => {
        const queue = payoutQueue(list, SELLER);
        const expected = list.filter((c) => c.sellerId === SELLER && c.status === 1 && c.payable > c.paid);
        expect(queue.map((c) => c.id).sort((a, b) => a - b)).toEqual(expected.map((c) => c.id).sort((a, b) => a - b));
        for (let i = 1; i < queue.length; i++) {
          const [a, b] = [queue[i - 1], queue[i]];
          const order = (a.approvedAt ?? '').localeCompare(b.approvedAt ?? '');
          expect(order < 0 || (order === 0 && a.id < b.id)).toBe(true);
        }
      }),
    );
  });

  it('allocations sum to the amount, fill the oldest first, and never exceed a card’s due', () => {
    fc.assert(
      fc.property(
        cards.chain((list) => {
          const queue = payoutQueue(list, SELLER);
          return fc.tuple(fc.constant(queue), fc.integer({ min: 0, max: totalDue(queue) }));
        }),
        ([queue, amount]) => {
          const out = allocate(queue, amount);
          expect(out.reduce((sum, a) => sum + a.amount, 0)).toBe(amount);
          const byId = new Map(queue.map((c) => [c.id, c]));
          for (const a of out) {
            expect(a.amount).toBeGreaterThan(0);
            expect(a.amount).toBeLessThanOrEqual(cardDue(byId.get(a.cardId)!));
          }
          // Oldest first: the allocations follow the queue, and every card before the last one paid is paid in full.
          const ids = out.map((a) => a.cardId);
          expect(ids).toEqual(queue.slice(0, ids.length).map((c) => c.id));
          for (const a of out.slice(0, -1)) expect(a.amount).toBe(cardDue(byId.get(a.cardId)!));
        },
      ),
    );
  });

  it('refuses an amount above the total due', () => {
    fc.assert(
      fc.property(cards, fc.integer({ min: 1, max: 1000 }), (list, extra) => {
        const queue = payoutQueue(list, SELLER);
        expect(() => allocate(queue, totalDue(queue) + extra)).toThrow('allocation exceeds due');
      }),
    );
  });
});

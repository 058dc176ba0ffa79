import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../helpers/server';
import { insertCard, insertOffer } from '../helpers/ledger-fixtures';
import { checkLedgerInvariants } from '../helpers/invariants';
import { allocate, payoutQueue } from '../../src/server/modules/ledger/allocate';
import type { LockedCard } from '../../src/server/modules/ledger/repository';
import { centsOf } from '../../src/server/db/values';
import { centsToDecimal } from '../../src/shared/money';

// Migration 0012: a payment is one database call (ledger_pay). The pure allocation function stays the rule: the
// database must split a payout over the cards exactly as allocate(payoutQueue(...)) does.

let s: TestServer;
let offerId: number;
beforeAll(async () => {
  s = await startTestServer();
  offerId = await insertOffer(s.database);
});
afterEach(async () => checkLedgerInvariants(s.database));
afterAll(async () => s?.close());

let seq = 0;
const BASE = Date.parse('2026-01-01T00:00:00.000Z');

async function cardsOf(sellerId: number): Promise<LockedCard[]> {
  const rows = await s.database.query<{
    id: number;
    seller_id: number;
    card_status: number;
    payable: string;
    paid: string;
    approved_at: string | null;
  }>(sql`SELECT id, seller_id, card_status, (price - rate)::text AS payable, paid_amount::text AS paid,
                to_char(approval_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS approved_at
           FROM gift_cards WHERE seller_id = ${sellerId}`);
  return rows.map((r) => ({
    id: r.id,
    sellerId: r.seller_id,
    status: Number(r.card_status),
    payable: centsOf(r.payable),
    paid: centsOf(r.paid),
    approvedAt: r.approved_at,
    version: 1,
  }));
}

describe('ledger_pay: a payout in one database call', () => {
  it('allocates exactly as the pure allocation function, over random cards, approval times and amounts', async () => {
    const card = fc.record({
      priceCents: fc.integer({ min: 100, max: 20_000 }),
      status: fc.constantFrom(0, 1, 1, 1, 2),
      // Several cards share a millisecond (and differ in microseconds): the order is by millisecond, then id.
      approvedMs: fc.integer({ min: 0, max: 3 }),
      micros: fc.integer({ min: 0, max: 999 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(card, { minLength: 1, maxLength: 8 }),
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        async (cards, share) => {
          const seller = await s.createUser('seller');
          for (const c of cards) {
            const at = new Date(BASE + c.approvedMs).toISOString().replace('Z', `${String(c.micros).padStart(3, '0')}Z`);
            await insertCard(s.database, {
              sellerId: seller.id,
              offerId,
              price: centsToDecimal(c.priceCents),
              status: c.status as 0 | 1 | 2,
              approvalDate: c.status === 1 ? at : null,
            });
          }
          const before = await cardsOf(seller.id);
          const queue = payoutQueue(before, seller.id);
          const due = queue.reduce((sum, c) => sum + (c.payable - c.paid), 0);
          if (due === 0) return;
          const amount = Math.max(1, Math.floor(due * share));
          const code = `PF-${++seq}-${Math.random().toString(36).slice(2, 7)}`;
          const r = await s.call('POST', 'transaction', {
            token: s.users.admin.token,
            body: { seller_id: seller.id, transaction_amount: centsToDecimal(amount), code },
          });
          expect(r.status, JSON.stringify(r.body)).toBe(200);
          const got = await s.database.query<{ gift_card_id: number; amount: string }>(
            sql`SELECT a.gift_card_id, a.amount::text AS amount FROM transaction_allocations a
                JOIN transactions t ON t.id = a.transaction_id WHERE t.code = ${code} ORDER BY a.id`,
          );
          expect(got.map((a) => ({ cardId: a.gift_card_id, amount: centsOf(a.amount) }))).toEqual(allocate(queue, amount));
        },
      ),
      { numRuns: 25 },
    );
  });

  it('is one statement: a payment leaves its transaction, allocations, paid amounts and audit entry, or nothing', async () => {
    const seller = await s.createUser('seller');
    const id = await insertCard(s.database, { sellerId: seller.id, offerId, price: '20.00' });
    const code = `ONE-${Date.now()}`;
    const ok = await s.call('POST', 'transaction', {
      token: s.users.admin.token,
      body: { gidcard_id: id, transaction_amount: '7.25', code },
    });
    expect(ok.status).toBe(200);
    const [row] = await s.database.query<{ paid: string; allocs: number; audits: number }>(sql`
      SELECT (SELECT paid_amount::text FROM gift_cards WHERE id = ${id}) AS paid,
             (SELECT count(*)::int FROM transaction_allocations a JOIN transactions t ON t.id = a.transaction_id WHERE t.code = ${code}) AS allocs,
             (SELECT count(*)::int FROM audit_log l JOIN transactions t ON t.id = l.entity_id
               WHERE l.entity = 'transaction' AND l.action = 'pay_card' AND t.code = ${code}
                 AND l.details->>'code' = ${code} AND (l.details->>'transaction_amount')::numeric = 7.25) AS audits`);
    expect(row).toEqual({ paid: '7.25', allocs: 1, audits: 1 });
    // The same code again fails the unique index inside the call: nothing of it is written.
    const again = await s.call('POST', 'transaction', {
      token: s.users.admin.token,
      body: { gidcard_id: id, transaction_amount: '1.00', code },
    });
    expect(again.body.errorMsg).toBe('The code already used.');
    const [after] = await s.database.query<{ paid: string }>(sql`SELECT paid_amount::text AS paid FROM gift_cards WHERE id = ${id}`);
    expect(after.paid).toBe('7.25');
  });
});

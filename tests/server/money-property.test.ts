import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server';
import { insertCard, insertOffer } from '../helpers/ledger-fixtures';
import { checkLedgerInvariants, checkReportRollup } from '../helpers/invariants';

/**
 * Property: over random sequences of submissions, approvals, rejections, card payments, payouts, bulk payments,
 * payout edits, disputes (clawbacks) and resolutions, after every step every answer is below 500, the ledger
 * invariants hold (clawbacks included), and every seller's statement closes at their seller-due.
 */
const RUNS = Number(process.env.MONEY_PROPERTY_RUNS ?? 20);
/** A fixed seed by default, so that the coverage check below always sees the same runs; any seed must pass. */
const SEED = Number(process.env.MONEY_PROPERTY_SEED ?? 20261123);
let s: TestServer;
let offerId: number;
beforeAll(async () => {
  s = await startTestServer();
  offerId = await insertOffer(s.database, { rateType: 1, rate: '1.00' });
});
afterAll(async () => s?.close());

const amount = fc.integer({ min: 1, max: 2000 }).map((c) => (c / 100).toFixed(2));
const action = fc.oneof(
  { weight: 3, arbitrary: fc.record({ t: fc.constant('submit' as const), seller: fc.nat(1), price: fc.integer({ min: 5, max: 60 }) }) },
  { weight: 4, arbitrary: fc.record({ t: fc.constant('approve' as const), card: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('reject' as const), card: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('payCard' as const), card: fc.nat(), amount }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('payout' as const), seller: fc.nat(1), amount }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('bulk' as const), seller: fc.nat(1), amount }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('edit' as const), tx: fc.nat(), amount }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('dispute' as const), card: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('resolve' as const), card: fc.nat() }) },
);
type Action = typeof action extends fc.Arbitrary<infer A> ? A : never;

let codeSeq = 0;
/** Accepted actions by type over all runs: the property must have exercised each kind of step. */
const accepted = new Map<string, number>();
const today = () => new Date().toISOString().slice(0, 10);
const yearAgo = () => new Date(Date.now() - 360 * 86_400_000).toISOString().slice(0, 10);

describe('money operations, as a property', () => {
  it('statement closing due = seller-due and the ledger invariants hold after every step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 8, maxLength: 20 }), async (actions) => {
        const sellers: TestUser[] = [await s.createUser('seller'), await s.createUser('seller')];
        const cards: { id: number; price: number }[] = [];
        const codes: string[] = [];
        const staff = () => (codeSeq % 2 ? s.users.admin.token : s.users.manager.token);
        const pick = <T>(list: T[], i: number) => (list.length ? list[i % list.length] : undefined);

        const step = async (a: Action): Promise<{ status: number; body: unknown } | null> => {
          switch (a.t) {
            case 'submit': {
              const id = await insertCard(s.database, {
                sellerId: sellers[a.seller].id,
                offerId,
                price: `${a.price}.00`,
                rate: '1.00',
                status: 0,
              });
              cards.push({ id, price: a.price });
              return null;
            }
            case 'approve':
            case 'reject': {
              const c = pick(cards, a.card);
              if (!c) return null;
              const body = { giftcard_offer_id: offerId, price: c.price, card_status: a.t === 'approve' ? 1 : 2 };
              return s.call('POST', `gift-card-update/${c.id}`, { token: staff(), body });
            }
            case 'payCard': {
              const c = pick(cards, a.card);
              if (!c) return null;
              const code = `P-${++codeSeq}`;
              const r = await s.call('POST', 'transaction', {
                token: staff(),
                body: { code, transaction_amount: a.amount, gidcard_id: c.id },
              });
              if (r.status === 200) codes.push(code);
              return r;
            }
            case 'payout':
            case 'bulk': {
              const code = `P-${++codeSeq}`;
              const seller = sellers[a.seller].id;
              const r =
                a.t === 'payout'
                  ? await s.call('POST', 'transaction', { token: staff(), body: { code, transaction_amount: a.amount, seller_id: seller } })
                  : await s.call('POST', 'bulk-payment', { token: staff(), body: { code, paid_amount: a.amount, seller_id: seller } });
              if (r.status === 200) codes.push(code);
              return r;
            }
            case 'edit': {
              const code = pick(codes, a.tx);
              if (!code) return null;
              const [t] = await s.database.query<{ id: number }>(sql`SELECT id FROM transactions WHERE code = ${code}`);
              if (!t) return null;
              return s.call('POST', `transaction-update/${t.id}`, { token: staff(), body: { code, transaction_amount: a.amount } });
            }
            case 'dispute':
            case 'resolve': {
              const c = pick(cards, a.card);
              if (!c) return null;
              const path = a.t === 'dispute' ? `gift-card-dispute/${c.id}` : `gift-card-dispute-resolve/${c.id}`;
              return s.call('POST', path, { token: staff(), body: a.t === 'dispute' ? { reason: 'used' } : {} });
            }
          }
        };

        for (const a of actions) {
          const r = await step(a);
          if (r) expect(r.status, `${JSON.stringify(a)}: ${JSON.stringify(r.body)}`).toBeLessThan(500);
          if (r?.status === 200) accepted.set(a.t, (accepted.get(a.t) ?? 0) + 1);
          if (r && r.status !== 200) expect([403, 409, 422], `${JSON.stringify(a)}: ${JSON.stringify(r.body)}`).toContain(r.status);
          await checkLedgerInvariants(s.database);
          for (const seller of sellers) {
            const due = await s.call('GET', 'seller-due', { token: seller.token });
            const st = await s.call('GET', `seller-statement?start_date=${yearAgo()}&end_date=${today()}`, { token: seller.token });
            expect(st.status).toBe(200);
            expect(st.body.closing_due, `after ${JSON.stringify(a)}`).toBe(due.body.due);
            // The running due of the last event is the closing due; opening + changes = closing.
            const sum = st.body.events.reduce((t: number, e: { amount: number }) => t + Math.round(e.amount * 100), 0);
            expect(Math.round(st.body.opening_due * 100) + sum).toBe(Math.round(st.body.closing_due * 100));
          }
        }
        await checkReportRollup(s.database);
      }),
      { numRuns: RUNS, seed: SEED },
    );
    for (const t of ['approve', 'reject', 'payCard', 'payout', 'bulk', 'edit', 'dispute', 'resolve'])
      expect(accepted.get(t) ?? 0, `${t} accepted in no run: ${JSON.stringify([...accepted])}`).toBeGreaterThan(0);
  }, 600_000);
});

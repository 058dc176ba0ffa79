import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server';
import { createOffer, rangeOffer, staffUpdate, submitCard } from '../helpers/cards';
import { sellerResponseSchemas } from '../../src/shared/responses';

// Issue 29: a seller's answers never carry staff-only notes or staff names.
let s: TestServer;
let staff: TestUser;
let seller: TestUser;
let card: number;
const NOTE = 'INTERNAL: do not tell';
beforeAll(async () => {
  s = await startTestServer();
  staff = await s.createUser('manager', 'Zed Staffname');
  seller = await s.createUser('seller', 'Sally Seller');
  const offer = await createOffer(s, rangeOffer({ title: 'Staff only', min_price: 1, max_price: 100, rate: 10 }));
  card = await submitCard(s, seller, { giftcard_offer_id: offer, price: 50 });
  expect((await staffUpdate(s, card, { giftcard_offer_id: offer, price: 50, card_status: 1 }, staff.token)).status).toBe(200);
  const pay = await s.call('POST', 'transaction', {
    token: s.users.admin.token,
    body: { code: `SO-${Date.now()}`, transaction_amount: 5, gidcard_id: card },
  });
  expect(pay.status).toBe(200);
  expect((await s.call('POST', `add-gift-card/${card}`, { token: staff.token, body: { comment: 'We are looking at it' } })).status).toBe(
    200,
  );
  expect((await s.call('POST', `add-gift-card/${card}`, { token: seller.token, body: { comment: 'Thanks' } })).status).toBe(200);
  const d = await s.call('POST', `gift-card-dispute/${card}`, { token: staff.token, body: { reason: 'used', note: NOTE } });
  expect(d.status, JSON.stringify(d.body)).toBe(200);
});
afterAll(async () => s?.close());

const asSeller = async () => ({
  history: await s.call('GET', `gift-card-history/${card}?page=1`, { token: seller.token }),
  comments: await s.call('GET', `gift-card-comments/${card}?page=1`, { token: seller.token }),
  money: await s.call('GET', `gift-card-money/${card}`, { token: seller.token }),
  card: await s.call('GET', `gift-card/${card}`, { token: seller.token }),
});

describe('staff-only information', () => {
  it("the seller's history, comments, money and card carry no staff note and no staff name", async () => {
    const a = await asSeller();
    for (const [what, r] of Object.entries(a)) {
      expect(r.status, what).toBe(200);
      const text = JSON.stringify(r.body);
      expect(text, what).not.toContain('INTERNAL');
      expect(text, what).not.toContain('Zed Staffname');
      expect(text, what).not.toContain('Admin');
    }
    // The seller still sees that the card is disputed, why (the reason's label), and their own name on their comment.
    const entries = a.history.body.data.data as { kind: string; status?: { to: number }; note?: string | null; actor: unknown }[];
    const dispute = entries.find((e) => e.kind === 'status' && e.status?.to === 3);
    expect(dispute?.note).toBeTruthy();
    expect(JSON.stringify(a.comments.body)).toContain('Sally Seller');
    expect(JSON.stringify(a.comments.body)).toContain('Staff');
  });

  it('staff see the note and the names', async () => {
    const h = await s.call('GET', `gift-card-history/${card}?page=1`, { token: s.users.admin.token });
    expect(JSON.stringify(h.body)).toContain(NOTE);
    expect(JSON.stringify(h.body)).toContain('Zed Staffname');
    const c = await s.call('GET', `gift-card-comments/${card}?page=1`, { token: s.users.admin.token });
    expect(JSON.stringify(c.body)).toContain('Zed Staffname');
  });

  it("the seller's answers fit the seller response schemas", async () => {
    const a = await asSeller();
    expect(sellerResponseSchemas.cardHistory.safeParse(a.history.body).success).toBe(true);
    expect(sellerResponseSchemas.cardMoney.safeParse(a.money.body).success).toBe(true);
    // A staff answer does not: it names staff.
    const staffMoney = await s.call('GET', `gift-card-money/${card}`, { token: s.users.admin.token });
    expect(sellerResponseSchemas.cardMoney.safeParse(staffMoney.body).success).toBe(false);
  });
});

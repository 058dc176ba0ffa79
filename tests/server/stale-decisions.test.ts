import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { createOffer, rangeOffer, staffUpdate, submitCard } from '../helpers/cards';

// Issue 29: every decision acts on the record the reviewer saw, or is refused with 412.
let s: TestServer;
let offer: number;
beforeAll(async () => {
  s = await startTestServer();
  offer = await createOffer(s, rangeOffer({ title: 'Stale', min_price: 1, max_price: 1000, rate: 10 }));
});
afterAll(async () => s?.close());

const etagOf = async (url: string, token = s.users.admin.token) => {
  const r = await s.app.inject({ method: 'GET', url: `/api/${url}`, headers: { authorization: `Bearer ${token}` } });
  expect(r.statusCode).toBe(200);
  const tag = r.headers.etag;
  expect(typeof tag).toBe('string');
  return tag as string;
};

describe('ETag and If-Match', () => {
  it("a seller's edit between opening and approving: the approval is refused with 412, then goes through on the new version", async () => {
    const card = await submitCard(s, s.users.sellerA, { giftcard_offer_id: offer, price: 50 });
    const seen = await etagOf(`gift-card/${card}`);
    expect(await etagOf(`gift-card/${card}`)).toBe(seen);
    const edit = await s.call('POST', `gift-card-update/${card}`, {
      token: s.users.sellerA.token,
      body: { giftcard_offer_id: offer, price: 500 },
    });
    expect(edit.status).toBe(200);
    const stale = await s.call('POST', `gift-card-review/${card}`, {
      token: s.users.admin.token,
      body: { action: 'approve' },
      headers: { 'if-match': seen },
    });
    expect(stale.status).toBe(412);
    expect(stale.body.errorMsg).toBe('This gift card changed since you opened it. Reload to see the changes.');
    expect((await s.call('GET', `gift-card/${card}`, { token: s.users.admin.token })).body.data.card_status).toBe(0);
    const fresh = await etagOf(`gift-card/${card}`);
    expect(fresh).not.toBe(seen);
    const ok = await s.call('POST', `gift-card-review/${card}`, {
      token: s.users.admin.token,
      body: { action: 'approve' },
      headers: { 'if-match': fresh },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    // A card payment is a decision on the card too.
    const pay = await s.call('POST', 'transaction', {
      token: s.users.manager.token,
      body: { code: `ST-${Date.now()}`, transaction_amount: 5, gidcard_id: card },
      headers: { 'if-match': fresh },
    });
    expect(pay.status).toBe(412);
  });

  it('a payout, an offer and a user answer their own wording; without If-Match every call behaves as before', async () => {
    const card = await submitCard(s, s.users.sellerB, { giftcard_offer_id: offer, price: 100 });
    expect((await staffUpdate(s, card, { giftcard_offer_id: offer, price: 100, card_status: 1 })).status).toBe(200);
    const code = `STP-${Date.now()}`;
    expect(
      (await s.call('POST', 'transaction', { token: s.users.admin.token, body: { code, transaction_amount: 10, gidcard_id: card } }))
        .status,
    ).toBe(200);
    const tx = (await s.call('GET', 'transaction?page=1', { token: s.users.admin.token })).body.data.find(
      (t: { code: string }) => t.code === code,
    );
    const seen = await etagOf(`transaction/${tx.id}`);
    expect(
      (await s.call('POST', `transaction-update/${tx.id}`, { token: s.users.admin.token, body: { code, transaction_amount: 11 } })).status,
    ).toBe(200);
    const stale = await s.call('POST', `transaction-update/${tx.id}`, {
      token: s.users.admin.token,
      body: { code, transaction_amount: 12 },
      headers: { 'if-match': seen },
    });
    expect(stale.status).toBe(412);
    expect(stale.body.errorMsg).toBe('This payout changed since you opened it. Reload to see the changes.');

    const o = await createOffer(s, rangeOffer({ title: 'Stale offer' }));
    const oTag = await etagOf(`gift-card-offer/${o}`);
    expect(
      (await s.call('POST', `gift-card-offer-update/${o}`, { token: s.users.admin.token, body: rangeOffer({ title: 'Changed' }) })).status,
    ).toBe(200);
    const oStale = await s.call('POST', `gift-card-offer-update/${o}`, {
      token: s.users.manager.token,
      body: rangeOffer({ title: 'Mine' }),
      headers: { 'if-match': oTag },
    });
    expect(oStale.status).toBe(412);
    expect(oStale.body.errorMsg).toBe('This offer changed since you opened it. Reload to see the changes.');

    const u = await s.createUser('seller');
    const uTag = await etagOf(`users/${u.id}`);
    expect(
      (await s.call('PUT', `users/${u.id}`, { token: s.users.admin.token, body: { name: 'Renamed', email: u.email, role: 'seller' } }))
        .status,
    ).toBe(200);
    const uStale = await s.call('PUT', `users/${u.id}`, {
      token: s.users.manager.token,
      body: { name: 'Mine', email: u.email, role: 'seller' },
      headers: { 'if-match': uTag },
    });
    expect(uStale.status).toBe(412);
    expect(uStale.body.errorMsg).toBe('This user changed since you opened it. Reload to see the changes.');
    const current = await etagOf(`users/${u.id}`);
    expect(
      (
        await s.call('PUT', `users/${u.id}`, {
          token: s.users.manager.token,
          body: { name: 'Mine', email: u.email, role: 'seller' },
          headers: { 'if-match': current },
        })
      ).status,
    ).toBe(200);
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../helpers/server';
import { createOffer, form, gallery, png, rangeOffer, staffUpdate, submitCard } from '../helpers/cards';
import { checkLedgerInvariants } from '../helpers/invariants';

let s: TestServer;
let offer: number;
let other: number;
beforeAll(async () => {
  s = await startTestServer();
  offer = await createOffer(s, rangeOffer({ title: 'History offer' }));
  other = await createOffer(s, rangeOffer({ title: 'Other offer', rate: 10 }));
});
afterEach(async () => checkLedgerInvariants(s.database));
afterAll(async () => s?.close());

const admin = () => s.users.admin.token;
const history = (id: number, page = 1, token = admin()) => s.call('GET', `gift-card-history/${id}?page=${page}`, { token });

describe("a card's history", () => {
  it('has an entry for every kind of change, newest first, with actor names, paginated', async () => {
    const id = await submitCard(s, s.users.sellerA, { giftcard_offer_id: offer, price: '40' }, [png(), png()]);
    // A seller's edit with a new photo, a staff edit of number, offer and price.
    const sellerEdit = await s.call('POST', `gift-card-update/${id}`, {
      token: s.users.sellerA.token,
      body: form({ giftcard_offer_id: offer, price: '40', description: 'front and back' }, gallery(png())),
    });
    expect(sellerEdit.status).toBe(200);
    expect((await staffUpdate(s, id, { giftcard_offer_id: other, price: '50', card_number: 'HIST-1' })).status).toBe(200);
    // A save that changes nothing leaves no entry.
    expect((await staffUpdate(s, id, { giftcard_offer_id: other, price: '50' })).status).toBe(200);
    // A comment, then a deleted one; a photo removed.
    expect((await s.call('POST', `add-gift-card/${id}`, { token: admin(), body: { comment: 'Number checked' } })).status).toBe(200);
    expect((await s.call('POST', `add-gift-card/${id}`, { token: admin(), body: { comment: 'oops' } })).status).toBe(200);
    const [{ cid }] = await s.database.query<{ cid: number }>(
      sql`SELECT max(id)::int AS cid FROM gift_card_comments WHERE gift_card_id = ${id}`,
    );
    expect((await s.call('DELETE', `delete-giftcard-comment/${cid}`, { token: admin() })).status).toBe(200);
    const [{ img }] = await s.database.query<{ img: number }>(
      sql`SELECT min(id)::int AS img FROM gift_card_images WHERE gift_card_id = ${id}`,
    );
    expect((await s.call('DELETE', `delete-giftcard-image/${img}`, { token: admin() })).status).toBe(200);
    // Rejected with a reason, re-opened, approved, paid twice.
    expect(
      (
        await s.call('POST', `gift-card-review/${id}`, {
          token: admin(),
          body: { action: 'reject', reject_reason: 'unreadable_image', reject_note: 'blurred' },
        })
      ).status,
    ).toBe(200);
    expect((await staffUpdate(s, id, { giftcard_offer_id: other, price: '50', card_status: 0 })).status).toBe(200);
    expect((await s.call('POST', `gift-card-review/${id}`, { token: s.users.manager.token, body: { action: 'approve' } })).status).toBe(
      200,
    );
    for (const [code, amount] of [
      ['HIST-PAY-1', '10'],
      ['HIST-PAY-2', '5.5'],
    ])
      expect(
        (await s.call('POST', 'transaction', { token: admin(), body: { code, transaction_amount: amount, gidcard_id: id } })).status,
      ).toBe(200);

    const p1 = await history(id);
    expect(p1.status).toBe(200);
    const all = [...p1.body.data.data, ...(await history(id, 2)).body.data.data];
    expect(p1.body.data).toMatchObject({ per_page: 10, current_page: 1, total: all.length });
    expect(p1.body.data.data).toHaveLength(10);
    const kinds = all.map((e: { kind: string }) => e.kind);
    expect(kinds).toEqual([
      'payment',
      'payment',
      'status',
      'status',
      'status',
      'image_removed',
      'comment_deleted',
      'comment',
      'comment',
      'edited',
      'edited',
      'submitted',
    ]);
    // Newest first.
    const times = all.map((e: { at: string }) => Date.parse(e.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(all[0]).toMatchObject({ payment: { code: 'HIST-PAY-2', amount: 5.5 }, actor: { name: s.users.admin.name } });
    expect(all[2]).toMatchObject({ status: { from: 0, to: 1 }, actor: { name: s.users.manager.name } });
    expect(all[4]).toMatchObject({ status: { from: 0, to: 2 }, reason: 'unreadable_image', note: 'blurred' });
    // A deleted comment's text is gone from its entry too.
    expect(all[7]).toMatchObject({ kind: 'comment', comment: null });
    expect(all[8]).toMatchObject({ kind: 'comment', comment: 'Number checked' });
    expect(all[9]).toMatchObject({
      kind: 'edited',
      actor: { name: s.users.admin.name },
      changes: [
        { field: 'offer', before: 'History offer', after: 'Other offer' },
        { field: 'price', before: '40', after: '50' },
        { field: 'card_number', before: null, after: 'HIST-1' },
      ],
    });
    expect(all[10]).toMatchObject({ kind: 'edited', actor: { name: 'Seller A' }, images_added: 1 });
    expect(all[10].changes).toEqual([{ field: 'description', before: null, after: 'front and back' }]);
    expect(all[11]).toMatchObject({ kind: 'submitted', images_added: 2, actor: { name: 'Seller A' } });

    // The seller sees their card's history; another seller does not.
    expect((await history(id, 1, s.users.sellerA.token)).status).toBe(200);
    expect((await history(id, 1, s.users.sellerB.token)).status).toBe(403);
    expect((await history(999999)).status).toBe(404);
  });

  it("an override's reason is shown to staff, not to the seller", async () => {
    const a = await submitCard(s, s.users.sellerA, { giftcard_offer_id: offer, price: '40' });
    const b = await submitCard(s, s.users.sellerB, { giftcard_offer_id: offer, price: '40' });
    await staffUpdate(s, a, { giftcard_offer_id: offer, price: '40', card_number: 'OVR 1' });
    await staffUpdate(s, b, { giftcard_offer_id: offer, price: '40', card_number: 'ovr-1' });
    const r = await s.call('POST', `gift-card-review/${b}`, {
      token: admin(),
      body: { action: 'approve', override_duplicate: 1, override_reason: 'Seller A withdrew it' },
    });
    expect(r.status).toBe(200);
    const staff = (await history(b)).body.data.data[0];
    expect(staff).toMatchObject({ kind: 'status', override_reason: 'Seller A withdrew it' });
    const seller = (await history(b, 1, s.users.sellerB.token)).body.data.data[0];
    expect(seller.kind).toBe('status');
    expect(seller).not.toHaveProperty('override_reason');
  });
});

describe("a card's money", () => {
  it('price, rate, payable, paid, due and the payouts that paid it (a bulk payout too)', async () => {
    const id = await submitCard(s, s.users.sellerB, { giftcard_offer_id: offer, price: '80' });
    expect((await s.call('POST', `gift-card-review/${id}`, { token: admin(), body: { action: 'approve' } })).status).toBe(200);
    expect(
      (await s.call('POST', 'transaction', { token: admin(), body: { code: 'MONEY-1', transaction_amount: '20.25', gidcard_id: id } }))
        .status,
    ).toBe(200);
    expect(
      (
        await s.call('POST', 'bulk-payment', {
          token: admin(),
          body: { code: 'MONEY-BULK', paid_amount: '40', seller_id: s.users.sellerB.id },
        })
      ).status,
    ).toBe(200);
    const r = await s.call('GET', `gift-card-money/${id}`, { token: s.users.sellerB.token });
    expect(r.status).toBe(200);
    // 80 x 12.5 % = 10 -> payable 70; paid 25.25; due 44.75.
    expect(r.body.data).toMatchObject({ price: 80, rate: 10, payable: 70, paid_amount: 25.25, due: 44.75 });
    expect(r.body.data.payments.map((p: { code: string; amount: number }) => [p.code, p.amount])).toEqual([
      ['MONEY-BULK', 5],
      ['MONEY-1', 20.25],
    ]);
    // The bulk payout paid Seller B's older approved card first (35), then 5 on this one.
    // Staff names stay with staff (issue 29): the seller sees who paid as null, staff see the name.
    expect(r.body.data.payments[0]).toMatchObject({ by: null, transaction_amount: 40, is_redeem: 0 });
    const staffView = await s.call('GET', `gift-card-money/${id}`, { token: admin() });
    expect(staffView.body.data.payments[0]).toMatchObject({ by: s.users.admin.name });
    expect((await s.call('GET', `gift-card-money/${id}`, { token: s.users.sellerA.token })).status).toBe(403);
  });
});

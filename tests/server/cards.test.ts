import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../helpers/server';
import {
  countRows,
  createOffer,
  storedNames,
  storedBytes,
  fixedOffer,
  form,
  gallery,
  JPEG,
  png,
  rangeOffer,
  staffUpdate,
  submitCard,
  WEBP,
} from '../helpers/cards';
import { MSG } from '../../src/shared/messages';
import { checkLedgerInvariants } from '../helpers/invariants';

let s: TestServer;
let range: number; // 10..100, 12.5 %
let fixed: number; // [25,50,100], fixed fee 3
let paused: number; // maintenance
beforeAll(async () => {
  s = await startTestServer();
  range = await createOffer(s, rangeOffer({ title: 'Range 12.5%' }));
  fixed = await createOffer(s, fixedOffer({ title: 'Fixed $3' }));
  paused = await createOffer(s, rangeOffer({ title: 'Paused', is_active: 0 }));
});
afterEach(async () => checkLedgerInvariants(s.database));
afterAll(async () => s?.close());

const get = (id: number, token = s.users.admin.token) => s.call('GET', `gift-card/${id}`, { token });
const snapshot = async () => ({
  cards: await countRows(s, 'gift_cards'),
  images: await countRows(s, 'gift_card_images'),
  files: await storedNames(s),
});
/** Pays `amount` on the card through the API (a real payment with its allocation, so the ledger stays whole). */
const setPaid = async (id: number, amount: string) => {
  const r = await s.call('POST', 'transaction', {
    token: s.users.admin.token,
    body: { code: `PAID-${id}-${amount}`, transaction_amount: amount, gidcard_id: id },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
};

describe('submitting a card', () => {
  it('stores the card with a server-computed rate (client rate ignored) and its images', async () => {
    const r = await s.call('POST', 'gift-card', {
      token: s.users.sellerA.token,
      body: form(
        { giftcard_offer_id: range, price: '33.33', rate: 999, description: 'Birthday card', card_number: '' },
        gallery(png(), JPEG, WEBP),
      ),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.msg).toBeTruthy();
    const mine = await s.call('GET', 'my-giftcard?page=1', { token: s.users.sellerA.token });
    const card = mine.body.data.data[0];
    // 33.33 x 12.5 % = 4.16625 -> 4.17 (half-up)
    expect(card).toMatchObject({
      giftcard_offer_id: range,
      seller_id: s.users.sellerA.id,
      card_number: null,
      price: 33.33,
      rate: 4.17,
      payable: 29.16,
      paid_amount: 0,
      due: 0, // a pending card owes nothing yet; its payable shows what it will
      description: 'Birthday card',
      card_status: 0,
      approval_date: null,
      rejection_date: null,
      title: 'Range 12.5%',
      name: 'Seller A',
      email: s.users.sellerA.email,
    });
    const detail = await get(card.id, s.users.sellerA.token);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toEqual(card);
    expect(detail.body.images).toHaveLength(3);
    for (const img of detail.body.images) {
      expect(img.image).toMatch(/^[0-9a-f-]{36}\.(png|jpg|webp)$/);
      expect(img.url.startsWith(`/storage/images/${img.image}?u=`)).toBe(true);
      expect(await storedBytes(s, img.image)).not.toBeNull();
    }
    expect(detail.body.images.map((i: { image: string }) => i.image.split('.')[1])).toEqual(['png', 'jpg', 'webp']);
    expect((await storedBytes(s, detail.body.images[1].image))!.equals(JPEG)).toBe(true);
  });

  it('takes a listed price on a fixed offer with a fixed rate, JSON-free multipart', async () => {
    const id = await submitCard(s, s.users.sellerB, { giftcard_offer_id: fixed, price: '50.00', card_number: 'FX-1' });
    expect((await get(id)).body.data).toMatchObject({
      price: 50,
      rate: 3,
      payable: 47,
      card_number: 'FX-1',
      card_status: 0,
      name: 'Seller B',
      title: 'Fixed $3',
    });
  });

  it('refuses bad submissions with the spec texts and writes nothing', async () => {
    const before = await snapshot();
    const submit = (fields: Record<string, string | number>, images = [png()], token = s.users.sellerA.token) =>
      s.call('POST', 'gift-card', { token, body: form(fields, gallery(...images)) });

    const noImage = await submit({ giftcard_offer_id: range, price: 20 }, []);
    expect(noImage.status).toBe(422);
    expect(noImage.body.errorMsg).toBe(MSG.imageRequired);
    const noImageJson = await s.call('POST', 'gift-card', { token: s.users.sellerA.token, body: { giftcard_offer_id: range, price: 20 } });
    expect(noImageJson.status).toBe(422);
    expect(noImageJson.body.errorMsg).toBe(MSG.imageRequired);

    for (const price of ['9.99', '100.01', '0']) {
      const r = await submit({ giftcard_offer_id: range, price });
      expect(r.status, price).toBe(422);
      expect(r.body.errorMsg).toBe(MSG.priceNotInRange);
      expect(r.body.message).toBe(MSG.priceNotInRange);
    }
    const notListed = await submit({ giftcard_offer_id: fixed, price: 30 });
    expect(notListed.status).toBe(422);
    expect(notListed.body.errorMsg).toBe(MSG.priceNotInList);

    const inactive = await submit({ giftcard_offer_id: paused, price: 20 });
    expect(inactive.status).toBe(422);
    expect(inactive.body.errorMsg).toBe(MSG.offerInactive);

    const missingOffer = await submit({ giftcard_offer_id: 999999, price: 20 });
    expect(missingOffer.status).toBe(422);
    expect(missingOffer.body.errors.giftcard_offer_id).toBeTruthy();

    const badFields = await submit({ giftcard_offer_id: 'abc', price: '12.345' });
    expect(badFields.status).toBe(422);
    expect(Object.keys(badFields.body.errors).sort()).toEqual(['giftcard_offer_id', 'price']);

    const notImage = await submit({ giftcard_offer_id: range, price: 20 }, [png(), Buffer.from('just some text, not a picture')]);
    expect(notImage.status).toBe(422);
    expect(notImage.body.errorMsg).toBe(MSG.notAnImage);

    const staff = await submit({ giftcard_offer_id: range, price: 20 }, [png()], s.users.admin.token);
    expect(staff.status).toBe(403);
    expect((await s.call('POST', 'gift-card', { body: form({ giftcard_offer_id: range, price: 20 }, gallery(png())) })).status).toBe(401);

    expect(await snapshot()).toEqual(before);
  });
});

describe('listing and reading cards', () => {
  it('staff list every card 5 a page newest first with seller and offer; sellers get 403', async () => {
    for (let i = 0; i < 4; i++) await submitCard(s, i % 2 ? s.users.sellerA : s.users.sellerB, { giftcard_offer_id: range, price: 10 + i });
    const total = await countRows(s, 'gift_cards');
    const p1 = await s.call('GET', 'gift-card?page=1', { token: s.users.manager.token });
    expect(p1.status).toBe(200);
    expect(p1.body).toMatchObject({ current_page: 1, per_page: 5, total, last_page: Math.ceil(total / 5) });
    const ids = p1.body.data.map((c: { id: number }) => c.id);
    expect(ids).toHaveLength(5);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const sellers = new Set(p1.body.data.map((c: { seller_id: number }) => c.seller_id));
    expect(sellers.size).toBe(2);
    for (const c of p1.body.data) {
      expect(typeof c.price).toBe('number');
      expect(c.name).toBeTruthy();
      expect(c.email).toContain('@');
      expect(c.title).toBeTruthy();
      expect(c.payable).toBe(Math.round((c.price - c.rate) * 100) / 100);
    }
    expect((await s.call('GET', `gift-card?page=${Math.ceil(total / 5) + 1}`, { token: s.users.admin.token })).body.data).toEqual([]);
    expect((await s.call('GET', 'gift-card?page=1', { token: s.users.sellerA.token })).status).toBe(403);
    expect((await s.call('GET', 'gift-card?page=x', { token: s.users.admin.token })).status).toBe(422);
  });

  it('sellers list only their own cards, wrapped once more, total from their count; staff get 403', async () => {
    const own = await s.database.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM gift_cards WHERE seller_id = ${s.users.sellerA.id}`,
    );
    const r = await s.call('GET', 'my-giftcard?page=1', { token: s.users.sellerA.token });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ current_page: 1, per_page: 5, total: own[0].n });
    expect(r.body.data.data.every((c: { seller_id: number }) => c.seller_id === s.users.sellerA.id)).toBe(true);
    expect((await s.call('GET', 'my-giftcard?page=1', { token: s.users.admin.token })).status).toBe(403);
  });

  it("a seller cannot read another seller's card; unknown ids are 404", async () => {
    const theirs = await submitCard(s, s.users.sellerB, { giftcard_offer_id: range, price: 15 });
    const r = await get(theirs, s.users.sellerA.token);
    expect(r.status).toBe(403);
    expect(r.body.data).toBeUndefined();
    expect((await get(theirs, s.users.manager.token)).status).toBe(200);
    expect((await get(999999)).status).toBe(404);
    expect((await s.call('GET', 'gift-card/abc', { token: s.users.admin.token })).status).toBe(404);
  });

  it('searches by card number as it reads (case, punctuation, look-alikes); sellers find only their own', async () => {
    const a = await submitCard(s, s.users.sellerA, { giftcard_offer_id: range, price: 12, card_number: 'SEARCH-A' });
    await submitCard(s, s.users.sellerB, { giftcard_offer_id: range, price: 12, card_number: 'SEARCH-B' });
    const staff = await s.call('POST', 'search-card-number', { token: s.users.admin.token, body: { card_number: 'SEARCH-A' } });
    expect(staff.status).toBe(200);
    expect(staff.body.data).toMatchObject({ id: a, card_number: 'SEARCH-A', title: 'Range 12.5%', price: 12, rate: 1.5, card_status: 0 });
    const own = await s.call('POST', 'search-card-number', { token: s.users.sellerA.token, body: form({ card_number: 'SEARCH-A' }) });
    expect(own.body.data.id).toBe(a);
    // The popup finds what the list's search finds: the same number typed another way (issue 33).
    for (const typed of ['search-a', 'SEARCHA', ' Search a ', '\u0405EARCH-A']) {
      const r = await s.call('POST', 'search-card-number', { token: s.users.admin.token, body: { card_number: typed } });
      expect(r.status, typed).toBe(200);
      expect(r.body.data.id, typed).toBe(a);
    }
    // Like the list's search, a part of a number finds the newest card whose number holds it (issue 31).
    for (const [token, typed, id] of [
      [s.users.admin.token, 'arch-a', a],
      [s.users.sellerA.token, 'SEARCH', a],
    ] as const) {
      const r = await s.call('POST', 'search-card-number', { token, body: { card_number: typed } });
      expect([r.status, r.body.data?.id], typed).toEqual([200, id]);
    }
    for (const [token, number] of [
      [s.users.sellerA.token, 'SEARCH-B'],
      [s.users.sellerA.token, 'search-b'],
      [s.users.admin.token, 'SEARCH-C'],
      [s.users.admin.token, '---'],
    ]) {
      const r = await s.call('POST', 'search-card-number', { token, body: { card_number: number } });
      expect(r.status, number).toBe(404);
      expect(r.body.errorMsg).toBe(MSG.cardNotFound);
      expect(r.body.message).toBe(MSG.cardNotFound);
      expect(r.body.data).toBeUndefined();
    }
    expect((await s.call('POST', 'search-card-number', { token: s.users.admin.token, body: {} })).status).toBe(422);
  });
});

describe('editing cards', () => {
  it('a seller edits their pending card: rate recomputed, status and number ignored, images appended', async () => {
    const id = await submitCard(s, s.users.sellerA, { giftcard_offer_id: range, price: 40 });
    const r = await s.call('POST', `gift-card-update/${id}`, {
      token: s.users.sellerA.token,
      body: form(
        { giftcard_offer_id: fixed, price: 100, rate: 0, card_status: 1, card_number: 'HACK', description: 'now fixed' },
        gallery(JPEG),
      ),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.msg).toBeTruthy();
    const d = (await get(id, s.users.sellerA.token)).body;
    expect(d.data).toMatchObject({
      giftcard_offer_id: fixed,
      price: 100,
      rate: 3,
      card_status: 0,
      card_number: null,
      description: 'now fixed',
      approval_date: null,
    });
    expect(d.images).toHaveLength(2);
  });

  it("a seller cannot touch another seller's card, nor edit a card that is no longer pending", async () => {
    const theirs = await submitCard(s, s.users.sellerB, { giftcard_offer_id: range, price: 40 });
    const before = await snapshot();
    const other = await s.call('POST', `gift-card-update/${theirs}`, {
      token: s.users.sellerA.token,
      body: form({ giftcard_offer_id: range, price: 50 }, gallery(png())),
    });
    expect(other.status).toBe(403);
    expect((await s.call('DELETE', `gift-card/${theirs}`, { token: s.users.sellerA.token })).status).toBe(403);

    expect((await staffUpdate(s, theirs, { giftcard_offer_id: range, price: 40, card_status: 1 })).status).toBe(200);
    const locked = await s.call('POST', `gift-card-update/${theirs}`, {
      token: s.users.sellerB.token,
      body: form({ giftcard_offer_id: range, price: 50 }, gallery(png())),
    });
    expect(locked.status).toBe(422);
    expect(locked.body.errorMsg).toBe(MSG.cardLocked);
    const lockedDelete = await s.call('DELETE', `gift-card/${theirs}`, { token: s.users.sellerB.token });
    expect(lockedDelete.status).toBe(422);
    expect(lockedDelete.body.errorMsg).toBe(MSG.cardLocked);
    expect((await get(theirs)).body.data).toMatchObject({ price: 40, card_status: 1 });
    expect(await snapshot()).toEqual({ ...before });
    expect((await staffUpdate(s, 999999, { giftcard_offer_id: range, price: 40 })).status).toBe(404);
  });

  it('staff set the number and the status; the dates follow and every change is audited', async () => {
    const id = await submitCard(s, s.users.sellerA, { giftcard_offer_id: range, price: 80, description: 'keep me' });
    const approve = await staffUpdate(
      s,
      id,
      { giftcard_offer_id: range, price: 80, card_number: 'NUM-1', card_status: 1 },
      s.users.manager.token,
    );
    expect(approve.status, JSON.stringify(approve.body)).toBe(200);
    let c = (await get(id)).body.data;
    expect(c).toMatchObject({ card_number: 'NUM-1', card_status: 1, rejection_date: null, description: 'keep me', rate: 10, due: 70 });
    expect(Date.now() - Date.parse(c.approval_date)).toBeLessThan(60_000);
    const due = async () =>
      Number((await s.database.query<{ d: string }>(sql`SELECT seller_due::text AS d FROM users WHERE id = ${s.users.sellerA.id}`))[0].d);
    const dueApproved = await due();

    await staffUpdate(s, id, { giftcard_offer_id: range, price: 80, card_status: '2' });
    c = (await get(id)).body.data;
    expect(c).toMatchObject({ card_status: 2, approval_date: null, card_number: 'NUM-1' });
    expect(c.rejection_date).toBeTruthy();
    expect(await due()).toBe(dueApproved - 70);

    await staffUpdate(s, id, { giftcard_offer_id: range, price: 80, card_status: 0, card_number: '' });
    c = (await get(id)).body.data;
    expect(c).toMatchObject({ card_status: 0, approval_date: null, rejection_date: null, card_number: null });

    const audit = await s.database.query<{ action: string; actor_id: number; details: { from?: number; to?: number } }>(
      sql`SELECT action, actor_id, details FROM audit_log WHERE entity = 'gift_card' AND entity_id = ${id} AND action NOT IN ('create', 'update') ORDER BY id`,
    );
    expect(audit.map((a) => [a.action, a.actor_id, a.details.from, a.details.to])).toEqual([
      ['approve', s.users.manager.id, 0, 1],
      ['reject', s.users.admin.id, 1, 2],
      ['set_pending', s.users.admin.id, 2, 0],
    ]);
    const bad = await staffUpdate(s, id, { giftcard_offer_id: range, price: 80, card_status: 5 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.card_status).toBeTruthy();
  });

  it('staff edits are price-checked and refused whole (no row change, no file) on a bad image', async () => {
    const id = await submitCard(s, s.users.sellerB, { giftcard_offer_id: range, price: 20 });
    const out = await staffUpdate(s, id, { giftcard_offer_id: range, price: 500 });
    expect(out.status).toBe(422);
    expect(out.body.errorMsg).toBe(MSG.priceNotInRange);
    const inactive = await staffUpdate(s, id, { giftcard_offer_id: paused, price: 20 });
    expect(inactive.body.errorMsg).toBe(MSG.offerInactive);
    const before = await snapshot();
    const bad = await s.call('POST', `gift-card-update/${id}`, {
      token: s.users.admin.token,
      body: form({ giftcard_offer_id: range, price: 30, card_status: 1 }, gallery(png(), Buffer.from('%PDF-1.4 not an image'))),
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errorMsg).toBe(MSG.notAnImage);
    expect(await snapshot()).toEqual(before);
    expect((await get(id)).body.data).toMatchObject({ price: 20, card_status: 0 });
  });

  it('a card with payments keeps approved status, price and offer and cannot be deleted', async () => {
    const id = await submitCard(s, s.users.sellerA, { giftcard_offer_id: range, price: 60 });
    await staffUpdate(s, id, { giftcard_offer_id: range, price: 60, card_status: 1 });
    await setPaid(id, '5.00');
    for (const body of [
      { giftcard_offer_id: range, price: 60, card_status: 0 },
      { giftcard_offer_id: range, price: 60, card_status: 2 },
      { giftcard_offer_id: range, price: 61 },
      { giftcard_offer_id: fixed, price: 50 },
    ]) {
      const r = await staffUpdate(s, id, body);
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.body.errorMsg).toBe(MSG.cardHasPayments);
    }
    const del = await s.call('DELETE', `gift-card/${id}`, { token: s.users.admin.token });
    expect(del.status).toBe(422);
    expect(del.body.errorMsg).toBe(MSG.cardHasPayments);
    const ok = await staffUpdate(s, id, {
      giftcard_offer_id: range,
      price: 60,
      card_status: 1,
      card_number: 'PAID-1',
      description: 'paid in part',
    });
    expect(ok.status).toBe(200);
    expect((await get(id)).body.data).toMatchObject({ card_status: 1, price: 60, paid_amount: 5, due: 47.5, card_number: 'PAID-1' });
  });
});

describe('deleting cards and images', () => {
  it('a seller deletes their own pending card; its files go too', async () => {
    const id = await submitCard(s, s.users.sellerA, { giftcard_offer_id: range, price: 20 }, [png(), png()]);
    const names = (await get(id)).body.images.map((i: { image: string }) => i.image);
    const r = await s.call('DELETE', `gift-card/${id}`, { token: s.users.sellerA.token });
    expect(r.status).toBe(200);
    expect(r.body.msg).toBeTruthy();
    expect((await get(id)).status).toBe(404);
    for (const n of names) expect(await storedBytes(s, n)).toBeNull();
    expect((await s.call('DELETE', `gift-card/${id}`, { token: s.users.sellerA.token })).status).toBe(404);
  });

  it('staff delete any card without payments, approved included', async () => {
    const id = await submitCard(s, s.users.sellerB, { giftcard_offer_id: range, price: 20 });
    await staffUpdate(s, id, { giftcard_offer_id: range, price: 20, card_status: 1 });
    const cards = await countRows(s, 'gift_cards');
    expect((await s.call('DELETE', `gift-card/${id}`, { token: s.users.manager.token })).status).toBe(200);
    expect(await countRows(s, 'gift_cards')).toBe(cards - 1);
    const counter = await s.database.query<{ v: number }>(sql`SELECT sum(value)::int AS v FROM counters WHERE name = 'gift_cards'`);
    expect(counter[0].v).toBe(cards - 1);
  });

  it('deletes one image with the permission of editing the card; the file goes', async () => {
    const id = await submitCard(s, s.users.sellerA, { giftcard_offer_id: range, price: 20 }, [png(), png()]);
    const [first, second] = (await get(id)).body.images;
    expect((await s.call('DELETE', `delete-giftcard-image/${first.id}`, { token: s.users.sellerB.token })).status).toBe(403);
    const r = await s.call('DELETE', `delete-giftcard-image/${first.id}`, { token: s.users.sellerA.token });
    expect(r.status).toBe(200);
    expect(r.body.msg).toBeTruthy();
    expect(await storedBytes(s, first.image)).toBeNull();
    expect((await get(id)).body.images.map((i: { id: number }) => i.id)).toEqual([second.id]);
    expect((await s.call('DELETE', `delete-giftcard-image/${first.id}`, { token: s.users.sellerA.token })).status).toBe(404);

    await staffUpdate(s, id, { giftcard_offer_id: range, price: 20, card_status: 1 });
    const locked = await s.call('DELETE', `delete-giftcard-image/${second.id}`, { token: s.users.sellerA.token });
    expect(locked.status).toBe(422);
    expect(locked.body.errorMsg).toBe(MSG.cardLocked);
    expect(await storedBytes(s, second.image)).not.toBeNull();
    expect((await s.call('DELETE', `delete-giftcard-image/${second.id}`, { token: s.users.admin.token })).status).toBe(200);
    expect(await storedBytes(s, second.image)).toBeNull();
  });
});

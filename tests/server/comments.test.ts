import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { countRows, createOffer, storedNames, storedBytes, form, png, rangeOffer, submitCard } from '../helpers/cards';

let s: TestServer;
let cardA: number; // sellerA's
let cardB: number; // sellerB's
beforeAll(async () => {
  s = await startTestServer();
  const offer = await createOffer(s, rangeOffer());
  cardA = await submitCard(s, s.users.sellerA, { giftcard_offer_id: offer, price: 20 });
  cardB = await submitCard(s, s.users.sellerB, { giftcard_offer_id: offer, price: 20 });
});
afterAll(async () => s?.close());

const list = (card: number, token: string, page = 1) => s.call('GET', `gift-card-comments/${card}?page=${page}`, { token });
const add = (card: number, token: string, comment: string, image?: Buffer) =>
  s.call('POST', `add-gift-card/${card}`, {
    token,
    body: form({ comment }, image ? [{ field: 'comment_image', data: image, name: 'shot.png' }] : []),
  });

describe('comments', () => {
  it('staff and the owning seller comment; the list is wrapped, 5 a page, newest first, with author and image url', async () => {
    const empty = await list(cardA, s.users.sellerA.token);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ data: { data: [], current_page: 1, per_page: 5, total: 0, last_page: 1 } });

    const withImage = await add(cardA, s.users.admin.token, 'Please send a clearer photo', png());
    expect(withImage.status, JSON.stringify(withImage.body)).toBe(200);
    expect(withImage.body.msg).toBeTruthy();
    const json = await s.call('POST', `add-gift-card/${cardA}`, { token: s.users.sellerA.token, body: { comment: 'Here it is' } });
    expect(json.status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await add(cardA, s.users.manager.token, `note ${i}`)).status).toBe(200);

    const p1 = await list(cardA, s.users.sellerA.token);
    expect(p1.body.data).toMatchObject({ current_page: 1, per_page: 5, total: 6, last_page: 2 });
    expect(p1.body.data.data.map((c: { comment: string }) => c.comment)).toEqual(['note 3', 'note 2', 'note 1', 'note 0', 'Here it is']);
    expect(p1.body.data.data[4]).toMatchObject({
      gift_card_id: cardA,
      user_id: s.users.sellerA.id,
      image: null,
      image_url: null,
      comment_user: { id: s.users.sellerA.id, name: 'Seller A' },
    });
    const p2 = await list(cardA, s.users.admin.token, 2);
    const [first] = p2.body.data.data;
    expect(first).toMatchObject({ comment: 'Please send a clearer photo', comment_user: { id: s.users.admin.id, name: 'Admin' } });
    expect(first.image).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(first.image_url.startsWith(`/storage/images/${first.image}?u=`)).toBe(true);
    const served = await s.app.inject({ method: 'GET', url: first.image_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('a seller gets no staff ids: staff comments show "Staff" without an id, their own keep theirs (issue 49)', async () => {
    const offer = await createOffer(s, rangeOffer({ title: 'No staff ids' }));
    const card = await submitCard(s, s.users.sellerA, { giftcard_offer_id: offer, price: 20 });
    expect((await add(card, s.users.manager.token, 'From staff')).status).toBe(200);
    expect((await add(card, s.users.sellerA.token, 'From the seller')).status).toBe(200);
    const seen = (await list(card, s.users.sellerA.token)).body.data.data;
    expect(seen.map((c: { user_id: number | null; comment_user: unknown }) => [c.user_id, c.comment_user])).toEqual([
      [s.users.sellerA.id, { id: s.users.sellerA.id, name: 'Seller A' }],
      [null, { id: null, name: 'Staff' }],
    ]);
    expect(JSON.stringify(seen)).not.toContain(`"id":${s.users.manager.id},`);
    // Staff still see who wrote what.
    const staff = (await list(card, s.users.admin.token)).body.data.data;
    expect(staff[1]).toMatchObject({ user_id: s.users.manager.id, comment_user: { id: s.users.manager.id, name: 'Manager' } });
  });

  it("a seller cannot read or comment on another seller's card", async () => {
    const before = await countRows(s, 'gift_card_comments');
    expect((await list(cardB, s.users.sellerA.token)).status).toBe(403);
    expect((await add(cardB, s.users.sellerA.token, 'hello')).status).toBe(403);
    expect((await add(cardB, s.users.sellerA.token, 'hello', png())).status).toBe(403);
    expect(await countRows(s, 'gift_card_comments')).toBe(before);
    expect((await list(999999, s.users.admin.token)).status).toBe(404);
    expect((await add(999999, s.users.admin.token, 'x')).status).toBe(404);
    expect((await list(cardA, '')).status).toBe(401);
  });

  it('requires comment text and at most one image', async () => {
    const files = await storedNames(s);
    const noText = await add(cardA, s.users.admin.token, '   ', png());
    expect(noText.status).toBe(422);
    expect(noText.body.errors.comment).toBeTruthy();
    const two = await s.call('POST', `add-gift-card/${cardA}`, {
      token: s.users.admin.token,
      body: form({ comment: 'two' }, [
        { field: 'comment_image', data: png() },
        { field: 'comment_image', data: png() },
      ]),
    });
    expect(two.status).toBe(422);
    expect(two.body.errors.comment_image).toBeTruthy();
    const wrongField = await s.call('POST', `add-gift-card/${cardA}`, {
      token: s.users.admin.token,
      body: form({ comment: 'x' }, [{ field: 'gallery[0]', data: png() }]),
    });
    expect(wrongField.status).toBe(422);
    expect(await storedNames(s)).toEqual(files);
  });

  it('staff delete any comment; a seller only their own, on their own card; the image file goes', async () => {
    await add(cardB, s.users.manager.token, 'staff note on B', png());
    await add(cardB, s.users.sellerB.token, 'seller B note');
    const [mine, staffs] = (await list(cardB, s.users.sellerB.token)).body.data.data;
    expect(mine.comment).toBe('seller B note');

    expect((await s.call('DELETE', `delete-giftcard-comment/${mine.id}`, { token: s.users.sellerA.token })).status).toBe(403);
    expect((await s.call('DELETE', `delete-giftcard-comment/${staffs.id}`, { token: s.users.sellerB.token })).status).toBe(403);
    const own = await s.call('DELETE', `delete-giftcard-comment/${mine.id}`, { token: s.users.sellerB.token });
    expect(own.status).toBe(200);
    expect(own.body.msg).toBeTruthy();

    expect(await storedBytes(s, staffs.image)).not.toBeNull();
    const byStaff = await s.call('DELETE', `delete-giftcard-comment/${staffs.id}`, { token: s.users.admin.token });
    expect(byStaff.status).toBe(200);
    expect(await storedBytes(s, staffs.image)).toBeNull();
    expect((await list(cardB, s.users.admin.token)).body.data.total).toBe(0);
    expect((await s.call('DELETE', `delete-giftcard-comment/${staffs.id}`, { token: s.users.admin.token })).status).toBe(404);
  });

  it('deleting a card removes its comments and their image files', async () => {
    await add(cardA, s.users.admin.token, 'bye', png());
    const images = (await list(cardA, s.users.admin.token)).body.data.data.map((c: { image: string | null }) => c.image).filter(Boolean);
    expect(images.length).toBeGreaterThan(0);
    expect((await s.call('DELETE', `gift-card/${cardA}`, { token: s.users.sellerA.token })).status).toBe(200);
    for (const img of images) expect(await storedBytes(s, img)).toBeNull();
    expect((await list(cardA, s.users.admin.token)).status).toBe(404);
  });
});

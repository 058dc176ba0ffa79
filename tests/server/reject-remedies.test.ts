import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../helpers/server';
import { createOffer, png, rangeOffer, submitCard } from '../helpers/cards';
import { REJECT_REASONS, REJECT_REASON_LABEL } from '../../src/shared/constants';
import { LIMITS } from '../../src/shared/limits';

/** Issue 53: each rejection reason's remedy (what the seller should do), its default texts, admin edits, the seller's card. */
let s: TestServer;
let offer: number;
beforeAll(async () => {
  s = await startTestServer();
  offer = await createOffer(s, rangeOffer({ title: 'Remedies' }));
});
afterAll(async () => s?.close());

const MAX = LIMITS.text.remedyChars.value;
const list = (token: string) => s.call('GET', 'reject-remedies', { token });
const put = (body: Record<string, unknown>, token = s.users.admin.token) => s.call('PUT', 'reject-remedies', { token, body });
const remedyOf = async (reason: string) =>
  ((await list(s.users.admin.token)).body.data as { reason: string; remedy: string }[]).find((r) => r.reason === reason)?.remedy;

describe('reject remedies', () => {
  it('every reason has a plain English default, in list order, readable by every role', async () => {
    for (const who of ['admin', 'manager', 'sellerA'] as const) {
      const r = await list(s.users[who].token);
      expect(r.status).toBe(200);
      const data = r.body.data as { reason: string; label: string; remedy: string; updated_at: string }[];
      expect(data.map((d) => d.reason)).toEqual([...REJECT_REASONS]);
      for (const d of data) {
        expect(d.label).toBe(REJECT_REASON_LABEL[d.reason as keyof typeof REJECT_REASON_LABEL]);
        expect(d.remedy).toMatch(/^[A-Z][^<>]{20,}\.$/);
        expect(d.remedy.length).toBeLessThanOrEqual(MAX);
        expect(new Date(d.updated_at).toISOString()).toBe(d.updated_at);
      }
    }
    expect(await remedyOf('unreadable_image')).toContain('new photos');
    expect((await s.call('GET', 'reject-remedies')).status).toBe(401);
  });

  it('an admin edits one reason (trimmed, audited); the others stay', async () => {
    const others = (await list(s.users.admin.token)).body.data.filter((d: { reason: string }) => d.reason !== 'duplicate');
    const r = await put({ reason: 'duplicate', remedy: '  Check My Gift Cards for this number first.  ' });
    expect(r).toMatchObject({ status: 200, body: { msg: 'Remedy saved' } });
    expect(await remedyOf('duplicate')).toBe('Check My Gift Cards for this number first.');
    const after = (await list(s.users.sellerB.token)).body.data.filter((d: { reason: string }) => d.reason !== 'duplicate');
    expect(after).toEqual(others);
    const [audit] = await s.database.query<{ actor_id: number; details: { reason: string; after: string } }>(
      sql`SELECT actor_id, details FROM audit_log WHERE entity = 'reject_remedy' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit).toMatchObject({
      actor_id: s.users.admin.id,
      details: { reason: 'duplicate', after: 'Check My Gift Cards for this number first.' },
    });
  });

  it('a manager or a seller is refused, and nothing changes', async () => {
    const before = await remedyOf('other');
    for (const who of ['manager', 'sellerA'] as const) {
      const r = await put({ reason: 'other', remedy: `Changed by ${who}.` }, s.users[who].token);
      expect(r.status).toBe(403);
    }
    expect((await s.call('PUT', 'reject-remedies', { body: { reason: 'other', remedy: 'x' } })).status).toBe(401);
    expect(await remedyOf('other')).toBe(before);
  });

  it('the text is required and at most the limit; the reason is one of the list', async () => {
    const before = await remedyOf('wrong_card');
    expect((await put({ reason: 'wrong_card', remedy: 'y'.repeat(MAX) })).status).toBe(200);
    expect(await remedyOf('wrong_card')).toBe('y'.repeat(MAX));
    const tooLong = await put({ reason: 'wrong_card', remedy: 'z'.repeat(MAX + 1) });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors.remedy[0]).toBe(`The remedy field may not be greater than ${MAX} characters.`);
    for (const remedy of ['', '   ', null, 42])
      expect((await put({ reason: 'wrong_card', remedy })).status, JSON.stringify(remedy)).toBe(422);
    for (const reason of ['none', 'WRONG_CARD', '', 7]) {
      const r = await put({ reason, remedy: 'Fine text.' });
      expect(r.status).toBe(422);
      expect(r.body.errors.reason).toBeDefined();
    }
    expect(await remedyOf('wrong_card')).toBe('y'.repeat(MAX));
    expect((await put({ reason: 'wrong_card', remedy: before })).status).toBe(200);
  });

  it("a rejected card's page carries its reason's remedy, as edited; other cards carry none", async () => {
    const seller = s.users.sellerA;
    const rejected = await submitCard(s, seller, { giftcard_offer_id: offer, price: 40 }, [png()]);
    const review = await s.call('POST', `gift-card-review/${rejected}`, {
      token: s.users.manager.token,
      body: { action: 'reject', reject_reason: 'unreadable_image', reject_note: 'The PIN is scratched' },
    });
    expect(review.status, JSON.stringify(review.body)).toBe(200);
    const card = async (token = seller.token) => (await s.call('GET', `gift-card/${rejected}`, { token })).body;

    const first = await card();
    expect(first.remedy).toBe(await remedyOf('unreadable_image'));
    // The card's own fields are as before: reason and note unchanged, no remedy among them.
    expect(first.data).toMatchObject({ card_status: 2, reject_reason: 'unreadable_image', reject_note: 'The PIN is scratched' });
    expect(first.data).not.toHaveProperty('remedy');

    expect((await put({ reason: 'unreadable_image', remedy: 'Photograph the back again without glare.' })).status).toBe(200);
    expect((await card()).remedy).toBe('Photograph the back again without glare.');
    expect((await card(s.users.admin.token)).remedy).toBe('Photograph the back again without glare.');
    // Another seller still cannot read the card.
    expect((await s.call('GET', `gift-card/${rejected}`, { token: s.users.sellerB.token })).status).toBe(403);

    const pending = await submitCard(s, seller, { giftcard_offer_id: offer, price: 30 }, [png()]);
    expect((await s.call('GET', `gift-card/${pending}`, { token: seller.token })).body.remedy).toBeNull();
  });
});

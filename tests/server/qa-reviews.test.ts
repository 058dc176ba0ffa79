import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../helpers/server';
import { createOffer, png, rangeOffer, submitCard } from '../helpers/cards';
import { sampleDecision } from '../../src/server/modules/qa/repository';
import { QA_MSG } from '../../src/shared/qa';

/** Issue 54: QA sampling — a share of decisions gets a second, blind look by another staff member; admins resolve. */
let s: TestServer;
let offer: number;
beforeAll(async () => {
  s = await startTestServer();
  offer = await createOffer(s, rangeOffer({ title: 'QA' }));
});
afterAll(async () => s?.close());

const admin = () => s.users.admin.token;
const manager = () => s.users.manager.token;
const setShare = (decision: string, percent: unknown, token = admin()) =>
  s.call('PUT', 'qa-policy', { token, body: { decision, percent } });
const review = (id: number, body: Record<string, unknown>, token = manager()) => s.call('POST', `gift-card-review/${id}`, { token, body });
const samplesOf = async (card: number) =>
  s.database.query<{ id: number; decision: string; decided_by: number; status: string }>(
    sql`SELECT id, decision, decided_by, status FROM qa_reviews WHERE gift_card_id = ${card} ORDER BY id`,
  );
const newCard = (price = 40) => submitCard(s, s.users.sellerA, { giftcard_offer_id: offer, price }, [png()]);
const tab = async (status: string, token = admin()) => (await s.call('GET', `qa-review?status=${status}`, { token })).body.data as any[];

describe('QA policy', () => {
  it('defaults to 5% of approvals and 10% of rejections; staff read it, only an admin changes it (audited)', async () => {
    const r = await s.call('GET', 'qa-policy', { token: manager() });
    expect(r.body.data).toEqual([
      { decision: 'approve', percent: 5 },
      { decision: 'reject', percent: 10 },
    ]);
    expect((await s.call('GET', 'qa-policy', { token: s.users.sellerA.token })).status).toBe(403);
    expect((await setShare('approve', 50, manager())).status).toBe(403);
    expect(await setShare('approve', 25)).toMatchObject({ status: 200, body: { msg: QA_MSG.policySaved } });
    const [audit] = await s.database.query<{ details: Record<string, unknown> }>(
      sql`SELECT details FROM audit_log WHERE entity = 'qa_review' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit.details).toEqual({ policy: 'approve', before: 5, after: 25 });
    for (const bad of [101, -1, 1.5, '1.5', 'x', '', null]) expect((await setShare('approve', bad)).status, JSON.stringify(bad)).toBe(422);
    expect((await setShare('hold', 5)).status).toBe(422);
    expect((await s.call('GET', 'qa-policy', { token: admin() })).body.data[0]).toEqual({ decision: 'approve', percent: 25 });
  });

  it("samples each kind at its share, over many decisions (the database's random draw)", async () => {
    const card = await newCard();
    const counts: Record<string, number> = {};
    for (const percent of [0, 10, 100]) {
      await setShare('approve', percent);
      await s.database.db.transaction(async (tx) => {
        await tx.execute(sql`DELETE FROM qa_reviews WHERE gift_card_id = ${card}`);
        for (let i = 0; i < 2000; i++) await sampleDecision(tx, card, 'approve', s.users.manager.id, null);
      });
      counts[percent] = (await samplesOf(card)).length;
    }
    expect(counts[0]).toBe(0);
    expect(counts[100]).toBe(2000);
    // 10% of 2000: 200, sd 13.4; five sd either side.
    expect(counts[10]).toBeGreaterThan(133);
    expect(counts[10]).toBeLessThan(267);
    await s.database.query(sql`DELETE FROM qa_reviews WHERE gift_card_id = ${card}`);
  });
});

describe('the second look', () => {
  let approved: number;
  let rejected: number;
  beforeAll(async () => {
    await setShare('approve', 100);
    await setShare('reject', 100);
    approved = await newCard(41);
    rejected = await newCard(42);
    expect((await review(approved, { action: 'approve' })).status).toBe(200);
    expect((await review(rejected, { action: 'reject', reject_reason: 'unreadable_image' })).status).toBe(200);
  });

  it('every decision of a sampled kind is sampled once, with its maker; none at 0%', async () => {
    expect(await samplesOf(approved)).toMatchObject([{ decision: 'approve', decided_by: s.users.manager.id, status: 'open' }]);
    expect(await samplesOf(rejected)).toMatchObject([{ decision: 'reject', status: 'open' }]);
    await setShare('approve', 0);
    const unsampled = await newCard(43);
    const bulk = await s.call('POST', 'gift-card-review-bulk', { token: manager(), body: { ids: [unsampled], action: 'approve' } });
    expect(bulk.status).toBe(200);
    expect(await samplesOf(unsampled)).toEqual([]);
    await setShare('approve', 100);
  });

  it('is blind: the open list and the sample leave out the first decision, its maker and the card status', async () => {
    const [sample] = await samplesOf(approved);
    const open = await tab('open');
    const item = open.find((o) => o.id === sample.id);
    expect(item).toMatchObject({ gift_card_id: approved, status: 'open', first: null, qa: null, resolution: null });
    // The maker does not see their own decisions to look at again.
    expect((await tab('open', manager())).some((o) => o.id === sample.id)).toBe(false);
    const detail = await s.call('GET', `qa-review/${sample.id}`, { token: admin() });
    expect(detail.status).toBe(200);
    expect(detail.body.data.card).toMatchObject({ offer: 'QA', price: 41 });
    expect(detail.body.data.card.images).toHaveLength(1);
    expect(detail.body.data.first).toBeNull();
    const text = JSON.stringify(detail.body);
    expect(text).not.toContain(s.users.manager.name);
    expect(text).not.toContain('card_status');
    expect((await s.call('GET', `qa-review/${sample.id}`, { token: s.users.sellerA.token })).status).toBe(403);
    expect((await s.call('GET', 'qa-review/999999', { token: admin() })).status).toBe(404);
  });

  it('the maker may not give the second look; another staff member does, once; agreeing reveals the first decision', async () => {
    const [sample] = await samplesOf(approved);
    const own = await s.call('POST', `qa-review/${sample.id}`, { token: manager(), body: { decision: 'approve' } });
    expect(own).toMatchObject({ status: 403, body: { message: QA_MSG.ownDecision } });
    const seller = await s.call('POST', `qa-review/${sample.id}`, { token: s.users.sellerB.token, body: { decision: 'approve' } });
    expect(seller.status).toBe(403);
    const r = await s.call('POST', `qa-review/${sample.id}`, { token: admin(), body: { decision: 'approve', note: 'Looks fine' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.msg).toBe(QA_MSG.agreed);
    expect(r.body.data).toMatchObject({
      status: 'agreed',
      first: { decision: 'approve', reason: null, by: { id: s.users.manager.id } },
      qa: { decision: 'approve', note: 'Looks fine', by: { id: s.users.admin.id } },
    });
    const again = await s.call('POST', `qa-review/${sample.id}`, { token: admin(), body: { decision: 'reject', reason: 'other' } });
    expect(again).toMatchObject({ status: 409, body: { message: QA_MSG.notOpen } });
    expect((await tab('done')).some((o) => o.id === sample.id)).toBe(true);
  });

  it('a rejection needs its reason; a different reason is a disagreement; only an admin resolves it, once', async () => {
    const [sample] = await samplesOf(rejected);
    const noReason = await s.call('POST', `qa-review/${sample.id}`, { token: admin(), body: { decision: 'reject' } });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors.reason).toBeDefined();
    for (const body of [{ decision: 'hold' }, { decision: 'reject', reason: 'nope' }, {}, { decision: 'approve', note: 'n'.repeat(1001) }])
      expect((await s.call('POST', `qa-review/${sample.id}`, { token: admin(), body })).status, JSON.stringify(body)).toBe(422);
    const r = await s.call('POST', `qa-review/${sample.id}`, {
      token: admin(),
      body: { decision: 'reject', reason: 'wrong_card' },
    });
    expect(r.body).toMatchObject({ msg: QA_MSG.disagreed, data: { status: 'disagreed', first: { reason: 'unreadable_image' } } });
    expect((await tab('disagreed')).map((o) => o.id)).toContain(sample.id);

    const resolve = (body: Record<string, unknown>, token = admin()) => s.call('POST', `qa-review-resolve/${sample.id}`, { token, body });
    expect((await resolve({ resolution: 'qa', note: 'Wrong brand' }, manager())).status).toBe(403);
    expect((await resolve({ resolution: 'both', note: 'x' })).status).toBe(422);
    expect((await resolve({ resolution: 'qa', note: '  ' })).status).toBe(422);
    expect(await resolve({ resolution: 'qa', note: 'Wrong brand' })).toMatchObject({ status: 200, body: { msg: QA_MSG.resolved } });
    expect(await resolve({ resolution: 'first', note: 'again' })).toMatchObject({ status: 409, body: { message: QA_MSG.notDisagreed } });
    const done = (await tab('done')).find((o) => o.id === sample.id);
    expect(done).toMatchObject({ status: 'resolved', resolution: { result: 'qa', note: 'Wrong brand', by: { id: s.users.admin.id } } });
  });

  it("the card's history shows the QA outcome to staff, never to its seller", async () => {
    const history = async (card: number, token: string) =>
      (await s.call('GET', `gift-card-history/${card}`, { token })).body.data as { data: { kind: string; note?: string }[]; total: number };
    const staff = await history(rejected, admin());
    const notes = staff.data.filter((e) => e.kind === 'qa').map((e) => e.note);
    expect(notes).toEqual([
      'QA disagreement resolved: the second look was right (Wrong brand)',
      'QA second look disagreed with the rejection: it would reject (Wrong card or offer)',
    ]);
    const seller = await history(rejected, s.users.sellerA.token);
    expect(seller.data.some((e) => e.kind === 'qa')).toBe(false);
    expect(seller.total).toBe(staff.total - 2);
    const agreed = await history(approved, manager());
    expect(agreed.data.find((e) => e.kind === 'qa')?.note).toBe('QA second look agreed with the approval');
  });
});

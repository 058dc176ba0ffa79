import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PASSWORD, startTestServer, type TestServer, type TestUser } from '../helpers/server';
import { insertCard, insertOffer } from '../helpers/ledger-fixtures';
import { checkLedgerInvariants } from '../helpers/invariants';
import { createJobRunner } from '../../src/server/modules/jobs/runner';
import { sellerTrustJob } from '../../src/server/modules/trust/job';
import { SELLER_TRUST_JOB } from '../../src/server/modules/trust/repository';
import { TRUST_START, TRUST_WEIGHTS, trustScore } from '../../src/server/modules/trust/score';

/** Issue 54, seller trust: the score's factors, the job that recomputes it, the policy, the list, the queue and the hold. */
const DAY = 24 * 60 * 60 * 1000;
let s: TestServer;
let offer: number;
beforeAll(async () => {
  s = await startTestServer();
  offer = await insertOffer(s.database, { rateType: 1, rate: '0' });
});
afterAll(async () => {
  await checkLedgerInvariants(s.database);
  await s?.close();
});

const admin = () => s.users.admin.token;
/** The seller-trust jobs queued so far, run now as the server's runner would (tests run with JOBS=0). */
const runTrustJobs = () => createJobRunner(s.database, { [SELLER_TRUST_JOB]: sellerTrustJob() }, { leaseSeconds: 30 }).drain();
const trustOf = async (seller: TestUser, token = admin()) => s.call('GET', `seller-trust/${seller.id}`, { token });
const queued = async (seller: TestUser) =>
  (
    await s.database.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM jobs WHERE kind = ${SELLER_TRUST_JOB} AND key = ${String(seller.id)} AND status = 'queued'`,
    )
  )[0]!.n;
/** As if the job had scored the seller so (a row in seller_trust: no first-look scoring replaces it). */
async function setScore(seller: TestUser, score: number) {
  await s.database.query(sql`UPDATE users SET trust_score = ${score} WHERE id = ${seller.id}`);
  await s.database.query(sql`INSERT INTO seller_trust (seller_id, factors) VALUES (${seller.id}, '[]') ON CONFLICT (seller_id) DO NOTHING`);
}
const pending = (seller: TestUser, dueInMinutes: number) =>
  insertCard(s.database, { sellerId: seller.id, offerId: offer, price: '30.00', status: 0 }).then(async (id) => {
    await s.database.query(sql`UPDATE gift_cards SET review_due_at = now() + make_interval(mins => ${dueInMinutes}) WHERE id = ${id}`);
    return id;
  });
const review = (card: number, body: Record<string, unknown>) => s.call('POST', `gift-card-review/${card}`, { token: admin(), body });

describe('the score', () => {
  it('is the documented formula: start 50, + age and approvals (capped), − rejections by reason, clawbacks, duplicates, appeals', () => {
    expect(trustScore({ accountDays: 0, approvals: 0, rejections: {}, clawbacks: 0, duplicates: 0, appealsUpheld: 0 })).toEqual({
      score: TRUST_START,
      factors: [{ key: 'start', label: 'Starting score', count: 1, points: 50 }],
    });
    const r = trustScore({
      accountDays: 95,
      approvals: 12,
      rejections: { suspected_fraud: 1, unreadable_image: 2 },
      clawbacks: 1,
      duplicates: 1,
      appealsUpheld: 1,
    });
    const points = Object.fromEntries(r.factors.map((f) => [f.key, f.points]));
    expect(points).toEqual({
      start: 50,
      account_age: 3,
      approvals: 2,
      rejected_unreadable_image: -2,
      rejected_suspected_fraud: -10,
      clawbacks: -8,
      duplicates: -5,
      appeals_upheld: -3,
    });
    expect(r.score).toBe(50 + 3 + 2 - 2 - 10 - 8 - 5 - 3);
    expect(r.factors.find((f) => f.key === 'rejected_suspected_fraud')!.label).toBe('Rejected (Suspected fraud): 1');
    // Capped contributions, and the sum kept within 0..100.
    expect(
      trustScore({ accountDays: 10_000, approvals: 10_000, rejections: {}, clawbacks: 0, duplicates: 0, appealsUpheld: 0 }).score,
    ).toBe(50 + TRUST_WEIGHTS.accountMax + TRUST_WEIGHTS.approvalsMax);
    expect(
      trustScore({ accountDays: 0, approvals: 0, rejections: { suspected_fraud: 20 }, clawbacks: 0, duplicates: 0, appealsUpheld: 0 })
        .score,
    ).toBe(0);
  });

  it('a seller never scored is scored on first look; a decision queues the job (once), which recomputes from the history', async () => {
    const seller = await s.createUser('seller');
    await s.database.query(sql`UPDATE users SET created_at = now() - interval '95 days' WHERE id = ${seller.id}`);
    const first = await trustOf(seller);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ seller_id: seller.id, score: 53, band: 'normal', hold_days: 0 });
    expect(first.body.data.factors.map((f: { key: string }) => f.key)).toEqual(['start', 'account_age']);
    expect(Date.parse(first.body.data.computed_at)).toBeGreaterThan(Date.now() - 60_000);

    // History: 10 approved cards (+2), then two rejections decided through the API.
    for (let i = 0; i < 10; i++) await insertCard(s.database, { sellerId: seller.id, offerId: offer, price: '10.00' });
    const [a, b] = [await pending(seller, 60), await pending(seller, 60)];
    expect(await queued(seller)).toBe(0);
    expect((await review(a, { action: 'reject', reject_reason: 'suspected_fraud' })).status).toBe(200);
    expect((await review(b, { action: 'reject', reject_reason: 'unreadable_image' })).status).toBe(200);
    expect(await queued(seller)).toBe(1); // de-duplicated while it waits
    // The stored score stands until the job runs (the list shows it so) ...
    expect((await s.call('GET', 'seller-lists?per_page=100', { token: admin() })).body.data).toContainEqual(
      expect.objectContaining({ id: seller.id, trust_score: 53 }),
    );
    expect(await runTrustJobs()).toBeGreaterThanOrEqual(1);
    expect(await queued(seller)).toBe(0);
    const after = (await trustOf(seller)).body.data;
    expect(after.score).toBe(50 + 3 + 2 - 10 - 1);
    expect(after.factors).toContainEqual({
      key: 'rejected_suspected_fraud',
      label: 'Rejected (Suspected fraud): 1',
      count: 1,
      points: -10,
    });
    expect(after.factors).toContainEqual({ key: 'approvals', label: 'Cards approved: 10', count: 10, points: 2 });
  });

  it('with JOBS off, staff reading the trust see the score follow a new rejection; the waiting job is taken, not run twice', async () => {
    expect(s.config.JOBS).toBe(false);
    const seller = await s.createUser('seller');
    expect((await trustOf(seller)).body.data.score).toBe(50);
    const card = await pending(seller, 60);
    expect((await review(card, { action: 'reject', reject_reason: 'suspected_fraud' })).status).toBe(200);
    expect(await queued(seller)).toBe(1);
    const read = await trustOf(seller);
    expect(read.body.data.score).toBe(50 - 10);
    expect(read.body.data.factors).toContainEqual(expect.objectContaining({ key: 'rejected_suspected_fraud', count: 1 }));
    expect(await queued(seller)).toBe(0);
    const [job] = await s.database.query<{ status: string }>(
      sql`SELECT status FROM jobs WHERE kind = ${SELLER_TRUST_JOB} AND key = ${String(seller.id)} ORDER BY id DESC LIMIT 1`,
    );
    expect(job!.status).toBe('done');
    // The seller list now shows it too; a second rejection is followed the same way.
    expect((await s.call('GET', 'seller-lists?per_page=100&sort=trust', { token: admin() })).body.data).toContainEqual(
      expect.objectContaining({ id: seller.id, trust_score: 40 }),
    );
    expect((await review(await pending(seller, 60), { action: 'reject', reject_reason: 'used_or_zero_balance' })).status).toBe(200);
    expect((await trustOf(seller)).body.data.score).toBe(50 - 10 - 4);
    // A job a runner holds (leased) is left to it, but the read still scores the history as it is.
    expect((await review(await pending(seller, 60), { action: 'reject', reject_reason: 'other' })).status).toBe(200);
    await s.database.query(
      sql`UPDATE jobs SET locked_until = now() + interval '1 minute' WHERE kind = ${SELLER_TRUST_JOB} AND key = ${String(seller.id)} AND status = 'queued'`,
    );
    expect((await trustOf(seller)).body.data.score).toBe(36 - 2);
    const [held] = await s.database.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM jobs WHERE kind = ${SELLER_TRUST_JOB} AND key = ${String(seller.id)} AND status = 'queued' AND locked_until IS NOT NULL`,
    );
    expect(held!.n).toBe(1);
    await s.database.query(sql`DELETE FROM jobs WHERE kind = ${SELLER_TRUST_JOB} AND key = ${String(seller.id)} AND status = 'queued'`);
  });

  it("a clawback queues the job, and the seller's score loses its weight; its reversal gives it back", async () => {
    const seller = await s.createUser('seller');
    const card = await insertCard(s.database, { sellerId: seller.id, offerId: offer, price: '40.00' });
    const paid = await s.call('POST', 'transaction', {
      token: admin(),
      body: { code: `TRUST-${card}`, transaction_amount: 40, gidcard_id: card },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect((await trustOf(seller)).body.data.score).toBe(50);
    const d = await s.call('POST', `gift-card-dispute/${card}`, { token: admin(), body: { reason: 'used' } });
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    expect(await queued(seller)).toBe(1);
    await runTrustJobs();
    const clawed = (await trustOf(seller)).body.data;
    expect(clawed.score).toBe(50 + TRUST_WEIGHTS.clawback);
    expect(clawed.factors).toContainEqual({ key: 'clawbacks', label: 'Clawbacks: 1', count: 1, points: -8 });
    expect((await s.call('POST', `gift-card-dispute-resolve/${card}`, { token: admin(), body: {} })).status).toBe(200);
    await runTrustJobs();
    expect((await trustOf(seller)).body.data.score).toBe(50); // approved again (0 points for 1 approval), no clawback
  });

  it('a card repeating an earlier card number counts as a duplicate', async () => {
    const [one, two] = [await s.createUser('seller'), await s.createUser('seller')];
    await insertCard(s.database, { sellerId: one.id, offerId: offer, price: '10.00', cardNumber: 'DUP-7000-1111' });
    const copy = await insertCard(s.database, { sellerId: two.id, offerId: offer, price: '10.00', status: 0, cardNumber: 'dup 7000 1111' });
    expect((await review(copy, { action: 'reject', reject_reason: 'duplicate' })).status).toBe(200);
    await runTrustJobs();
    const t = (await trustOf(two)).body.data;
    expect(t.factors).toContainEqual(expect.objectContaining({ key: 'duplicates', count: 1, points: -5 }));
    expect(t.score).toBe(50 - 5 - 5);
    expect((await trustOf(one)).body.data.score).toBe(50); // the first card is no duplicate
  });
});

describe('the trust policy', () => {
  it('staff read it; only admins edit it, audited; the bands stay in order', async () => {
    const read = await s.call('GET', 'trust-policy', { token: s.users.manager.token });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual([
      { band: 'low', min_score: 0, max_score: 39, hold_days: 7 },
      { band: 'normal', min_score: 40, max_score: 69, hold_days: 0 },
      { band: 'high', min_score: 70, max_score: 100, hold_days: 0 },
    ]);
    const put = (body: Record<string, unknown>, token = admin()) => s.call('PUT', 'trust-policy', { token, body });
    expect((await put({ band: 'normal', min_score: 45, hold_days: 1 }, s.users.manager.token)).status).toBe(403);
    expect((await put({ band: 'low', min_score: 5, hold_days: 7 })).status).toBe(422);
    expect((await put({ band: 'normal', min_score: 70, hold_days: 0 })).status).toBe(422);
    expect((await put({ band: 'high', min_score: 101, hold_days: 0 })).status).toBe(422);
    expect((await put({ band: 'high', min_score: 80, hold_days: 400 })).status).toBe(422);
    const ok = await put({ band: 'normal', min_score: 45, hold_days: 1 });
    expect(ok.status).toBe(200);
    expect(ok.body.msg).toBe('Trust policy saved.');
    const [audit] = await s.database.query<{ actor_id: number; details: unknown }>(
      sql`SELECT actor_id, details FROM audit_log WHERE entity = 'trust_policy' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit).toMatchObject({
      actor_id: s.users.admin.id,
      details: { band: 'normal', before: { min_score: 40, hold_days: 0 }, after: { min_score: 45, hold_days: 1 } },
    });
    expect((await s.call('GET', 'trust-policy', { token: admin() })).body.data[0]).toMatchObject({ band: 'low', max_score: 44 });
    expect((await put({ band: 'normal', min_score: 40, hold_days: 0 })).status).toBe(200);
  });
});

describe('sellers never see trust', () => {
  it('a seller gets 403 on every trust call and no trust field in their answers', async () => {
    const seller = s.users.sellerA;
    const t = seller.token;
    expect((await s.call('GET', `seller-trust/${seller.id}`, { token: t })).status).toBe(403);
    expect((await s.call('GET', 'trust-policy', { token: t })).status).toBe(403);
    expect((await s.call('PUT', 'trust-policy', { token: t, body: { band: 'low', min_score: 0, hold_days: 1 } })).status).toBe(403);
    expect((await s.call('GET', 'seller-lists', { token: t })).status).toBe(403);
    await pending(seller, 60);
    const login = await s.call('POST', 'login', { body: { email: seller.email, password: PASSWORD } });
    expect(JSON.stringify(login.body)).not.toMatch(/trust/i);
    for (const url of ['seller-due', 'my-giftcard?page=1', 'dashboard-figures', 'my-transaction?page=1']) {
      const r = await s.call('GET', url, { token: t });
      expect(r.status, url).toBe(200);
      expect(JSON.stringify(r.body), url).not.toMatch(/trust/i);
    }
  });
});

describe('the seller list', () => {
  it('sorts by trust and filters by band', async () => {
    const sellers = [
      await s.createUser('seller', 'Trust Low'),
      await s.createUser('seller', 'Trust High'),
      await s.createUser('seller', 'Trust Mid'),
    ];
    await setScore(sellers[0]!, 12);
    await setScore(sellers[1]!, 88);
    await setScore(sellers[2]!, 41);
    const list = async (q: string) => (await s.call('GET', `seller-lists?per_page=100&${q}`, { token: admin() })).body;
    const asc = await list('sort=trust');
    const scores = asc.data.map((r: { trust_score: number }) => r.trust_score);
    expect(scores).toEqual([...scores].sort((x: number, y: number) => x - y));
    expect(asc.data[0]).toMatchObject({ id: sellers[0]!.id, trust_score: 12, trust_band: 'low' });
    expect((await list('sort=-trust')).data[0]).toMatchObject({ id: sellers[1]!.id, trust_band: 'high' });
    const low = await list('trust_band=low');
    expect(low.data.map((r: { id: number }) => r.id)).toContain(sellers[0]!.id);
    expect(low.data.every((r: { trust_band: string }) => r.trust_band === 'low')).toBe(true);
    const high = await list('trust_band=high&sort=trust');
    expect(high.data.map((r: { id: number }) => r.id)).toEqual([sellers[1]!.id]);
    expect((await s.call('GET', 'seller-lists?trust_band=bad', { token: admin() })).status).toBe(422);
    // Keyset paging by trust walks the same rows as one page.
    const paged = async (q: string) => (await s.call('GET', `seller-lists?sort=trust&per_page=2&${q}`, { token: admin() })).body;
    const p1 = await paged('cursor=page');
    const p2 = await paged(`page=2&cursor=${p1.next_cursor}`);
    expect([...p1.data, ...p2.data].map((r: { id: number }) => r.id)).toEqual(asc.data.slice(0, 4).map((r: { id: number }) => r.id));
  });
});

describe('the sellers CSV', () => {
  it("carries each seller's trust score and band after the spec's columns, as the list shows them, with its filter", async () => {
    const [low, high] = [await s.createUser('seller', 'Csv Low'), await s.createUser('seller', 'Csv High')];
    await setScore(low, 7);
    await setScore(high, 95);
    const csv = async (q: string) => {
      const res = await s.app.inject({
        method: 'GET',
        url: `/api/export/seller-lists?${q}`,
        headers: { authorization: `Bearer ${admin()}` },
      });
      expect(res.statusCode).toBe(200);
      return { header: res.body.split('\n')[0], rows: parse(res.body, { columns: true }) as Record<string, string>[] };
    };
    const list = async (q: string) =>
      (await s.call('GET', `seller-lists?per_page=100&${q}`, { token: admin() })).body.data as {
        id: number;
        trust_score: number;
        trust_band: string;
      }[];
    const all = await csv('');
    expect(all.header).toBe('id,name,email,seller_due,created_at,trust_score,trust_band');
    const byId = new Map(all.rows.map((r) => [Number(r.id), r]));
    expect(byId.get(low.id)).toMatchObject({ name: 'Csv Low', trust_score: '7', trust_band: 'low' });
    expect(byId.get(high.id)).toMatchObject({ trust_score: '95', trust_band: 'high' });
    const shown = await list('');
    expect(shown.length).toBe(all.rows.length);
    for (const r of shown)
      expect(byId.get(r.id), String(r.id)).toMatchObject({ trust_score: String(r.trust_score), trust_band: r.trust_band });
    // Filtered by band: the list's rows exactly, each in that band.
    const lowCsv = await csv('trust_band=low');
    expect(lowCsv.rows.map((r) => Number(r.id)).sort()).toEqual((await list('trust_band=low')).map((r) => r.id).sort());
    expect(lowCsv.rows.map((r) => Number(r.id))).toContain(low.id);
    expect(lowCsv.rows.every((r) => r.trust_band === 'low')).toBe(true);
    // The band follows the policy, as the list's does.
    expect((await s.call('PUT', 'trust-policy', { token: admin(), body: { band: 'high', min_score: 96, hold_days: 0 } })).status).toBe(200);
    expect((await csv('')).rows.find((r) => Number(r.id) === high.id)).toMatchObject({ trust_band: 'normal' });
    expect((await list('')).find((r) => r.id === high.id)).toMatchObject({ trust_band: 'normal' });
    expect((await s.call('PUT', 'trust-policy', { token: admin(), body: { band: 'high', min_score: 70, hold_days: 0 } })).status).toBe(200);
  });
});

describe('the review queue', () => {
  it("hands out low-trust sellers' pending cards first, then due first as before", async () => {
    await s.database.query(
      sql`UPDATE gift_cards SET card_status = 2, reject_reason = 'other', rejection_date = now() WHERE card_status = 0`,
    );
    const [normal, risky] = [await s.createUser('seller'), await s.createUser('seller')];
    const early = await pending(normal, 10);
    const late = await pending(risky, 120);
    const later = await pending(normal, 30);
    const next = async (skip: number[]) =>
      (await s.call('POST', 'gift-card-review-next', { token: admin(), body: { skip } })).body.card?.id ?? null;
    expect(await next([])).toBe(early); // everyone normal: due first
    await setScore(risky, 20);
    expect(await next([])).toBe(late); // the low seller's card first, though due last
    expect(await next([late])).toBe(early);
    expect(await next([late, early])).toBe(later);
    await s.database.query(sql`DELETE FROM card_review_claims`);
  });
});

describe('the hold length', () => {
  it("a card approved while its seller is in a band with a hold is held the longer of the band's and the offer's days", async () => {
    const [low, high] = [await s.createUser('seller'), await s.createUser('seller')];
    await setScore(low, 10);
    await setScore(high, 90);
    const holdOf = async (card: number) => (await s.call('GET', `gift-card-money/${card}`, { token: admin() })).body.data.hold;
    const approve = async (seller: TestUser, offerId = offer) => {
      const id = await insertCard(s.database, { sellerId: seller.id, offerId, price: '25.00', status: 0 });
      expect((await review(id, { action: 'approve' })).status).toBe(200);
      return id;
    };
    const lowCard = await approve(low);
    const h = await holdOf(lowCard);
    expect(h).toMatchObject({ reason: null });
    expect(Date.parse(h.until) - Date.now()).toBeGreaterThan(7 * DAY - 60_000);
    expect(Date.parse(h.until) - Date.now()).toBeLessThanOrEqual(7 * DAY);
    expect(await holdOf(await approve(high))).toBeNull();
    // An offer's longer hold wins; the band's longer hold wins over a shorter offer's.
    const long = await insertOffer(s.database, { title: 'Long hold' });
    await s.database.query(sql`UPDATE gift_card_offers SET hold_days = 10 WHERE id = ${long}`);
    expect(Date.parse((await holdOf(await approve(low, long))).until) - Date.now()).toBeGreaterThan(10 * DAY - 60_000);
    await s.database.query(sql`UPDATE gift_card_offers SET hold_days = 2 WHERE id = ${long}`);
    expect(Date.parse((await holdOf(await approve(low, long))).until) - Date.now()).toBeGreaterThan(7 * DAY - 60_000);
    // The trust answer of a seller whose history is low (6 rejections: 50 − 12) names the band's hold.
    const risky = await s.createUser('seller');
    for (let i = 0; i < 6; i++) await insertCard(s.database, { sellerId: risky.id, offerId: offer, price: '5.00', status: 2 });
    expect((await trustOf(risky)).body.data).toMatchObject({ score: 38, band: 'low', hold_days: 7 });
  });

  it('an unknown seller, a staff member or a bad id is a 404', async () => {
    expect((await s.call('GET', 'seller-trust/999999', { token: admin() })).status).toBe(404);
    expect((await s.call('GET', `seller-trust/${s.users.manager.id}`, { token: admin() })).status).toBe(404);
    expect((await s.call('GET', 'seller-trust/abc', { token: admin() })).status).toBe(404);
  });
});

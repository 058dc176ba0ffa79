import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { fillKeys } from '../helpers/db';
import { createOffer, rangeOffer, staffUpdate, submitCard } from '../helpers/cards';
import { SEARCH_TOTAL_CAP, TOTAL_CAP } from '../../src/shared/list-queries';

/**
 * Work queues (issue 13): the list calls' filters, search, sorts and sizes on a real database. Cards are made through
 * the API; their dates are then set in SQL so the date filters have something to tell apart.
 */
let s: TestServer;
let offerA: number;
let offerB: number;
const cards: Record<string, number> = {};
const admin = () => s.users.admin.token;
const get = (url: string, token = admin()) => s.call('GET', url, { token });
const ids = (body: { data: { id: number }[] }) => body.data.map((r) => r.id);

async function setDates(id: number, created: string, approved: string | null) {
  await s.database.query(
    sql`UPDATE gift_cards SET created_at = ${created}::timestamptz, approval_date = ${approved}::timestamptz WHERE id = ${id}`,
  );
}

beforeAll(async () => {
  s = await startTestServer();
  offerA = await createOffer(s, rangeOffer({ title: 'Amazon 100% Promo_1' }));
  offerB = await createOffer(s, rangeOffer({ title: 'Steam Wallet' }));
  const { sellerA, sellerB } = s.users;
  cards.a1 = await submitCard(s, sellerA, { giftcard_offer_id: offerA, price: 40, card_number: 'AMZ-1001-7781' });
  cards.a2 = await submitCard(s, sellerA, { giftcard_offer_id: offerB, price: 80, card_number: 'STM 2002' });
  cards.a3 = await submitCard(s, sellerA, { giftcard_offer_id: offerA, price: 60, card_number: 'AMZ-3003' });
  cards.b1 = await submitCard(s, sellerB, { giftcard_offer_id: offerA, price: 50, card_number: 'AMZ-1001-9999' });
  cards.b2 = await submitCard(s, sellerB, { giftcard_offer_id: offerB, price: 70, card_number: 'STM\\50%_x' });
  const decide = async (id: number, offer: number, price: number, extra: Record<string, unknown>) =>
    expect((await staffUpdate(s, id, { giftcard_offer_id: offer, price, ...extra })).status).toBe(200);
  await decide(cards.a2, offerB, 80, { card_status: 1 });
  await decide(cards.b1, offerA, 50, { card_status: 1 });
  await decide(cards.b2, offerB, 70, { card_status: 2, reject_reason: 'other' });
  await setDates(cards.a1, '2026-01-05T10:00:00Z', null);
  await setDates(cards.a2, '2026-02-10T10:00:00Z', '2026-03-01T10:00:00Z');
  await setDates(cards.a3, '2026-03-15T10:00:00Z', null);
  await setDates(cards.b1, '2026-01-20T10:00:00Z', '2026-02-01T10:00:00Z');
  await setDates(cards.b2, '2026-02-25T10:00:00Z', null);
  const pay = await s.call('POST', 'transaction', {
    token: admin(),
    body: { code: 'PAY-ABC-1', seller_id: sellerA.id, transaction_amount: 10 },
  });
  expect(pay.status, JSON.stringify(pay.body)).toBe(200);
  const pay2 = await s.call('POST', 'transaction', {
    token: admin(),
    body: { code: 'PAY-XYZ-2', seller_id: sellerB.id, transaction_amount: 5 },
  });
  expect(pay2.status, JSON.stringify(pay2.body)).toBe(200);
});
afterAll(() => s?.close());

describe('card lists', () => {
  it('without new parameters answers exactly as the spec: 5 a page, newest first, no extra field', async () => {
    const r = await get('gift-card?page=1');
    expect(Object.keys(r.body).sort()).toEqual(['current_page', 'data', 'last_page', 'per_page', 'total']);
    expect(r.body.per_page).toBe(5);
    expect(ids(r.body)).toEqual([cards.b2, cards.b1, cards.a3, cards.a2, cards.a1]);
  });

  it('filters by each parameter', async () => {
    expect(ids((await get('gift-card?status=0')).body)).toEqual([cards.a3, cards.a1]);
    expect(ids((await get(`gift-card?seller_id=${s.users.sellerB.id}`)).body)).toEqual([cards.b2, cards.b1]);
    expect(ids((await get(`gift-card?offer_id=${offerB}`)).body)).toEqual([cards.b2, cards.a2]);
    expect(ids((await get('gift-card?from=2026-02-01&to=2026-02-28')).body)).toEqual([cards.b2, cards.a2]);
    expect(ids((await get('gift-card?date_field=approved&from=2026-02-15')).body)).toEqual([cards.a2]);
    expect(ids((await get('gift-card?min_price=55&max_price=75')).body)).toEqual([cards.b2, cards.a3]);
    expect(ids((await get('gift-card?has_due=1')).body)).toEqual([cards.b1, cards.a2]);
    expect(ids((await get('gift-card?has_due=0')).body)).toEqual([cards.b2, cards.a3, cards.a1]);
  });

  it('every combination of two filters is the intersection of each alone', async () => {
    const filters = [
      'status=0',
      'status=1',
      `seller_id=${s.users.sellerA.id}`,
      `offer_id=${offerA}`,
      'from=2026-02-01',
      'to=2026-02-28',
      'min_price=55',
      'has_due=1',
      'q=amz',
    ];
    const alone = new Map<string, number[]>();
    for (const f of filters) alone.set(f, ids((await get(`gift-card?per_page=100&${f}`)).body));
    for (const [i, f] of filters.entries())
      for (const g of filters.slice(i + 1)) {
        if (f.split('=')[0] === g.split('=')[0]) continue;
        const both = ids((await get(`gift-card?per_page=100&${f}&${g}`)).body);
        expect(both, `${f} & ${g}`).toEqual(alone.get(f)!.filter((id) => alone.get(g)!.includes(id)));
      }
  });

  it('q finds a card number whatever its case and punctuation, a seller, an offer title', async () => {
    expect(ids((await get('gift-card?q=amz10017781')).body)).toEqual([cards.a1]);
    expect(ids((await get('gift-card?q=AMZ-1001-7781')).body)).toEqual([cards.a1]);
    expect(ids((await get('gift-card?q=amz 1001')).body)).toEqual([cards.b1, cards.a1]);
    expect(ids((await get(`gift-card?q=${encodeURIComponent(s.users.sellerB.email.toUpperCase())}`)).body)).toEqual([cards.b2, cards.b1]);
    expect(ids((await get('gift-card?q=steam wal')).body)).toEqual([cards.b2, cards.a2]);
  });

  it('number finds every card whose number holds it and nothing else: the Search Gift Card popup (issue 55)', async () => {
    // "1001" is in two card numbers; "steam" is an offer's title, not a number; a seller's number stays theirs.
    const all = (await get('gift-card?number=1001')).body;
    expect([ids(all), all.total]).toEqual([[cards.b1, cards.a1], 2]);
    expect(ids((await get('gift-card?number=amz.1001')).body)).toEqual([cards.b1, cards.a1]);
    expect((await get('gift-card?number=steam')).body.total).toBe(0);
    expect((await get('gift-card?number=---')).body.total).toBe(0);
    expect(ids((await get('my-giftcard?number=1001', s.users.sellerA.token)).body.data)).toEqual([cards.a1]);
    expect(ids((await get('gift-card?number=1001&q=9999')).body)).toEqual([cards.b1]);
    expect((await get(`gift-card?number=${'9'.repeat(200)}`)).status).toBe(422);
  });

  it('a search counts a card matched two ways once, and sorts and pages its matches', async () => {
    // "am" starts three card numbers (AMZ-...) and is in their offer's title (Amazon ...), and in Steam Wallet.
    const both = (await get('gift-card?q=am')).body;
    expect([ids(both), both.total, both.total_capped]).toEqual([[cards.b2, cards.b1, cards.a3, cards.a2, cards.a1], 5, undefined]);
    expect(ids((await get('gift-card?q=am&sort=price')).body)).toEqual([cards.a1, cards.b1, cards.a3, cards.b2, cards.a2]);
    expect(ids((await get('gift-card?q=am&sort=-price&per_page=5')).body)).toEqual([cards.a2, cards.b2, cards.a3, cards.b1, cards.a1]);
    expect(ids((await get('gift-card?q=am&sort=created_at&status=0')).body)).toEqual([cards.a1, cards.a3]);
    const second = (await get('gift-card?q=am&sort=price&per_page=5&page=2')).body;
    expect([second.data, second.total]).toEqual([[], 5]);
  });

  it('every sortable column of the card list sorts, both ways (status, rate, paid, payable)', async () => {
    const num = (v: unknown) => Number(v);
    const checks: [string, (c: Record<string, unknown>) => number][] = [
      ['status', (c) => num(c.card_status)],
      ['rate', (c) => num(c.rate)],
      ['paid', (c) => num(c.paid_amount)],
      ['payable', (c) => Math.round(num(c.price) * 100) - Math.round(num(c.rate) * 100)],
    ];
    for (const [key, value] of checks) {
      for (const dir of ['', '-']) {
        const r = await get(`gift-card?per_page=100&sort=${dir}${key}`);
        expect(r.status, key).toBe(200);
        const values = (r.body.data as Record<string, unknown>[]).map(value);
        const sorted = [...values].sort((a, b) => (dir ? b - a : a - b));
        expect(values, `${dir}${key}`).toEqual(sorted);
      }
    }
  });

  it('q with %, _ or a backslash matches them literally', async () => {
    expect(ids((await get(`gift-card?q=${encodeURIComponent('100%')}`)).body)).toEqual([cards.b1, cards.a3, cards.a1]);
    expect(ids((await get(`gift-card?q=${encodeURIComponent('%')}`)).body)).toEqual([cards.b1, cards.a3, cards.a1]);
    expect(ids((await get(`gift-card?q=${encodeURIComponent('o_1')}`)).body)).toEqual([cards.b1, cards.a3, cards.a1]);
    expect(ids((await get(`gift-card?q=${encodeURIComponent('_')}`)).body)).toEqual([cards.b1, cards.a3, cards.a1]);
    expect((await get(`gift-card?q=${encodeURIComponent('\\')}`)).body.data).toEqual([]);
    expect((await get(`gift-card?q=${encodeURIComponent('x%y')}`)).body.data).toEqual([]);
    for (const quote of ["' OR 1=1 --", "o'brien", "''", "\\'"]) {
      const r = await get(`gift-card?q=${encodeURIComponent(quote)}&status=0`);
      expect(r.status, quote).toBe(200);
      expect(r.body.data, quote).toEqual([]);
    }
    expect((await get(`gift-card?q=${encodeURIComponent('a\0b')}`)).status).toBe(422);
  });

  it('sorts by price, due and approval date, ties broken by id', async () => {
    expect(ids((await get('gift-card?sort=price')).body)).toEqual([cards.a1, cards.b1, cards.a3, cards.b2, cards.a2]);
    expect(ids((await get('gift-card?sort=-price')).body)).toEqual([cards.a2, cards.b2, cards.a3, cards.b1, cards.a1]);
    expect(ids((await get('gift-card?sort=-approval_date&per_page=10')).body).slice(0, 2)).toEqual([cards.a2, cards.b1]);
    expect(ids((await get('gift-card?sort=approval_date&per_page=10')).body).slice(0, 2)).toEqual([cards.b1, cards.a2]);
    expect(ids((await get('gift-card?sort=created_at&status=0')).body)).toEqual([cards.a1, cards.a3]);
    const due = (await get('gift-card?sort=-due&per_page=10')).body.data.map((c: { due: number }) => c.due);
    expect(due).toEqual([...due].sort((a, b) => b - a));
  });

  it('pages with per_page and reports the exact total', async () => {
    const p1 = (await get('gift-card?per_page=10')).body;
    expect([p1.per_page, p1.total, p1.last_page, p1.data.length]).toEqual([10, 5, 1, 5]);
    const p2 = (await get('gift-card?status=0&per_page=5&page=2')).body;
    expect([p2.total, p2.data.length, p2.current_page]).toEqual([2, 0, 2]);
    const bySeller = (await get(`gift-card?seller_id=${s.users.sellerA.id}&per_page=25`)).body;
    expect(bySeller.total).toBe(3);
  });

  it('refuses hostile values with a clear 422', async () => {
    for (const [q, field] of [
      ['sort=card_info', 'sort'],
      ['sort=id;DROP TABLE users', 'sort'],
      ['per_page=1000', 'per_page'],
      ['per_page=0', 'per_page'],
      ['per_page=2.5', 'per_page'],
      ['status=9', 'status'],
      ['seller_id=abc', 'seller_id'],
      ['from=2026-02-30', 'from'],
      ['from=2026-03-01&to=2026-02-01', 'to'],
      ['min_price=-5', 'min_price'],
      ['min_price=9&max_price=3', 'max_price'],
      ['has_due=yes', 'has_due'],
      ['date_field=paid', 'date_field'],
      [`q=${'x'.repeat(65)}`, 'q'],
    ]) {
      const r = await get(`gift-card?${q}`);
      expect(r.status, q).toBe(422);
      expect(Object.keys(r.body.errors ?? {}), q).toContain(field);
    }
  });

  it('the pending queue: oldest first, and the counts per status', async () => {
    const r = await get('gift-card-status-counts');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ pending: 2, approved: 2, rejected: 1, disputed: 0 });
    expect(r.body.data.oldest_pending_at).toBe('2026-01-05T10:00:00.000Z');
    expect((await get('gift-card-status-counts', s.users.sellerA.token)).status).toBe(403);
    const status0 = (await get('gift-card?status=0')).body;
    expect(status0.total).toBe(2);
  });

  it('a seller sees only their own cards through every filter, and cannot filter by seller', async () => {
    const seller = s.users.sellerA.token;
    const own = [cards.a1, cards.a2, cards.a3];
    for (const q of [
      '',
      'q=amz',
      `q=${encodeURIComponent(s.users.sellerB.email)}`,
      'status=1',
      `offer_id=${offerA}`,
      'sort=price',
      'has_due=1',
      'per_page=100',
    ]) {
      const r = await get(`my-giftcard?${q}`, seller);
      expect(r.status, q).toBe(200);
      for (const id of ids(r.body.data)) expect(own, q).toContain(id);
    }
    const other = await get(`my-giftcard?seller_id=${s.users.sellerB.id}&per_page=100`, seller);
    expect(ids(other.body.data).sort()).toEqual([...own].sort());
    expect(ids((await get('my-giftcard?q=AMZ10017781', seller)).body.data)).toEqual([cards.a1]);
    expect((await get('my-giftcard?q=amz10019999', seller)).body.data.data).toEqual([]);
  });

  it('counts a broad filter only up to the cap and says so', async () => {
    await s.database.query(
      sql`INSERT INTO gift_cards (giftcard_offer_id, seller_id, price, rate, card_status, created_at)
          SELECT ${offerB}, ${s.users.sellerB.id}, 5, 1, 2, '2025-06-01' FROM generate_series(1, ${TOTAL_CAP + 5})`,
    );
    const r = (await get('gift-card?status=2&min_price=1')).body;
    expect([r.total, r.total_capped, r.data.length]).toEqual([TOTAL_CAP, true, 5]);
    const exact = (await get('gift-card?status=2')).body;
    expect([exact.total, exact.total_capped]).toEqual([TOTAL_CAP + 6, undefined]);
    const deep = (await get('gift-card?status=2&page=2000')).body;
    expect(deep.data).toHaveLength(5);
    // A search with more matches than the cap: bounded too, its page walked in the sort order.
    const newest = ids((await get(`gift-card?offer_id=${offerB}&status=2&per_page=5`)).body);
    const search = (await get('gift-card?q=steam')).body;
    expect([search.total, search.total_capped, ids(search)]).toEqual([SEARCH_TOTAL_CAP, true, newest]);
    // "s" matches an offer's title (all those cards), two card numbers and the sellers: dense, walked newest first.
    const several = (await get('gift-card?q=s')).body;
    expect([several.total, several.total_capped, ids(several)]).toEqual([SEARCH_TOTAL_CAP, true, newest]);
    const byPrice = (await get('gift-card?q=steam&sort=-price')).body;
    expect([byPrice.total_capped, ids(byPrice).slice(0, 2)]).toEqual([true, [cards.a2, cards.b2]]);
    expect(byPrice.data.slice(2).map((c: { price: number }) => c.price)).toEqual([5, 5, 5]);
  }, 180_000); // 10,005 cards through every card trigger: over 60 s on PGlite under load (a loaded CI machine)
});

describe('transaction, seller, user and offer lists', () => {
  it('transactions: by seller, code (normalised prefix), amount, date and sort; a seller only their own', async () => {
    expect((await get('transaction?page=1')).body.per_page).toBe(10);
    expect((await get(`transaction?seller_id=${s.users.sellerA.id}`)).body.data.map((t: { code: string }) => t.code)).toEqual([
      'PAY-ABC-1',
    ]);
    expect((await get('transaction?q=pay-abc')).body.data.map((t: { code: string }) => t.code)).toEqual(['PAY-ABC-1']);
    const wide = await get(`transaction?q=${encodeURIComponent('ＰＡＹ－abc\u200b')}`);
    expect(wide.body.data.map((t: { code: string }) => t.code)).toEqual(['PAY-ABC-1']);
    expect((await get('transaction?min_amount=6')).body.data.map((t: { code: string }) => t.code)).toEqual(['PAY-ABC-1']);
    expect((await get('transaction?sort=amount')).body.data.map((t: { code: string }) => t.code)).toEqual(['PAY-XYZ-2', 'PAY-ABC-1']);
    expect((await get('transaction?from=2000-01-01&to=2000-01-02')).body.data).toEqual([]);
    expect((await get(`transaction?q=${encodeURIComponent('%')}`)).body.data).toEqual([]);
    const mine = await get('my-transaction?q=pay', s.users.sellerA.token);
    expect(mine.body.data.data.map((t: { code: string }) => t.code)).toEqual(['PAY-ABC-1']);
    const other = await get('my-transaction?q=PAY-XYZ', s.users.sellerA.token);
    expect(other.body.data.data).toEqual([]);
    expect((await get('transaction?sort=code')).status).toBe(422);
  });

  it('a payout says how it was made: card payment (with its card), payout, bulk payment', async () => {
    const card = await s.call('POST', 'transaction', {
      token: admin(),
      body: { code: 'CARD-PAY-1', gidcard_id: cards.a2, transaction_amount: 1 },
    });
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    const bulk = await s.call('POST', 'bulk-payment', {
      token: admin(),
      body: { code: 'BULK-PAY-1', seller_id: s.users.sellerA.id, paid_amount: 1 },
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    const rows = (await get('transaction?per_page=25')).body.data as { code: string; payment_kind: string; gidcard_id: number | null }[];
    const kindOf = (code: string) => rows.find((t) => t.code === code);
    expect(kindOf('CARD-PAY-1')).toMatchObject({ payment_kind: 'card_payment', gidcard_id: cards.a2 });
    expect(kindOf('PAY-ABC-1')).toMatchObject({ payment_kind: 'payout' });
    expect(kindOf('BULK-PAY-1')).toMatchObject({ payment_kind: 'bulk_payment' });
    const mine = (await get('my-transaction?page=1', s.users.sellerA.token)).body.data.data as { code: string; payment_kind: string }[];
    expect(mine.find((t) => t.code === 'BULK-PAY-1')?.payment_kind).toBe('bulk_payment');
  });

  it('sellers by name or email and has_due; users by role; offers by title and active flag', async () => {
    const sellers = (await get('seller-lists?has_due=1&sort=-due')).body;
    expect(sellers.data.map((r: { id: number }) => r.id)).toEqual([s.users.sellerA.id, s.users.sellerB.id]);
    expect(sellers.data[0].seller_due).toBeGreaterThan(sellers.data[1].seller_due);
    expect((await get(`seller-lists?q=${encodeURIComponent(s.users.sellerA.email)}`)).body.data.map((r: { id: number }) => r.id)).toEqual([
      s.users.sellerA.id,
    ]);
    const managers = (await get('all-user-lists?role=manager')).body;
    expect(managers.data.map((u: { id: number }) => u.id)).toEqual([s.users.manager.id]);
    expect((await get('all-user-lists?role=owner')).status).toBe(422);
    expect((await get('gift-card-offer?q=steam')).body.data.map((o: { id: number }) => o.id)).toEqual([offerB]);
    expect((await get(`gift-card-offer?q=${encodeURIComponent('100%')}`)).body.data.map((o: { id: number }) => o.id)).toEqual([offerA]);
    expect((await get('gift-card-offer?sort=title&per_page=5')).body.data.map((o: { id: number }) => o.id)).toEqual([offerA, offerB]);
    expect((await get('gift-card-offer?is_active=0')).body.data).toEqual([]);
  });
});

describe('a transaction search with more matches than the cap', () => {
  it('is counted up to the cap, paged in the sort order, and exact again once the prefix narrows it', async () => {
    await s.database.query(
      sql`INSERT INTO transactions (code, seller_id, transaction_amount, kind)
          SELECT 'BULKZZ-' || g, ${s.users.sellerB.id}, g, 0 FROM generate_series(1, ${TOTAL_CAP + 5}) g`,
    );
    await fillKeys(s.database);
    const codes = (body: { data: { code: string }[] }) => body.data.map((t) => t.code);
    const all = (await get('transaction?q=bulkzz')).body;
    expect([all.total, all.total_capped, all.data.length]).toEqual([SEARCH_TOTAL_CAP, true, 10]);
    expect(codes(all)[0]).toBe(`BULKZZ-${TOTAL_CAP + 5}`);
    const cheapest = (await get('transaction?q=bulkzz&sort=amount&per_page=5')).body;
    expect([cheapest.total_capped, codes(cheapest)]).toEqual([true, ['BULKZZ-1', 'BULKZZ-2', 'BULKZZ-3', 'BULKZZ-4', 'BULKZZ-5']]);
    const narrow = (await get('transaction?q=BULKZZ-1000&sort=-amount')).body;
    expect([narrow.total, narrow.total_capped]).toEqual([7, undefined]);
    expect(codes(narrow)).toEqual([
      'BULKZZ-10005',
      'BULKZZ-10004',
      'BULKZZ-10003',
      'BULKZZ-10002',
      'BULKZZ-10001',
      'BULKZZ-10000',
      'BULKZZ-1000',
    ]);
    expect((await get('my-transaction?q=bulkzz', s.users.sellerA.token)).body.data.data).toEqual([]);
    const own = (await get('my-transaction?q=bulkzz-1000', s.users.sellerB.token)).body.data;
    expect([own.total, own.data.length]).toEqual([7, 7]);
  });
});

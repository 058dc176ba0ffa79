import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { createOffer, rangeOffer, staffUpdate, submitCard } from '../helpers/cards';
import { EXPORT_BATCH } from '../../src/server/modules/exports/repository';

/** CSV exports of every list (issue 15): the list's rows with its filters, streamed in batches, safe in a spreadsheet. */
let s: TestServer;
let offer: number;
const admin = () => s.users.admin.token;

async function csv(url: string, token = admin()) {
  const res = await s.app.inject({ method: 'GET', url: `/api/${url}`, headers: { authorization: `Bearer ${token}` } });
  return {
    status: res.statusCode,
    type: String(res.headers['content-type']),
    rows: res.statusCode === 200 ? (parse(res.body, { columns: true }) as Record<string, string>[]) : [],
    body: res.body,
  };
}
const listIds = async (url: string, token = admin()) => {
  const r = await s.call('GET', `${url}${url.includes('?') ? '&' : '?'}per_page=100`, { token });
  const page = 'total' in r.body ? r.body : r.body.data;
  return page.data.map((x: { id: number }) => String(x.id));
};

beforeAll(async () => {
  s = await startTestServer();
  offer = await createOffer(s, rangeOffer({ title: '=HYPERLINK("http://evil")' }));
  const a = await submitCard(s, s.users.sellerA, { giftcard_offer_id: offer, price: 40, card_number: '@SUM(1+1)' });
  await submitCard(s, s.users.sellerA, { giftcard_offer_id: offer, price: 80.5, card_number: 'AMZ-1' });
  await submitCard(s, s.users.sellerB, { giftcard_offer_id: offer, price: 60, card_number: '-2+3' });
  expect((await staffUpdate(s, a, { giftcard_offer_id: offer, price: 40, card_status: 1 })).status).toBe(200);
  const pay = await s.call('POST', 'transaction', {
    token: admin(),
    body: { code: '+CODE-1', seller_id: s.users.sellerA.id, transaction_amount: 12.5 },
  });
  expect(pay.status, JSON.stringify(pay.body)).toBe(200);
});
afterAll(() => s?.close());

describe('list exports', () => {
  it('cards: the list’s rows with ids, ISO dates and plain amounts; formulas neutralised', async () => {
    const r = await csv('export/gift-card');
    expect(r.status).toBe(200);
    expect(r.type).toContain('text/csv');
    expect(r.rows.map((x) => x.id)).toEqual(await listIds('gift-card'));
    const approved = r.rows.find((x) => x.card_number === "'@SUM(1+1)")!;
    expect(approved).toMatchObject({
      status: 'Approved',
      price: '40.00',
      offer_title: `'=HYPERLINK("http://evil")`,
      seller_id: String(s.users.sellerA.id),
    });
    expect(approved.submitted_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Number(approved.payable) - Number(approved.paid_amount)).toBeCloseTo(Number(approved.due), 2);
    expect(r.rows.find((x) => x.price === '80.50')).toBeDefined();
    expect(r.rows.find((x) => x.card_number === "'-2+3")).toBeDefined();
  });

  it('honours the list’s filters and search', async () => {
    for (const q of ['status=0', `seller_id=${s.users.sellerB.id}`, 'q=amz', 'min_price=50', 'status=1&q=sum']) {
      const r = await csv(`export/gift-card?${q}`);
      expect(
        r.rows.map((x) => x.id),
        q,
      ).toEqual(await listIds(`gift-card?${q}`));
    }
    expect((await csv('export/gift-card?status=9')).status).toBe(422);
  });

  it('a seller exports only their own cards and payouts, without seller columns', async () => {
    const mine = await csv('export/my-giftcard', s.users.sellerA.token);
    expect(mine.rows.map((x) => x.id)).toEqual(await listIds('my-giftcard', s.users.sellerA.token));
    expect(mine.rows).toHaveLength(2);
    expect(Object.keys(mine.rows[0]!)).not.toContain('seller_email');
    const payouts = await csv('export/my-transaction', s.users.sellerB.token);
    expect(payouts.rows).toEqual([]);
    expect((await csv('export/gift-card', s.users.sellerA.token)).status).toBe(403);
  });

  it('transactions, sellers, users and offers', async () => {
    const tx = await csv('export/transaction');
    expect(tx.rows[0]).toMatchObject({ code: "'+CODE-1", amount: '12.50', kind: 'payout', redeemed: 'no' });
    const sellers = await csv('export/seller-lists?has_due=1');
    expect(sellers.rows.map((x) => x.id)).toEqual(await listIds('seller-lists?has_due=1'));
    const users = await csv('export/all-user-lists?role=seller');
    expect(users.rows.map((x) => x.id)).toEqual(await listIds('all-user-lists?role=seller'));
    const offers = await csv('export/gift-card-offer');
    expect(offers.rows[0]).toMatchObject({ title: `'=HYPERLINK("http://evil")`, price_type: 'range' });
  });

  it('streams more rows than one batch, each once, newest first', async () => {
    await s.database.query(
      sql`INSERT INTO gift_cards (giftcard_offer_id, seller_id, price, rate, card_status)
          SELECT ${offer}, ${s.users.sellerB.id}, 5, 1, 2 FROM generate_series(1, ${EXPORT_BATCH * 2 + 7})`,
    );
    const r = await csv('export/gift-card?status=2');
    expect(r.rows).toHaveLength(EXPORT_BATCH * 2 + 7);
    const ids = r.rows.map((x) => Number(x.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
  });
});

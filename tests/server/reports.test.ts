import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server';
import { insertCard, insertOffer, setCardStatus } from '../helpers/ledger-fixtures';
import { checkReportRollup } from '../helpers/invariants';
import { MONTHS } from '../../src/shared/constants';

let s: TestServer;
let offerId: number;
let A: TestUser;
let B: TestUser;
beforeAll(async () => {
  s = await startTestServer();
  offerId = await insertOffer(s.database);
  A = s.users.sellerA;
  B = s.users.sellerB;
});
afterAll(async () => s?.close());

const approved = (seller: TestUser, at: string) =>
  insertCard(s.database, { sellerId: seller.id, offerId, price: '10.00', status: 1, approvalDate: at });
const rejected = (seller: TestUser, at: string) =>
  insertCard(s.database, { sellerId: seller.id, offerId, price: '10.00', status: 2, rejectionDate: at });
const chart = (token: string | undefined, body: Record<string, unknown>, path = 'chart-data') => s.call('POST', path, { token, body });

describe('POST chart-data (daily)', () => {
  beforeAll(async () => {
    await approved(A, '2024-05-01T08:00:00Z');
    await approved(A, '2024-05-01T23:59:59Z');
    await approved(A, '2024-05-03T00:00:00Z');
    await rejected(A, '2024-05-02T12:00:00Z');
    await approved(B, '2024-05-01T10:00:00Z');
    await rejected(B, '2024-05-04T10:00:00Z');
    await insertCard(s.database, { sellerId: A.id, offerId, price: '10.00', status: 0 });
  });
  const range = { start_date: '2024-04-30', end_date: '2024-05-04' };
  const labels = ['2024-04-30', '2024-05-01', '2024-05-02', '2024-05-03', '2024-05-04'];

  it('staff: seller_id 0 is all sellers, or one seller', async () => {
    for (const token of [s.users.admin.token, s.users.manager.token]) {
      const all = await chart(token, { ...range, seller_id: 0 });
      expect(all.status).toBe(200);
      expect(all.body).toEqual({ lableArray: labels, approvalArray: [0, 3, 0, 1, 0], rejectionArray: [0, 0, 1, 0, 1] });
      expect((await chart(token, { ...range })).body).toEqual(all.body);
      expect((await chart(token, { ...range, seller_id: String(A.id) })).body).toEqual({
        lableArray: labels,
        approvalArray: [0, 2, 0, 1, 0],
        rejectionArray: [0, 0, 1, 0, 0],
      });
    }
  });

  it('sellers always get their own data, whatever seller_id they send', async () => {
    for (const seller_id of [0, A.id, B.id]) {
      expect((await chart(A.token, { ...range, seller_id })).body).toEqual({
        lableArray: labels,
        approvalArray: [0, 2, 0, 1, 0],
        rejectionArray: [0, 0, 1, 0, 0],
      });
      expect((await chart(B.token, { ...range, seller_id })).body).toEqual({
        lableArray: labels,
        approvalArray: [0, 1, 0, 0, 0],
        rejectionArray: [0, 0, 0, 0, 1],
      });
    }
  });

  it('one day; at most 366 days; end before start and bad dates are 422; anonymous 401', async () => {
    const one = await chart(s.users.admin.token, { start_date: '2024-05-01', end_date: '2024-05-01', seller_id: 0 });
    expect(one.body).toEqual({ lableArray: ['2024-05-01'], approvalArray: [3], rejectionArray: [0] });
    const leap = await chart(s.users.admin.token, { start_date: '2024-01-01', end_date: '2024-12-31', seller_id: 0 });
    expect(leap.status).toBe(200);
    expect(leap.body.lableArray).toHaveLength(366);
    expect(leap.body.lableArray[59]).toBe('2024-02-29');
    expect(leap.body.approvalArray.reduce((a: number, b: number) => a + b, 0)).toBe(4);
    const tooLong = await chart(s.users.admin.token, { start_date: '2024-01-01', end_date: '2025-01-01', seller_id: 0 });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors.end_date).toBeTruthy();
    for (const bad of [
      { start_date: '2024-05-02', end_date: '2024-05-01' },
      { start_date: '2024-02-30', end_date: '2024-03-01' },
      { start_date: '05/01/2024', end_date: '2024-05-02' },
      { end_date: '2024-05-02' },
      { start_date: '2024-05-01', end_date: '2024-05-02', seller_id: -1 },
    ]) {
      const r = await chart(s.users.admin.token, bad);
      expect(r.status, JSON.stringify(bad)).toBe(422);
      expect(r.body.errors, JSON.stringify(bad)).toBeTruthy();
    }
    expect((await chart(undefined, { ...range, seller_id: 0 })).status).toBe(401);
  });

  it('counts from the rollup only, never from gift_cards', async () => {
    await s.database.query(sql`ALTER TABLE gift_cards DISABLE TRIGGER gift_cards_maintain`);
    const hidden = await approved(A, '2024-05-02T10:00:00Z');
    await s.database.query(sql`ALTER TABLE gift_cards ENABLE TRIGGER gift_cards_maintain`);
    expect((await chart(s.users.admin.token, { ...range, seller_id: 0 })).body.approvalArray).toEqual([0, 3, 0, 1, 0]);
    await s.database.query(sql`ALTER TABLE gift_cards DISABLE TRIGGER gift_cards_maintain`);
    await s.database.query(sql`DELETE FROM gift_cards WHERE id = ${hidden}`);
    await s.database.query(sql`ALTER TABLE gift_cards ENABLE TRIGGER gift_cards_maintain`);
  });
});

describe('POST chart-data-yearly', () => {
  it('one label per month over the calendar year of start_date', async () => {
    const seller = await s.createUser('seller');
    await approved(seller, '2019-01-01T00:00:00Z');
    await approved(seller, '2019-01-31T23:59:59Z');
    await rejected(seller, '2019-07-15T00:00:00Z');
    await approved(seller, '2019-12-31T23:59:59Z');
    await approved(seller, '2020-01-01T00:00:00Z');
    await approved(B, '2019-03-03T00:00:00Z');
    const body = { start_date: '2019-01-01', end_date: '2019-12-31', seller_id: 0 };
    const expectedAll = {
      lableArray: [...MONTHS],
      approvalArray: [2, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1],
      rejectionArray: [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0],
    };
    for (const token of [s.users.admin.token, s.users.manager.token]) {
      expect((await chart(token, body, 'chart-data-yearly')).body).toEqual(expectedAll);
      const one = await chart(token, { ...body, seller_id: seller.id }, 'chart-data-yearly');
      expect(one.body.approvalArray).toEqual([2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    }
    expect((await chart(seller.token, body, 'chart-data-yearly')).body.approvalArray).toEqual([2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect((await chart(B.token, { ...body, seller_id: seller.id }, 'chart-data-yearly')).body.approvalArray).toEqual([
      0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ]);
    expect(
      (await chart(s.users.admin.token, { start_date: '2019-06-01', end_date: '2019-06-30', seller_id: 0 }, 'chart-data-yearly')).body,
    ).toEqual(expectedAll);
    expect((await chart(undefined, body, 'chart-data-yearly')).status).toBe(401);
    expect((await chart(s.users.admin.token, { start_date: '2019-12-31', end_date: '2019-01-01' }, 'chart-data-yearly')).status).toBe(422);
  });
});

describe('GET chart-data (dashboard)', () => {
  it('one entry per day that has any; staff all sellers, sellers their own', async () => {
    const seller = await s.createUser('seller');
    await approved(seller, '2018-02-01T10:00:00Z');
    await approved(seller, '2018-02-01T11:00:00Z');
    await rejected(seller, '2018-02-03T10:00:00Z');
    await approved(A, '2018-02-05T10:00:00Z');
    const q = 'chart-data?start_date=2018-01-01&end_date=2018-12-31';
    for (const token of [s.users.admin.token, s.users.manager.token]) {
      expect((await s.call('GET', q, { token })).body).toEqual({
        approved: [
          { approval_date: '2018-02-01', total: 2 },
          { approval_date: '2018-02-05', total: 1 },
        ],
        rejected: [{ rejection_date: '2018-02-03', total: 1 }],
      });
    }
    expect((await s.call('GET', q, { token: seller.token })).body).toEqual({
      approved: [{ approval_date: '2018-02-01', total: 2 }],
      rejected: [{ rejection_date: '2018-02-03', total: 1 }],
    });
    expect((await s.call('GET', q, { token: B.token })).body).toEqual({ approved: [], rejected: [] });
    expect((await s.call('GET', q)).status).toBe(401);
    for (const bad of [
      'chart-data',
      'chart-data?start_date=2018-02-02&end_date=2018-02-01',
      'chart-data?start_date=2018-01-01&end_date=2019-01-02',
      'chart-data?start_date=x&end_date=2018-01-01',
    ])
      expect((await s.call('GET', bad, { token: s.users.admin.token })).status, bad).toBe(422);
  });
});

describe('report_daily rollup', () => {
  it('moves counts with status changes and deletes', async () => {
    const seller = await s.createUser('seller');
    const id = await approved(seller, '2017-03-01T10:00:00Z');
    const body = { start_date: '2017-03-01', end_date: '2017-03-03', seller_id: seller.id };
    expect((await chart(s.users.admin.token, body)).body.approvalArray).toEqual([1, 0, 0]);
    await setCardStatus(s.database, id, 2, '2017-03-02T10:00:00Z');
    expect((await chart(s.users.admin.token, body)).body).toMatchObject({ approvalArray: [0, 0, 0], rejectionArray: [0, 1, 0] });
    await setCardStatus(s.database, id, 1, '2017-03-03T10:00:00Z');
    expect((await chart(s.users.admin.token, body)).body).toMatchObject({ approvalArray: [0, 0, 1], rejectionArray: [0, 0, 0] });
    await s.database.query(sql`DELETE FROM gift_cards WHERE id = ${id}`);
    expect((await chart(s.users.admin.token, body)).body).toMatchObject({ approvalArray: [0, 0, 0], rejectionArray: [0, 0, 0] });
    await checkReportRollup(s.database);
  });

  it('equals a GROUP BY over gift_cards after random approvals, rejections, status changes, moves and deletes', async () => {
    let seed = 20240501;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const sellers = [A.id, B.id, (await s.createUser('seller')).id];
    const when = () => new Date(Date.UTC(2016, rand(12), 1 + rand(28), rand(24), rand(60))).toISOString();
    const cards: number[] = [];
    for (let step = 0; step < 240; step++) {
      const op = cards.length < 5 ? 0 : rand(6);
      if (op <= 1) {
        cards.push(
          await insertCard(s.database, {
            sellerId: sellers[rand(3)],
            offerId,
            price: '10.00',
            status: rand(3) as 0 | 1 | 2,
            approvalDate: when(),
            rejectionDate: when(),
          }),
        );
      } else if (op <= 3) {
        await setCardStatus(s.database, cards[rand(cards.length)], rand(3) as 0 | 1 | 2, when());
      } else if (op === 4) {
        await s.database.query(
          sql`UPDATE gift_cards SET seller_id = ${sellers[rand(3)]}, approval_date = ${when()}::timestamptz WHERE id = ${cards[rand(cards.length)]}`,
        );
      } else {
        const [gone] = cards.splice(rand(cards.length), 1);
        await s.database.query(sql`DELETE FROM gift_cards WHERE id = ${gone}`);
      }
      if (step % 60 === 59) await checkReportRollup(s.database);
    }
    const expected = await s.database.query<{ day: string; approved: number }>(sql`
      SELECT (approval_date AT TIME ZONE 'UTC')::date::text AS day, count(*)::int AS approved FROM gift_cards
       WHERE card_status = 1 AND approval_date >= '2016-01-01' AND approval_date < '2017-01-01' GROUP BY 1`);
    const year = await chart(s.users.admin.token, { start_date: '2016-01-01', end_date: '2016-12-31', seller_id: 0 });
    const byDay = Object.fromEntries(expected.map((r) => [r.day, r.approved]));
    expect(year.body.approvalArray).toEqual(year.body.lableArray.map((d: string) => byDay[d] ?? 0));
    expect(expected.length).toBeGreaterThan(10);
  });
});

describe('report days in REPORT_TZ', () => {
  it('counts a card on the calendar day of the report time zone', async () => {
    const ny = await startTestServer({ config: { REPORT_TZ: 'America/New_York' } });
    try {
      const o = await insertOffer(ny.database);
      await insertCard(ny.database, { sellerId: ny.users.sellerA.id, offerId: o, price: '5.00', approvalDate: '2024-03-10T03:00:00Z' });
      const r = await ny.call('POST', 'chart-data', {
        token: ny.users.admin.token,
        body: { start_date: '2024-03-09', end_date: '2024-03-10', seller_id: 0 },
      });
      expect(r.body).toEqual({ lableArray: ['2024-03-09', '2024-03-10'], approvalArray: [1, 0], rejectionArray: [0, 0] });
      await checkReportRollup(ny.database);
    } finally {
      await ny.close();
    }
  });
});

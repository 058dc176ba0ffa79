import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { fillKeys } from '../helpers/db';
import { createOffer, rangeOffer } from '../helpers/cards';
import { choosePlan } from '../../src/server/db/lists/choose-plan';
import { plainPlan } from '../../src/server/db/lists/core';
import { listPage, pageByPlan } from '../../src/server/db/lists/list-page';
import { readingOf } from '../../src/server/db/lists/reading';
import type { Filters, ListDef, ListPage, PageRequest } from '../../src/server/db/lists/types';
import { cardList } from '../../src/server/modules/cards/list';
import { transactionList } from '../../src/server/modules/ledger/list';

/**
 * Each special plan of the list builder (db/lists/plans) answers the page the plain plan answers on data where it
 * applies, and is the plan chosen there. The builder's property test (list-builder.test.ts) checks every list against
 * reference queries; this one checks the plans against each other.
 */
let s: TestServer;
type Def = ListDef<Filters & { sort?: string }>;

beforeAll(async () => {
  s = await startTestServer();
  const offers = [await createOffer(s, rangeOffer({ title: 'Amazon Gold' })), await createOffer(s, rangeOffer({ title: 'Steam 2026' }))];
  const sellers = [s.users.sellerA.id, s.users.sellerB.id];
  for (const name of ['Fan One', 'Fan Two', 'Fan Three', '2026 Traders']) sellers.push((await s.createUser('seller', name)).id);
  const cards: SQL[] = [];
  for (let i = 0; i < 240; i++) {
    const number = i % 5 === 0 ? null : `AMZ-${1000 + (i % 40)}-${7000 + i}`;
    cards.push(sql`(${offers[i % 2]}::int, ${sellers[i % sellers.length]}::int, ${5 + (i % 37)}::numeric, 1::numeric,
      0::numeric, ${i % 4}::int, ${number}::text)`);
  }
  await s.database.query(sql`INSERT INTO gift_cards (giftcard_offer_id, seller_id, price, rate, paid_amount, card_status,
    card_number) VALUES ${sql.join(cards, sql`, `)}`);
  const txs = Array.from(
    { length: 80 },
    (_, i) => sql`(${`PX-${100 + i}-${i % 7}`}::text, ${sellers[i % sellers.length]}::int,
    ${1 + i}::numeric, ${i % 2}::int)`,
  );
  await s.database.query(sql`INSERT INTO transactions (code, seller_id, transaction_amount, is_redeem) VALUES ${sql.join(txs, sql`, `)}`);
  await fillKeys(s.database);
});
afterAll(() => s?.close());

const db = () => s.database.db;
const resolved = (def: Def, f: Filters, guess = false) => (def.resolve ? def.resolve(db(), f, guess) : Promise.resolve(f));
const request = (req: Partial<PageRequest> = {}): PageRequest => ({ limit: 10, offset: 0, ...req });
const plansOf = (def: Def, f: Filters, req: PageRequest) => choosePlan(def, f, req, readingOf(def, f, req)).names;
const byChosen = (def: Def, f: Filters, req: PageRequest) => pageByPlan(db(), def, f, req, (r) => choosePlan(def, f, req, r));
const byPlain = (def: Def, f: Filters, req: PageRequest) => pageByPlan(db(), def, f, req, (r) => plainPlan(def, f, req, r));

/** The chosen plan's page, checked against the plain plan's: same rows, order, total and cursors. */
async function samePage(def: Def, f: Filters, req: PageRequest): Promise<ListPage> {
  const [chosen, plain] = [await byChosen(def, f, req), await byPlain(def, f, req)];
  expect(chosen).toEqual(plain);
  return chosen;
}
const cards = cardList as unknown as Def;
const payouts = transactionList as unknown as Def;

describe('the plain plan', () => {
  it('is the plan of a list without a search', async () => {
    expect(plansOf(cards, { status: 1 }, request())).toEqual(['plain']);
    expect(plansOf(cards, {}, request({ offset: 500 }))).toEqual(['plain']);
    const page = await byPlain(cards, { status: 1 }, request());
    expect(page.count).toEqual({ total: 60, capped: false });
  });
});

describe('one-scan', () => {
  it("reads a search's page and total from one scan, the same page as the plain plan", async () => {
    const f = await resolved(cards, { q: 'gold' });
    for (const req of [request(), request({ offset: 10 }), request({ offset: 100, limit: 25 })]) {
      expect(plansOf(cards, f, req)).toEqual(['one-scan']);
      const page = await samePage(cards, f, req);
      expect(page.count.total).toBe(120);
    }
    for (const sort of ['-seller', 'offer', 'card_number']) {
      expect(plansOf(cards, { ...f, sort }, request())).toEqual(['one-scan']);
      await samePage(cards, { ...f, sort }, request({ offset: 10 }));
    }
    const codes = await resolved(payouts, { q: 'PX-15' });
    expect(plansOf(payouts, codes, request())).toEqual(['one-scan']);
    expect((await samePage(payouts, codes, request())).ids.length).toBe(10);
  });

  it('is not chosen past the first 1,000 matches, by a cursor, or when the total is not asked for', async () => {
    const f = await resolved(cards, { q: 'gold' });
    const first = await samePage(cards, f, request());
    expect(plansOf(cards, f, request({ offset: 995 }))).toEqual(['plain']);
    expect(plansOf(cards, f, request({ cursor: first.next }))).toEqual(['plain']);
    expect(plansOf(cards, f, request({ uncounted: true }))).toEqual(['plain']);
  });
});

describe('seller fan-out', () => {
  it('reads a few matched sellers one by one, totalled by their counters: the same page as the plain plan', async () => {
    const f = await resolved(cards, { q: 'fan' });
    expect((f as { found: { sellers: number[] } }).found.sellers).toHaveLength(3);
    expect(plansOf(cards, f, request())).toEqual(['seller-fan-out']);
    const first = await samePage(cards, f, request());
    expect(first.count).toEqual({ total: 120, capped: false });
    const next = await samePage(cards, f, request({ cursor: first.next }));
    await samePage(cards, f, request({ cursor: next.prev }));
    await samePage(cards, { ...f, sort: 'price' }, request({ offset: 30 }));
    // The column sorts that read the seller or the offer through a join, and the number's (nulls last) (issue 55).
    for (const sort of ['seller', '-seller', 'offer', '-card_number']) {
      const page = await samePage(cards, { ...f, sort }, request({ limit: 25 }));
      await samePage(cards, { ...f, sort }, request({ limit: 25, cursor: page.next }));
    }
    const payoutsOfFans = await resolved(payouts, { q: 'fan' });
    expect(plansOf(payouts, payoutsOfFans, request())).toEqual(['seller-fan-out']);
    expect((await samePage(payouts, payoutsOfFans, request())).count.total).toBe(39);
  });

  it('counts by one scan where no counter covers the other filters', async () => {
    const f = await resolved(cards, { q: 'fan', status: 2, sort: 'price' });
    expect(plansOf(cards, f, request())).toEqual(['seller-fan-out']);
    const withOffer = await resolved(cards, { q: 'fan', offer_id: 1 });
    expect(plansOf(cards, withOffer, request())).toEqual(['seller-fan-out', 'one-scan']);
    expect((await samePage(cards, withOffer, request())).count.total).toBe(80);
  });
});

describe('guess-and-verify', () => {
  it('skips the lookup for a card number, checked by the page statement: the page the lookup would read', async () => {
    const guessed = await resolved(cards, { q: 'AMZ-1001-7001' }, true);
    expect(plansOf(cards, guessed, request())).toEqual(['guess-and-verify', 'one-scan']);
    const looked = await resolved(cards, { q: 'AMZ-1001-7001' });
    const page = await byChosen(cards, guessed, request());
    expect(page).toEqual(await byPlain(cards, looked, request()));
    expect(page.ids).toHaveLength(1);
  });

  it('answers a total of -1 when the guess was wrong, and the page is then read the usual way', async () => {
    // '2026' is an offer's title and the start of a seller's name.
    const guessed = await resolved(cards, { q: '2026' }, true);
    expect(plansOf(cards, guessed, request())[0]).toBe('guess-and-verify');
    expect((await byChosen(cards, guessed, request())).count.total).toBe(-1);
    const log = { debug: vi.fn() };
    const page = await listPage(db(), cardList, { q: '2026' }, request({ log }));
    expect(page).toEqual(await byPlain(cards, await resolved(cards, { q: '2026' }), request()));
    expect(page.count.total).toBe(120);
    expect(log.debug.mock.calls.map(([fields]) => fields)).toEqual([{ plan: 'guess-and-verify+one-scan' }, { plan: 'seller-fan-out' }]);
  });
});

describe('the plan is logged', () => {
  it("at debug on the request's logger", async () => {
    const log = { debug: vi.fn() };
    await listPage(db(), cardList, { q: 'fan' }, request({ log }));
    expect(log.debug).toHaveBeenCalledWith({ plan: 'seller-fan-out' }, 'list plan');
  });
});

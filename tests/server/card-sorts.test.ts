import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server';
import { fillKeys } from '../helpers/db';
import { createOffer, rangeOffer } from '../helpers/cards';
import { cardNumberKey } from '../../src/shared/identifiers';

/**
 * The gift card list's column sorts (issue 55): Seller (staff; by name, then the seller's id), Card Info (the offer's
 * title, then the card's id it shows) and Card Number (its stored key; cards without a number last both ways), each
 * both ways, by page and across pages by cursor; Age (`review_due`) on All ranks the pending cards only.
 */
let s: TestServer;
let ann: TestUser;
const made: Card[] = [];
interface Card {
  id: number;
  seller: { id: number; name: string };
  title: string;
  number: string | null;
  status: number;
  due: string;
}

beforeAll(async () => {
  s = await startTestServer();
  // Names and titles that differ only in case or by a prefix; two sellers with one name.
  const sellers: TestUser[] = [];
  for (const name of ['anna', 'Ann', 'bob', 'Bob', 'Ann']) sellers.push(await s.createUser('seller', name));
  ann = sellers[1]!;
  const offers: { id: number; title: string }[] = [];
  for (const title of ['steam', 'Amazon', 'amazon gold', 'Apple']) offers.push({ id: await createOffer(s, rangeOffer({ title })), title });
  const numbers = [null, 'AMZ-1001-7781', 'amz 1001 7781', '6035 7712', null, 'STM-2002', '0042-1', 'Z9'];
  const rows: SQL[] = [];
  for (let i = 0; i < 26; i++) {
    const [seller, offer, number] = [sellers[(i * 7) % 5]!, offers[(i * 3) % 4]!, numbers[i % numbers.length]!];
    const status = [0, 2, 0, 1][i % 4]!;
    // Pending and rejected cards whose review targets interleave: 10:00, 10:30, 11:00...
    const due = new Date(Date.UTC(2026, 10, 20, 10, 30 * ((i * 11) % 26))).toISOString();
    rows.push(sql`(${offer.id}::int, ${seller.id}::int, 20::numeric, 2::numeric, ${status}::int, ${number}::text)`);
    made.push({ id: 0, seller: { id: seller.id, name: seller.name }, title: offer.title, number, status, due });
  }
  const ids = await s.database.query<{ id: number }>(
    sql`INSERT INTO gift_cards (giftcard_offer_id, seller_id, price, rate, card_status, card_number) VALUES ${sql.join(rows, sql`, `)} RETURNING id`,
  );
  ids.forEach((r, i) => (made[i]!.id = Number(r.id)));
  for (const c of made) await s.database.query(sql`UPDATE gift_cards SET review_due_at = ${c.due}::timestamptz WHERE id = ${c.id}`);
  await fillKeys(s.database);
}, 120_000);
afterAll(() => s?.close());

/** a before b, ties to the id; `nullsLast`: a null key after every other, both ways. */
const by =
  <K>(key: (c: Card) => K | null, cmp: (a: K, b: K) => number) =>
  (desc: boolean) =>
  (a: Card, b: Card): number => {
    const [ka, kb] = [key(a), key(b)];
    if (ka === null || kb === null) return ka === kb ? (desc ? b.id - a.id : a.id - b.id) : ka === null ? 1 : -1;
    const c = cmp(ka, kb);
    return (desc ? -1 : 1) * (c !== 0 ? c : a.id - b.id);
  };
const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const ORDERS: Record<string, (desc: boolean) => (a: Card, b: Card) => number> = {
  seller: by(
    (c) => c.seller,
    (a, b) => text(a.name.toLowerCase(), b.name.toLowerCase()) || a.id - b.id,
  ),
  offer: by((c) => c.title.toLowerCase(), text),
  card_number: by((c) => (c.number === null ? null : cardNumberKey(c.number)), text),
  review_due: by((c) => (c.status === 0 ? c.due : null), text),
};
const expected = (sort: string, mine?: number) => {
  const desc = sort.startsWith('-');
  return made
    .filter((c) => mine === undefined || c.seller.id === mine)
    .sort(ORDERS[desc ? sort.slice(1) : sort]!(desc))
    .map((c) => c.id);
};

async function page(url: string, token: string) {
  const r = await s.call('GET', url, { token });
  expect(r.status, `${url}: ${JSON.stringify(r.body)}`).toBe(200);
  const body = url.startsWith('my-') ? r.body.data : r.body;
  return { ids: body.data.map((c: { id: number }) => c.id) as number[], next: body.next_cursor, prev: body.prev_cursor };
}
/** The whole list by page (OFFSET), and by cursor forwards, then back. */
async function everyWay(list: string, sort: string, token: string) {
  const pages = [];
  for (let n = 1; n <= 6; n++) pages.push(...(await page(`${list}?sort=${sort}&per_page=5&page=${n}`, token)).ids);
  const forwards: number[][] = [];
  let p = await page(`${list}?sort=${sort}&per_page=4&cursor=page`, token);
  forwards.push(p.ids);
  while (p.next && forwards.length < 20) forwards.push((p = await page(`${list}?sort=${sort}&per_page=4&cursor=${p.next}`, token)).ids);
  const backwards: number[][] = [];
  while (p.prev && backwards.length < 20)
    backwards.unshift((p = await page(`${list}?sort=${sort}&per_page=4&cursor=${p.prev}`, token)).ids);
  return { pages, forwards: forwards.flat(), backwards: backwards.flat(), last: forwards.at(-1)! };
}

describe('the card list sorts by its columns', () => {
  for (const sort of ['seller', '-seller', 'offer', '-offer', 'card_number', '-card_number'])
    it(`staff: ${sort}, by page and by cursor both ways`, async () => {
      const want = expected(sort);
      const got = await everyWay('gift-card', sort, s.users.admin.token);
      expect(got.pages).toEqual(want);
      expect(got.forwards).toEqual(want);
      expect([...got.backwards, ...got.last]).toEqual(want);
    });

  for (const sort of ['offer', '-offer', 'card_number', '-card_number'])
    it(`a seller's own cards: ${sort}`, async () => {
      const want = expected(sort, ann.id);
      const got = await everyWay('my-giftcard', sort, ann.token);
      expect(got.pages).toEqual(want);
      expect(got.forwards).toEqual(want);
      expect([...got.backwards, ...got.last]).toEqual(want);
    });

  it('puts cards without a number last both ways, the seller with one name twice apart', async () => {
    for (const sort of ['card_number', '-card_number']) {
      const { ids } = await page(`gift-card?sort=${sort}&per_page=100`, s.users.admin.token);
      const none = made.filter((c) => c.number === null).map((c) => c.id);
      expect(
        ids.slice(-none.length).sort((a, b) => a - b),
        sort,
      ).toEqual(none.sort((a, b) => a - b));
    }
    const { ids } = await page('gift-card?sort=seller&per_page=100', s.users.admin.token);
    const sellerOf = (id: number) => made.find((c) => c.id === id)!.seller.id;
    const runs = ids.map(sellerOf).filter((seller, i, all) => i === 0 || all[i - 1] !== seller);
    expect(new Set(runs).size).toBe(runs.length);
  });

  it('Age (review_due) on All ranks the pending cards by their target, the decided ones after', async () => {
    const { ids } = await page('gift-card?sort=review_due&per_page=100', s.users.admin.token);
    expect(ids).toEqual(expected('review_due'));
    const pending = made.filter((c) => c.status === 0).length;
    expect(ids.slice(0, pending).every((id) => made.find((c) => c.id === id)!.status === 0)).toBe(true);
    const queue = await page('gift-card?status=0&sort=review_due&per_page=100', s.users.admin.token);
    expect(queue.ids).toEqual(ids.slice(0, pending));
  });

  it('refuses an unknown sort, and the seller sort on a seller’s own list, with a 422', async () => {
    for (const [url, token] of [
      ['gift-card?sort=card_info', s.users.admin.token],
      ['gift-card?sort=number', s.users.admin.token],
      ['gift-card?sort=--seller', s.users.admin.token],
      ['my-giftcard?sort=seller', ann.token],
      ['my-giftcard?sort=-seller', ann.token],
    ] as const) {
      const r = await s.call('GET', url, { token });
      expect(r.status, url).toBe(422);
      expect(Object.keys(r.body.errors ?? {}), url).toEqual(['sort']);
    }
  });

  it('the OpenAPI document lists the sorts of each list: Seller on staff’s only', async () => {
    const doc = await s.call('GET', '/api/openapi.json');
    const sortsOf = (path: string) =>
      (doc.body.paths[path].get.parameters as { name: string; schema: { enum?: string[] } }[]).find((p) => p.name === 'sort')!.schema.enum;
    expect(sortsOf('/api/gift-card')).toEqual(
      expect.arrayContaining(['seller', '-seller', 'offer', '-offer', 'card_number', '-card_number']),
    );
    expect(sortsOf('/api/my-giftcard')).toEqual(expect.arrayContaining(['offer', '-offer', 'card_number', '-card_number']));
    expect(sortsOf('/api/my-giftcard')).not.toContain('seller');
  });

  it('refuses a cursor of another sort or with a key not of its type', async () => {
    const first = await page('gift-card?sort=seller&per_page=4&cursor=page', s.users.admin.token);
    const forged = Buffer.from(JSON.stringify(['seller', null, 5, 0])).toString('base64url');
    for (const url of [`gift-card?sort=offer&cursor=${first.next}`, `gift-card?sort=seller&cursor=${forged}`]) {
      const r = await s.call('GET', url, { token: s.users.admin.token });
      expect(r.status, url).toBe(422);
      expect(Object.keys(r.body.errors ?? {}), url).toEqual(['cursor']);
    }
  });
});

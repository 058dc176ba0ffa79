import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { fillKeys } from '../helpers/db';
import { createOffer, rangeOffer, staffUpdate, submitCard } from '../helpers/cards';

/**
 * The work queues' everyday shapes (equalities on status, seller and offer; one seller's transactions) have exact
 * totals from the counters the triggers keep. `min_price=0` / `min_amount=0` match every row but have no counter (the
 * total is counted up to the cap), so each shape is compared page by page with that twin: same rows, and the kept
 * total equal to a count.
 */
let s: TestServer;
let offers: number[] = [];
const admin = () => s.users.admin.token;
const get = async (url: string, token = admin()) => {
  const r = await s.call('GET', url, { token });
  expect(r.status, `${url}: ${JSON.stringify(r.body)}`).toBe(200);
  return 'current_page' in r.body ? r.body : r.body.data;
};
const page = (body: { data: { id: number }[]; total: number; total_capped?: boolean }) => ({
  ids: body.data.map((r) => r.id),
  total: body.total,
  capped: body.total_capped ?? false,
});

beforeAll(async () => {
  s = await startTestServer();
  offers = [await createOffer(s, rangeOffer({ title: 'Queue A' })), await createOffer(s, rangeOffer({ title: 'Queue B' }))];
  const { sellerA, sellerB } = s.users;
  // 60 cards over two sellers, two offers, four statuses and repeated prices (ties are broken by id).
  await s.database.query(
    sql`INSERT INTO gift_cards (giftcard_offer_id, seller_id, price, rate, card_status, approval_date, created_at)
        SELECT CASE WHEN g % 3 = 0 THEN ${offers[0]}::int ELSE ${offers[1]}::int END,
               CASE WHEN g % 2 = 0 THEN ${sellerA.id}::int ELSE ${sellerB.id}::int END,
               10 + (g * 7) % 5, 1, g % 4, CASE WHEN g % 4 IN (1, 3) THEN now() END, now() - g * interval '1 hour'
          FROM generate_series(1, 60) g`,
  );
  // Card numbers: "QN-1", "QN-2", ... on the 60 cards; 1,005 more "DN-..." cards make a prefix with more than the cap.
  await s.database.query(sql`UPDATE gift_cards SET card_number = 'QN-' || id WHERE card_number IS NULL`);
  await s.database.query(
    sql`INSERT INTO gift_cards (giftcard_offer_id, seller_id, price, rate, card_status, card_number)
        SELECT ${offers[0]}::int, CASE WHEN g % 2 = 0 THEN ${sellerA.id}::int ELSE ${sellerB.id}::int END, 20, 1, 0, 'DN-' || g
          FROM generate_series(1, 1005) g`,
  );
  // Then 10,100 cards without a number: the "DN" matches are dense but not among the newest 10,000 cards, the rows a
  // number search looks through before it sorts every match (oldest first, they are).
  await s.database.query(
    sql`INSERT INTO gift_cards (giftcard_offer_id, seller_id, price, rate, card_status)
        SELECT ${offers[1]}::int, ${sellerB.id}::int, 15, 1, 2 FROM generate_series(1, 10100)`,
  );
  await s.database.query(
    sql`INSERT INTO transactions (code, seller_id, transaction_amount, kind)
        SELECT 'QP-' || g, CASE WHEN g % 3 = 0 THEN ${sellerA.id}::int ELSE ${sellerB.id}::int END, 1 + g % 4, 0
          FROM generate_series(1, 40) g`,
  );
  // 1,005 "DP-..." codes (a dense prefix), then 10,100 newer "ZQ-..." ones: newest first, the "DP" matches are not
  // among the 10,000 rows a code search looks through before it sorts every match; oldest first they are.
  await s.database.query(
    sql`INSERT INTO transactions (code, seller_id, transaction_amount, kind)
        SELECT CASE WHEN g <= 1005 THEN 'DP-' || g ELSE 'ZQ-' || g END,
               CASE WHEN g % 2 = 0 THEN ${sellerA.id}::int ELSE ${sellerB.id}::int END, 1, 0
          FROM generate_series(1, 11105) g`,
  );
  await fillKeys(s.database);
});
afterAll(() => s?.close());

/** How many cards a list of equality filters matches, counted. */
async function countedCards(query: string, seller?: number): Promise<number> {
  const p = new URLSearchParams(query);
  if (p.has('date_field')) throw new Error(`countedCards counts equalities only: ${query}`);
  const eq = (name: string) => (p.has(name) ? Number(p.get(name)) : null);
  const [row] = await s.database.query<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM gift_cards
         WHERE (${seller ?? eq('seller_id')}::int IS NULL OR seller_id = ${seller ?? eq('seller_id')}::int)
           AND (${eq('status')}::int IS NULL OR card_status = ${eq('status')}::int)
           AND (${eq('offer_id')}::int IS NULL OR giftcard_offer_id = ${eq('offer_id')}::int)`,
  );
  return row!.n;
}
/** A prepared page equals its planned twin; above the twin's cap of 10,000, the prepared total is the exact count. */
async function expectTwin(query: string, prepared: ReturnType<typeof page>, planned: ReturnType<typeof page>, seller?: number) {
  const exact = planned.capped && !prepared.capped ? { total: await countedCards(query, seller), capped: false } : {};
  expect(prepared, query).toEqual({ ...planned, ...exact });
}

describe('work-queue pages', () => {
  it('answer every card shape, sort, size and page exactly as the planned list does', async () => {
    const { sellerA } = s.users;
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const shapes = [
      `offer_id=${offers[1]}&date_field=approved&from=${yesterday}&to=${tomorrow}`,
      `offer_id=${offers[1]}&date_field=approved&from=${tomorrow}`,
      `offer_id=${offers[0]}&date_field=approved&to=${yesterday}`,
      '',
      'status=1',
      'status=0',
      `seller_id=${sellerA.id}`,
      `seller_id=${sellerA.id}&status=2`,
      `offer_id=${offers[1]}&status=1`,
    ];
    const sorts = ['', 'sort=created_at', 'sort=-price', 'sort=price'];
    for (const shape of shapes)
      for (const sort of sorts)
        for (const size of ['per_page=5', 'per_page=10'])
          for (const p of [1, 2, 4]) {
            const q = [shape, sort, size, `page=${p}`].filter(Boolean).join('&');
            await expectTwin(q, page(await get(`gift-card?${q}`)), page(await get(`gift-card?${q}&min_price=0`)));
          }
  });

  it('answer a seller’s own status tabs as the planned list does, with the exact total', async () => {
    const seller = s.users.sellerB.token;
    // sellerB has over 10,000 cards: the last tab is above the planned twin's cap.
    for (const q of ['status=0', 'status=1&sort=-price', 'status=3&sort=price&per_page=10', 'sort=created_at&page=2']) {
      const prepared = page(await get(`my-giftcard?${q}`, seller));
      await expectTwin(q, prepared, page(await get(`my-giftcard?${q}&min_price=0`, seller)), s.users.sellerB.id);
      expect(prepared.capped).toBe(false);
    }
  });

  it('answer every transaction shape exactly as the planned list does, with the exact total', async () => {
    const { sellerA, sellerB } = s.users;
    const counted = async (seller?: number) =>
      (
        await s.database.query<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM transactions WHERE ${seller ?? null}::int IS NULL OR seller_id = ${seller ?? null}::int`,
        )
      )[0]!.n;
    for (const seller of [undefined, sellerA.id, sellerB.id])
      for (const sort of ['', 'sort=created_at', 'sort=-amount', 'sort=amount'])
        for (const p of [1, 3]) {
          const q = [seller && `seller_id=${seller}`, sort, `page=${p}`].filter(Boolean).join('&');
          const prepared = page(await get(`transaction?${q}`));
          const planned = page(await get(`transaction?${q}&min_amount=0`));
          // The planned twin counts up to the cap (over 10,000 here); the prepared page's total is exact.
          expect(prepared, q).toEqual({ ...planned, total: await counted(seller), capped: false });
        }
    // Code searches: prepared when no seller's name or email starts with q, newest or oldest first.
    for (const q of ['qp-1', 'QP1', 'ｑｐ－1', 'qp-', 'zz', 'seller', '\u200b', 'dp', 'DP-10'])
      for (const extra of ['', 'sort=created_at', 'page=2', 'sort=-amount', 'per_page=25&page=30']) {
        const query = [`q=${encodeURIComponent(q)}`, extra].filter(Boolean).join('&');
        expect(page(await get(`transaction?${query}`)), query).toEqual(page(await get(`transaction?${query}&min_amount=0`)));
        const mine = page(await get(`my-transaction?${query}`, sellerB.token));
        expect(mine, query).toEqual(page(await get(`my-transaction?${query}&min_amount=0`, sellerB.token)));
      }
    expect(page(await get('transaction?q=qp-1')).total).toBe(11); // QP-1, QP-10 to QP-19
    expect(page(await get(`transaction?q=${encodeURIComponent('ｑｐ－1')}`)).total).toBe(11);
    expect([page(await get('transaction?q=dp')).capped, page(await get('transaction?q=dp-100')).total]).toEqual([true, 7]);
    const own = page(await get('my-transaction?sort=-amount', sellerB.token));
    expect(own).toEqual(page(await get('my-transaction?sort=-amount&min_amount=0', sellerB.token)));
  });

  it('answer a card-number search (prepared) exactly as the planned search does, sparse or dense', async () => {
    const { sellerA } = s.users;
    const first = (await s.database.query<{ id: number }>(sql`SELECT min(id) AS id FROM gift_cards WHERE card_number LIKE 'QN-%'`))[0]!.id;
    for (const q of [`qn${first}`, `QN-${first}`, 'qn-', 'q n', 'dn', 'DN-10', 'zz-none'])
      for (const extra of ['', 'sort=created_at', 'per_page=10&page=2', 'page=30']) {
        const query = [`q=${encodeURIComponent(q)}`, extra].filter(Boolean).join('&');
        const prepared = page(await get(`gift-card?${query}`));
        expect(prepared, query).toEqual(page(await get(`gift-card?${query}&min_price=0`)));
        const own = page(await get(`my-giftcard?${query}`, sellerA.token));
        expect(own, query).toEqual(page(await get(`my-giftcard?${query}&min_price=0`, sellerA.token)));
      }
    expect(page(await get('gift-card?q=dn')).capped).toBe(true);
    expect(page(await get('gift-card?q=dn-100')).total).toBe(7); // DN-100, DN-1000 to DN-1005
  });

  it('answer a search that can only match one seller’s cards (an email) as that seller’s list', async () => {
    const { sellerA } = s.users;
    const [{ email }] = await s.database.query<{ email: string }>(sql`SELECT email FROM users WHERE id = ${sellerA.id}`);
    for (const extra of ['', 'status=0', 'sort=-price', 'sort=created_at&per_page=10&page=2']) {
      const bySearch = page(await get(`gift-card?q=${encodeURIComponent(email!.toUpperCase())}&${extra}`));
      expect(bySearch, extra).toEqual(page(await get(`gift-card?seller_id=${sellerA.id}&${extra}&min_price=0`)));
      expect(bySearch.ids.length, extra).toBeGreaterThan(0);
    }
  });

  it('keep each seller’s status totals exact as cards are submitted, decided and deleted', async () => {
    const { sellerA } = s.users;
    const total = async (q: string) => (await get(`gift-card?${q}`)).total as number;
    const [pending, approved] = [await total(`seller_id=${sellerA.id}&status=0`), await total(`seller_id=${sellerA.id}&status=1`)];
    const id = await submitCard(s, sellerA, { giftcard_offer_id: offers[0]!, price: 30 });
    expect(await total(`seller_id=${sellerA.id}&status=0`)).toBe(pending + 1);
    expect((await staffUpdate(s, id, { giftcard_offer_id: offers[0], price: 30, card_status: 1 })).status).toBe(200);
    expect([await total(`seller_id=${sellerA.id}&status=0`), await total(`seller_id=${sellerA.id}&status=1`)]).toEqual([
      pending,
      approved + 1,
    ]);
    expect((await get(`my-giftcard?status=1`, sellerA.token)).total).toBe(approved + 1);
    await s.database.query(sql`DELETE FROM gift_cards WHERE id = ${id}`);
    expect(await total(`seller_id=${sellerA.id}&status=1`)).toBe(approved);
    // The kept counts equal a GROUP BY over the cards (the ledger invariants check the same for whole runs).
    const drift = await s.database.query(sql`
      SELECT k.seller_id FROM seller_card_counts k
        FULL JOIN (SELECT seller_id, card_status, count(*)::int AS n FROM gift_cards GROUP BY 1, 2) c
          ON c.seller_id = k.seller_id AND c.card_status = k.status
       WHERE coalesce(k.n, 0) <> coalesce(c.n, 0)`);
    expect(drift).toEqual([]);
  });
});

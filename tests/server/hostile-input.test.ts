import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../helpers/server';
import { createOffer, png, rangeOffer, staffUpdate, submitCard } from '../helpers/cards';
import { checkLedgerInvariants } from '../helpers/invariants';
import { buildPath, endpoints, operationNames, type OperationName } from '../../src/shared/endpoints';

/**
 * Property-based abuse of every write route: wrong types, missing and extra fields, huge strings,
 * negative/zero/NaN/3-decimal amounts, bad dates, SQL and path-traversal strings, random bytes as
 * uploads, truncated multipart bodies and wrong content types. Every answer must be below 500 and
 * JSON with a message; the ledger must still be consistent afterwards.
 */
const RUNS = Number(process.env.HOSTILE_RUNS ?? 25);
let s: TestServer;
let offer: number;
let card: number;
let txId: number;
/** Issue 53: a rejected card of seller A to resubmit or appeal, and an appeal of A's to decide. */
let rejected: number;
let appealId: number;
/** Issue 53: cards of seller A approved at an adjusted value, waiting for A's answer. */
let adjustedA: number;
let adjustedB: number;
let generated = 0;

const nasty = fc.constantFrom(
  "'; DROP TABLE users; --",
  '../../../../etc/passwd',
  '..%2f..%2fpackage.json',
  '<script>alert(1)</script>',
  '\u0000',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x10',
  ' ',
  '2026-02-30',
  'not-a-date',
  '9999-99-99',
  '2026-13-01',
  '[1,2',
  '{"a":',
  'null',
  'true',
  '12.345',
  '-5',
  '0',
  '0.00',
  '99999999999999',
  // Found by the outside review: NUL inside text, year 0 and far-future dates, 11-digit amounts.
  'a\u0000b',
  '2026-01-01\u0000',
  '0000-01-01',
  '0000-12-31',
  '9999-12-31',
  '2999-12-31',
  '10000000000',
  '19999999998.98',
  10000000000,
);
const value = fc.oneof(
  nasty,
  fc.string({ maxLength: 30 }),
  fc.constant('x'.repeat(70_000)),
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
  fc.double({ noNaN: false }),
  fc.double({ min: -1000, max: 1000 }).map((d) => Math.round(d * 1000) / 1000),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
);
const bodyFor = (fields: string[]) =>
  fc.dictionary(
    fc.oneof(
      fc.constantFrom(...fields),
      fc.constantFrom('role', 'paid_amount', 'card_status', 'rate', 'seller_id', '__proto__', 'constructor'),
      fc.string({ maxLength: 8 }),
    ),
    value,
    { maxKeys: fields.length + 3 },
  );
const encoding = fc.constantFrom(
  'json',
  'form',
  'multipart',
  'text',
  'xml',
  'truncated-multipart',
  'bad-json',
  'deep-json',
  'escaped-json',
);

function encode(
  kind: string,
  body: Record<string, unknown>,
  withFile: Buffer | null,
): { payload: string | Buffer; headers: Record<string, string> } {
  const flat = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
  if (kind === 'json') return { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
  if (kind === 'bad-json') return { payload: JSON.stringify(body).slice(0, -1) + ',,', headers: { 'content-type': 'application/json' } };
  // Issue 30: 6,000 levels of arrays next to the fields (a 500 when the NUL check recursed), and every `_` written as
  // an escape (`transaction\u005famount`: money must still be judged by its text).
  if (kind === 'deep-json') {
    const rest = JSON.stringify(body).slice(1);
    return {
      payload: `{"deep":${'['.repeat(6000)}${']'.repeat(6000)}${rest === '}' ? '}' : `,${rest}`}`,
      headers: { 'content-type': 'application/json' },
    };
  }
  if (kind === 'escaped-json')
    return { payload: JSON.stringify(body).replace(/_/g, '\\u005f'), headers: { 'content-type': 'application/json' } };
  if (kind === 'form')
    return {
      payload: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, flat(v)] as [string, string])).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
  if (kind === 'text') return { payload: JSON.stringify(body), headers: { 'content-type': 'text/plain' } };
  if (kind === 'xml') return { payload: '<a>1</a>', headers: { 'content-type': 'application/xml' } };
  const boundary = '----hostile' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(body))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k.replace(/"/g, '')}"\r\n\r\n${flat(v)}\r\n`));
  if (withFile)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="gallery[0]"; filename="../../evil.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      withFile,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  let payload = Buffer.concat(parts);
  if (kind === 'truncated-multipart') payload = payload.subarray(0, Math.max(10, Math.floor(payload.length / 2)));
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function assertSane(
  method: string,
  url: string,
  token: string | undefined,
  kind: string,
  body: Record<string, unknown>,
  file: Buffer | null,
) {
  generated += 1;
  const { payload, headers } = encode(kind, body, file);
  const res = await s.app.inject({
    method: method as 'POST',
    url: `/api/${url}`,
    payload,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    remoteAddress: `10.9.${generated % 250}.${generated % 7}`,
  });
  const where = `${method} ${url} [${kind}] ${JSON.stringify(body).slice(0, 300)} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, where).toBeLessThan(500);
  const json = res.json();
  if (res.statusCode >= 400) expect(typeof json.message, where).toBe('string');
}

const fileArb = fc.oneof(
  fc.constant(null),
  fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)),
  fc.constant(png()),
  fc.constant(Buffer.concat([png().subarray(0, 24), Buffer.alloc(10)])),
);

beforeAll(async () => {
  s = await startTestServer();
  offer = await createOffer(s, rangeOffer({ min_price: 1, max_price: 1000, rate: 10 }));
  card = await submitCard(s, s.users.sellerA, { giftcard_offer_id: offer, price: 900 });
  expect((await staffUpdate(s, card, { giftcard_offer_id: offer, price: 900, card_status: 1 })).status).toBe(200);
  const r = await s.call('POST', 'transaction', {
    token: s.users.admin.token,
    body: { code: 'HOSTILE-1', transaction_amount: 10, gidcard_id: card },
  });
  expect(r.status).toBe(200);
  txId = (await s.database.query<{ id: number }>(sql`SELECT id FROM transactions WHERE code = 'HOSTILE-1'`))[0].id;
  const reject = async () => {
    const id = await submitCard(s, s.users.sellerA, { giftcard_offer_id: offer, price: 50 });
    const body = { action: 'reject', reject_reason: 'other' };
    expect((await s.call('POST', `gift-card-review/${id}`, { token: s.users.manager.token, body })).status).toBe(200);
    return id;
  };
  rejected = await reject();
  const appealed = await reject();
  const filed = await s.call('POST', `gift-card-appeal/${appealed}`, { token: s.users.sellerA.token, body: { note: 'Hostile' } });
  expect(filed.status, JSON.stringify(filed.body)).toBe(200);
  appealId = (await s.database.query<{ id: number }>(sql`SELECT id FROM card_appeals WHERE gift_card_id = ${appealed}`))[0].id;
  const adjusted = async () => {
    const id = await submitCard(s, s.users.sellerA, { giftcard_offer_id: offer, price: 50 });
    const body = { action: 'approve', adjusted_price: 40, adjust_reason: 'partial_balance' };
    expect((await s.call('POST', `gift-card-review/${id}`, { token: s.users.manager.token, body })).status).toBe(200);
    return id;
  };
  adjustedA = await adjusted();
  adjustedB = await adjusted();
});
// Every test leaves the ledger consistent (checked after each one, so it holds whichever tests run).
afterEach(async () => checkLedgerInvariants(s.database));
afterAll(() => console.log(`hostile input: ${generated} generated requests, none answered 5xx`));
afterAll(async () => s?.close());

/** Who sends a route's hostile bodies. */
const as = {
  admin: () => s.users.admin.token,
  manager: () => s.users.manager.token,
  sellerA: () => s.users.sellerA.token,
  sellerB: () => s.users.sellerB.token,
  nobody: () => undefined,
};
/**
 * Every call with a body, by its contract operation: its method, path, body fields and files come from
 * `shared/endpoints.ts`, so a field added to a call is abused here too. `id`: the record in the path; `who` names a
 * second row of the same call sent by another role.
 */
const routes: { op: OperationName; as: () => string | undefined; id?: () => number; who?: string }[] = [
  { op: 'createOffer', as: as.admin },
  { op: 'updateOffer', as: as.manager, id: () => offer },
  { op: 'createCard', as: as.sellerA },
  { op: 'updateCard', as: as.admin, id: () => card, who: 'staff' },
  { op: 'reviewCard', as: as.admin, id: () => card },
  { op: 'startReview', as: as.manager },
  { op: 'reviewCards', as: as.manager },
  { op: 'rejectReasons', as: as.sellerA },
  { op: 'addComment', as: as.sellerA, id: () => card },
  { op: 'searchCardNumber', as: as.sellerB },
  { op: 'createTransaction', as: as.admin },
  { op: 'updateTransaction', as: as.manager, id: () => txId, who: 'staff' },
  { op: 'updateTransaction', as: as.sellerA, id: () => txId, who: 'seller' },
  { op: 'bulkPayment', as: as.admin },
  { op: 'createUser', as: as.admin },
  { op: 'updateUser', as: as.admin, id: () => s.users.sellerB.id },
  { op: 'chartData', as: as.admin },
  { op: 'chartDataYearly', as: as.sellerA },
  { op: 'disputeCard', as: as.admin, id: () => card },
  { op: 'resolveDispute', as: as.manager, id: () => card },
  { op: 'declinePendingPayment', as: as.manager, id: () => 1 },
  { op: 'updateRejectRemedy', as: as.admin },
  { op: 'updateQaPolicy', as: as.admin },
  { op: 'updateTrustPolicy', as: as.admin },
  { op: 'decideQaReview', as: as.admin, id: () => 1 },
  { op: 'resolveQaReview', as: as.admin, id: () => 1 },
  { op: 'resubmitCard', as: as.sellerA, id: () => rejected },
  { op: 'appealCard', as: as.sellerA, id: () => rejected },
  { op: 'decideAppeal', as: as.admin, id: () => appealId },
  { op: 'placeHold', as: as.manager },
  { op: 'releaseHold', as: as.admin, id: () => 1 },
  { op: 'markInboxRead', as: as.sellerA },
  { op: 'markLinkKnownGood', as: as.manager, id: () => 1 },
  { op: 'login', as: as.nobody },
];

/** A body schema's field names (an object schema, or one wrapped in a refinement or a pipe). */
function bodyFields(op: OperationName): string[] {
  let schema: unknown = (endpoints[op] as { body?: unknown }).body;
  for (let depth = 0; schema && depth < 5; depth++) {
    const z = schema as { shape?: Record<string, unknown>; _zod?: { def?: { in?: unknown; innerType?: unknown } } };
    if (z.shape) return Object.keys(z.shape);
    schema = z._zod?.def?.in ?? z._zod?.def?.innerType;
  }
  return [];
}

describe('hostile input on every write route', () => {
  it('covers every call of the contract that takes a body', () => {
    const withBody = operationNames.filter((op) => bodyFields(op).length > 0);
    expect(withBody.filter((op) => !routes.some((r) => r.op === op))).toEqual([]);
  });

  for (const r of routes) {
    const def = endpoints[r.op];
    it(r.who ? `${r.op} (${r.who})` : r.op, async () => {
      const fields = bodyFields(r.op);
      expect(fields).not.toEqual([]);
      await fc.assert(
        fc.asyncProperty(bodyFor(fields), encoding, 'files' in def ? fileArb : fc.constant(null), async (body, kind, file) => {
          await assertSane(def.method, buildPath(r.op, { id: r.id?.() }), r.as(), kind, body, file);
        }),
        { numRuns: RUNS },
      );
    });
  }

  /** Hostile proofs (issue 53) for a card with these photos: odd numbers, boxes past the edge, another card's photo, junk. */
  const hostileProof = (photos: number[]) => {
    const num = fc.oneof(fc.double(), fc.double({ min: -0.5, max: 1.5 }), fc.constantFrom(0, 1, 1e-12, 0.999999, -0, 1e308), nasty);
    const region = fc.oneof(
      fc.record(
        { image_id: fc.oneof(fc.constantFrom(...photos), fc.integer(), nasty), x: num, y: num, w: num, h: num },
        { requiredKeys: [] },
      ),
      value,
    );
    // And well-formed boxes within the photo, so that every run stores some proof too.
    const side = (min: number) => fc.double({ min, max: 0.5, noNaN: true });
    const fitting = fc.record({ image_id: fc.constantFrom(...photos), x: side(0), y: side(0), w: side(0.01), h: side(0.01) });
    const proof = fc.oneof(
      fc.record({ regions: fc.array(fitting, { maxLength: 8 }) }),
      fc.record(
        {
          regions: fc.oneof(fc.array(region, { maxLength: 12 }), value),
          evidence: fc.oneof(fc.array(fc.oneof(fc.constantFrom('read_differs', 'number_seen_before', 'photo_seen_before'), nasty)), value),
          other: value,
        },
        { requiredKeys: [] },
      ),
      value,
    );
    return proof;
  };
  /** A stored proof's boxes: each on one of the card's photos and within it, and few. */
  const checkStoredBoxes = async (cardId: number, photos: number[]) => {
    const [row] = await s.database.query<{ regions: { image_id: number; x: number; y: number; w: number; h: number }[] }>(
      sql`SELECT regions FROM decision_proofs WHERE gift_card_id = ${cardId} AND superseded_at IS NULL`,
    );
    for (const b of row?.regions ?? []) {
      expect(photos).toContain(b.image_id);
      expect(b.x >= 0 && b.y >= 0 && b.w > 0 && b.h > 0 && b.x + b.w <= 1 && b.y + b.h <= 1, JSON.stringify(b)).toBe(true);
    }
    expect((row?.regions ?? []).length).toBeLessThanOrEqual(8);
  };
  const photosOf = async (cardId: number) =>
    (await s.database.query<{ id: number }>(sql`SELECT id FROM gift_card_images WHERE gift_card_id = ${cardId}`)).map((r) => r.id);

  it("a decision's proof (issue 53): hostile boxes and evidence are a 422 or stored within the rules, never a 500", async () => {
    const pending = await submitCard(s, s.users.sellerA, { giftcard_offer_id: offer, price: 50 }, [png(), png()]);
    const photos = await photosOf(pending);
    await fc.assert(
      fc.asyncProperty(hostileProof(photos), fc.constantFrom('reject', 'approve'), async (p, action) => {
        generated += 1;
        const r = await s.call('POST', `gift-card-review/${pending}`, {
          token: s.users.manager.token,
          body: { action, reject_reason: 'other', proof: p },
        });
        expect(r.status, `${JSON.stringify(p).slice(0, 300)} -> ${r.status}`).toBeLessThan(500);
        if (r.status !== 200) return;
        // Accepted: the boxes kept are within their photo and few, then the card goes back to pending for the next try.
        await checkStoredBoxes(pending, photos);
        expect((await staffUpdate(s, pending, { giftcard_offer_id: offer, price: 50, card_status: 0 })).status).toBe(200);
      }),
      { numRuns: Math.max(RUNS, 40) },
    );
  });

  it("a clawback's proof (issue 53): hostile boxes and evidence are a 422 (no clawback) or stored within the rules, never a 500", async () => {
    const paid = await submitCard(s, s.users.sellerA, { giftcard_offer_id: offer, price: 50 }, [png(), png()]);
    expect((await s.call('POST', `gift-card-review/${paid}`, { token: s.users.manager.token, body: { action: 'approve' } })).status).toBe(
      200,
    );
    const pay = { code: `HOSTILE-PROOF-${paid}`, transaction_amount: '10.00', gidcard_id: paid };
    expect((await s.call('POST', 'transaction', { token: s.users.admin.token, body: pay })).status).toBe(200);
    const photos = await photosOf(paid);
    const clawbacks = async () =>
      (await s.database.query(sql`SELECT id FROM transactions WHERE gift_card_id = ${paid} AND kind = 1`)).length;
    let made = 0;
    await fc.assert(
      fc.asyncProperty(hostileProof(photos), async (p) => {
        generated += 1;
        const r = await s.call('POST', `gift-card-dispute/${paid}`, { token: s.users.manager.token, body: { reason: 'used', proof: p } });
        expect(r.status, `${JSON.stringify(p).slice(0, 300)} -> ${r.status}`).toBeLessThan(500);
        // Refused: nothing clawed back. Accepted: one more clawback, its boxes within the rules; resolved for the next try.
        expect(await clawbacks()).toBe(made + (r.status === 200 ? 1 : 0));
        if (r.status !== 200) return;
        made += 1;
        await checkStoredBoxes(paid, photos);
        const resolved = await s.call('POST', `gift-card-dispute-resolve/${paid}`, { token: s.users.manager.token, body: {} });
        expect(resolved.status).toBe(200);
      }),
      { numRuns: Math.max(RUNS, 40) },
    );
    expect(made, 'no clawback with proof accepted').toBeGreaterThan(0);
  });

  it('an adjusted approval (issue 53): hostile values are a 422 or an adjustment within the rules, never a 500', async () => {
    const pending = await submitCard(s, s.users.sellerA, { giftcard_offer_id: offer, price: 50 });
    const price = fc.oneof(value, fc.integer({ min: -100, max: 100 }), fc.constantFrom('49.99', '0.01', '5', '5.56', '50', 50.001));
    const reason = fc.oneof(fc.constantFrom('partial_balance', 'wrong_region', 'different_brand', 'other'), value);
    await fc.assert(
      fc.asyncProperty(price, reason, fc.oneof(value, fc.constant(undefined)), async (p, r, note) => {
        generated += 1;
        const res = await s.call('POST', `gift-card-review/${pending}`, {
          token: s.users.manager.token,
          body: { action: 'approve', adjusted_price: p, adjust_reason: r, adjust_note: note },
        });
        expect(res.status, `${JSON.stringify([p, r, note]).slice(0, 300)} -> ${res.status}`).toBeLessThan(500);
        if (res.status !== 200) return;
        // Accepted: below the asked price, above the offer's rate at it; then back to pending for the next try.
        const [row] = await s.database.query<{ price: string; rate: string; asked: string }>(
          sql`SELECT g.price::text AS price, g.rate::text AS rate, a.asked_price::text AS asked
                FROM gift_cards g LEFT JOIN card_adjustments a ON a.gift_card_id = g.id AND a.state = 'pending' WHERE g.id = ${pending}`,
        );
        if (row!.asked !== null) {
          expect(Number(row!.price)).toBeLessThan(Number(row!.asked));
          expect(Number(row!.rate)).toBeLessThan(Number(row!.price));
        }
        expect((await staffUpdate(s, pending, { giftcard_offer_id: offer, price: 50, card_status: 0 })).status).toBe(200);
      }),
      { numRuns: Math.max(RUNS, 40) },
    );
    // The seller's answers take no body: whatever is sent with them, never a 500 (the first one answers, then 409s).
    for (const [path, id] of [
      ['gift-card-adjustment-accept', adjustedA],
      ['gift-card-adjustment-withdraw', adjustedB],
    ] as const)
      await fc.assert(
        fc.asyncProperty(bodyFor(['note']), encoding, async (body, kind) => {
          await assertSane('POST', `${path}/${id}`, s.users.sellerA.token, kind, body, null);
        }),
        { numRuns: RUNS },
      );
  });

  it('long-decimal JSON numbers in every money field are refused as written, never rounded', async () => {
    const literal = fc.constantFrom('59.909999999999999999', '0.001', '1e1', '12.340', '100.0000000001', '9999999999.999');
    const routes = [
      { url: 'transaction', fields: (m: string) => `{"code":"LD-${++generated}","transaction_amount":${m},"gidcard_id":${card}}` },
      { url: `transaction-update/${txId}`, fields: (m: string) => `{"code":"HOSTILE-1","transaction_amount":${m}}` },
      { url: 'bulk-payment', fields: (m: string) => `{"code":"LD-${++generated}","paid_amount":${m},"seller_id":${s.users.sellerA.id}}` },
      { url: `gift-card-update/${card}`, fields: (m: string) => `{"giftcard_offer_id":${offer},"price":${m}}` },
      {
        url: 'gift-card-offer',
        fields: (m: string) => `{"title":"LD","is_active":1,"price_type":0,"min_price":${m},"max_price":500,"rate_type":0,"rate":${m}}`,
      },
    ];
    await fc.assert(
      fc.asyncProperty(literal, fc.constantFrom(...routes), async (m, route) => {
        const res = await s.app.inject({
          method: 'POST',
          url: `/api/${route.url}`,
          headers: { authorization: `Bearer ${s.users.admin.token}`, 'content-type': 'application/json' },
          payload: route.fields(m),
        });
        generated += 1;
        expect(res.statusCode, `${route.url} ${m}: ${res.body}`).toBe(422);
      }),
      { numRuns: Math.max(RUNS, 30) },
    );
  });

  it('page numbers and query strings', async () => {
    const lists = [
      'gift-card',
      'my-giftcard',
      'gift-card-offer',
      'seller-lists',
      'transaction',
      'my-transaction',
      'all-user-lists',
      `gift-card-comments/${card}`,
      `gift-card-history/${card}`,
      'audit-log',
      'appeal',
      'seller-inbox',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...lists),
        fc.oneof(
          nasty,
          fc.integer({ min: -5, max: 3 }).map(String),
          fc.constant('99999999999999999999'),
          fc.constant('1&page=2'),
          fc.string({ maxLength: 12 }),
        ),
        async (list, page) => {
          generated += 1;
          const token = list.startsWith('my-') || list === 'seller-inbox' ? s.users.sellerA.token : s.users.admin.token;
          const res = await s.app.inject({
            method: 'GET',
            url: `/api/${list}?page=${encodeURIComponent(page)}`,
            headers: { authorization: `Bearer ${token}` },
          });
          expect(res.statusCode, `${list}?page=${page}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
          expect(res.statusCode === 200 || typeof res.json().message === 'string').toBe(true);
        },
      ),
      { numRuns: RUNS * 2 },
    );
    for (const q of [
      'start_date=2026-02-30&end_date=2026-03-01',
      'start_date=2026-03-10&end_date=2026-03-01',
      'start_date=x',
      '',
      'start_date=2020-01-01&end_date=2026-01-01',
    ]) {
      const res = await s.app.inject({
        method: 'GET',
        url: `/api/chart-data?${q}`,
        headers: { authorization: `Bearer ${s.users.admin.token}` },
      });
      expect(res.statusCode, q).toBe(422);
    }
    // The events call: a bad `after` is a 422 on it.
    for (const after of ['-1', 'abc', '1.5', '1e3', '99999999999999999999', '%00', '1;DROP TABLE events']) {
      const res = await s.app.inject({
        method: 'GET',
        url: `/api/events?after=${encodeURIComponent(after)}`,
        headers: { authorization: `Bearer ${s.users.sellerA.token}` },
      });
      expect(res.statusCode, after).toBe(422);
    }
    // Last-Event-ID is checked like `after` (issue 49): a bad one is a 422 on it; an empty one is no header.
    for (const header of ['-1', 'abc', '9'.repeat(40), "1' OR 1=1", '']) {
      const res = await s.app.inject({
        method: 'GET',
        url: '/api/events',
        headers: { authorization: `Bearer ${s.users.sellerA.token}`, 'last-event-id': header },
      });
      expect(res.statusCode, header).toBe(header === '' ? 200 : 422);
      if (header === '') expect(res.json().events).toEqual([]);
    }
    // The seller statement's query (JSON and CSV), the payout holds' list and the linked sellers' (seller_id; issue 54):
    // every hostile value of every field is a 4xx, never a 500.
    await fc.assert(
      fc.asyncProperty(
        fc.record({ start_date: value, end_date: value, seller_id: value }, { requiredKeys: [] }),
        fc.boolean(),
        fc.constantFrom('seller-statement', 'export/seller-statement', 'payout-holds', 'seller-links'),
        async (q, asSeller, path) => {
          const qs = new URLSearchParams(
            Object.entries(q).map(([k, v]): [string, string] => [
              k,
              (typeof v === 'string' ? v : (JSON.stringify(v) ?? '')).slice(0, 2000),
            ]),
          ).toString();
          const res = await s.app.inject({
            method: 'GET',
            url: `/api/${path}?${qs}`,
            headers: { authorization: `Bearer ${asSeller ? s.users.sellerA.token : s.users.admin.token}` },
          });
          expect(res.statusCode, `${path}?${qs.slice(0, 200)}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
          expect(res.statusCode === 200 || typeof res.json().message === 'string').toBe(true);
        },
      ),
      { numRuns: RUNS * 2 },
    );
    // The reviewer figures' period (issue 54, JSON and CSV): a hostile from or to, beside a good one or not, is a 422.
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          { from: fc.oneof(value, fc.constant('2026-03-01')), to: fc.oneof(value, fc.constant('2026-03-31')) },
          { requiredKeys: [] },
        ),
        fc.constantFrom('reviewer-figures', 'export/reviewer-figures'),
        async (q, path) => {
          generated += 1;
          const qs = new URLSearchParams(
            Object.entries(q).map(([k, v]): [string, string] => [
              k,
              (typeof v === 'string' ? v : (JSON.stringify(v) ?? '')).slice(0, 2000),
            ]),
          ).toString();
          const res = await s.app.inject({
            method: 'GET',
            url: `/api/${path}?${qs}`,
            headers: { authorization: `Bearer ${s.users.admin.token}` },
          });
          const good = q.from === '2026-03-01' && q.to === '2026-03-31';
          expect(res.statusCode, `${path}?${qs.slice(0, 200)}: ${res.body.slice(0, 200)}`).toBe(good ? 200 : 422);
          if (!good) expect(typeof res.json().message).toBe('string');
        },
      ),
      { numRuns: RUNS * 2 },
    );
    // The work-queue parameters of every list (issue 13): any value of any of them is a 200 or a 4xx, never a 500,
    // and a seller's own lists only ever hold their own rows.
    const listParams = [
      'status',
      'seller_id',
      'offer_id',
      'date_field',
      'from',
      'to',
      'min_price',
      'max_price',
      'has_due',
      'trust_band',
      'overdue',
      'q',
      'number',
      'sort',
      'per_page',
      'is_redeem',
      'min_amount',
      'max_amount',
      'role',
      'is_active',
      'cursor',
      'actor_id',
      'action',
      'entity',
      'entity_id',
    ];
    // Cursors (issue 31): well-formed JSON whose key does not fit the sort, a sort of another list, a huge id.
    const cursorOf = (v: unknown[]) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const cursors = [
      'page',
      cursorOf(['-created_at', null, 5, 0]),
      cursorOf(['price', "1' OR '1'='1", 5, 0]),
      cursorOf(['-approval_date', null, 1, 1]),
      cursorOf(['-approval_date', '2026-02-30 10:00:00+00', 1, 0]),
      cursorOf(['name', 'x\u0000', 9007199254740991, 1]),
      cursorOf(['-amount', '1e400', -1, 0]),
      // The card list's column sorts (issue 55): text keys, a seller's name with a quote, a null where none may be.
      cursorOf(['seller', "o'brien\u0001' OR 1=1 --", 5, 0]),
      cursorOf(['-card_number', null, 3, 1]),
      cursorOf(['offer', null, 1, 0]),
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          'gift-card',
          'my-giftcard',
          'transaction',
          'my-transaction',
          'seller-lists',
          'all-user-lists',
          'gift-card-offer',
          'export/gift-card',
          'export/my-giftcard',
          'export/transaction',
          'export/my-transaction',
          'audit-log',
          'export/audit-log',
        ),
        fc.dictionary(
          fc.constantFrom(...listParams),
          fc.oneof(
            value,
            fc.constantFrom(
              '%',
              '_',
              '\\',
              '1',
              '0',
              '-price',
              '100',
              '2026-01-01',
              'gift_card',
              'approve',
              'low',
              '-trust',
              'seller',
              '-card_number',
              'offer',
              ...cursors,
            ),
          ),
          { maxKeys: 4 },
        ),
        async (list, q) => {
          generated += 1;
          const seller = list.includes('my-');
          const qs = new URLSearchParams(
            Object.entries(q).map(([k, v]): [string, string] => [
              k,
              (typeof v === 'string' ? v : (JSON.stringify(v) ?? '')).slice(0, 2000),
            ]),
          ).toString();
          const res = await s.app.inject({
            method: 'GET',
            url: `/api/${list}?${qs}`,
            headers: { authorization: `Bearer ${seller ? s.users.sellerA.token : s.users.admin.token}` },
          });
          expect(res.statusCode, `${list}?${qs.slice(0, 200)}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
          if (res.statusCode === 200 && list.startsWith('export/')) {
            expect(String(res.headers['content-type'])).toContain('text/csv');
            return;
          }
          const body = res.json();
          if (res.statusCode !== 200) expect(typeof body.message).toBe('string');
          else if (seller) for (const row of body.data.data) expect(row.seller_id, `${list}?${qs}`).toBe(s.users.sellerA.id);
        },
      ),
      { numRuns: RUNS * 3 },
    );
    for (const q of ["'; DROP TABLE gift_cards; --", '%00', 'x'.repeat(101), '../../etc', '\u202e1234', '']) {
      const res = await s.app.inject({
        method: 'GET',
        url: `/api/gift-card-duplicates/${card}?card_number=${encodeURIComponent(q)}`,
        headers: { authorization: `Bearer ${s.users.admin.token}` },
      });
      generated += 1;
      expect(res.statusCode, q).toBeLessThan(500);
      expect([200, 422], q).toContain(res.statusCode);
    }
    for (const id of ['0', '-1', 'abc', '99999999999', '1.5', '%2e%2e']) {
      const res = await s.app.inject({
        method: 'GET',
        url: `/api/gift-card/${id}`,
        headers: { authorization: `Bearer ${s.users.admin.token}` },
      });
      expect(res.statusCode, id).toBe(404);
    }
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server';
import { createOffer, form, png, rangeOffer, staffUpdate, submitCard } from '../helpers/cards';
import { checkLedgerInvariants } from '../helpers/invariants';
import { cardNumberKey } from '../../src/shared/identifiers';
import { PROOF_REGIONS } from '../../src/shared/proof';

/**
 * Issue 53, proof with a decision: boxes on the card's photos and the evidence the system found, attached to a
 * rejection or a clawback; stored, returned to the card's seller (and staff), never another seller's data; bad boxes
 * refused with 422 and nothing decided.
 */
let s: TestServer;
let offer: number;
let serial = 0;
beforeAll(async () => {
  s = await startTestServer();
  offer = await createOffer(s, rangeOffer({ title: 'Proof' }));
});
afterAll(async () => s?.close());
afterEach(async () => checkLedgerInvariants(s.database));

const staff = () => s.users.manager.token;
const number = () => `PROOF-${Date.now() % 100000}-${++serial}`;
const card = async (seller: TestUser, cardNumber = number(), images = [png()]) => {
  const id = await submitCard(s, seller, { giftcard_offer_id: offer, price: 40, card_number: cardNumber }, images);
  return { id, cardNumber };
};
const get = (id: number, token: string) => s.call('GET', `gift-card/${id}`, { token });
const photos = async (id: number) => ((await get(id, staff())).body.images as { id: number }[]).map((i) => i.id);
const reject = (id: number, extra: Record<string, unknown> = {}, token = staff()) =>
  s.call('POST', `gift-card-review/${id}`, { token, body: { action: 'reject', reject_reason: 'suspected_fraud', ...extra } });
/** What the OCR job would have stored: the photo of `id` reads `read`. */
const photoReads = (id: number, read: string) =>
  s.database.query(
    sql`UPDATE card_number_reads SET status = 'read', number = ${read}, number_key = ${cardNumberKey(read)}, image_id =
          (SELECT min(id) FROM gift_card_images WHERE gift_card_id = ${id}) WHERE gift_card_id = ${id}`,
  );
const statusOf = async (id: number) => (await get(id, staff())).body.data.card_status as number;

describe('proof with a rejection', () => {
  it('is stored and shown to the seller: boxes in fractions of their photo, the read against the typed number', async () => {
    const seller = s.users.sellerA;
    const c = await card(seller);
    await photoReads(c.id, 'READ-9999');
    const [photo] = await photos(c.id);
    const regions = [
      { image_id: photo, x: 0.1, y: 0.2, w: 0.3, h: 0.25 },
      { image_id: photo, x: 0.123456, y: 0, w: 0.876544, h: 1 },
    ];
    const r = await reject(c.id, { reject_note: 'See the marked code', proof: { regions, evidence: ['read_differs'] } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);

    const seen = (await get(c.id, seller.token)).body;
    expect(seen.data).toMatchObject({ card_status: 2, reject_reason: 'suspected_fraud', reject_note: 'See the marked code' });
    expect(seen.proof).toEqual({
      decision: 'reject',
      // Kept to 4 decimals, never past the photo's edge.
      regions: [
        { image_id: photo, x: 0.1, y: 0.2, w: 0.3, h: 0.25 },
        { image_id: photo, x: 0.1235, y: 0, w: 0.8765, h: 1 },
      ],
      evidence: [{ kind: 'read_differs', read_number: 'READ-9999', typed_number: c.cardNumber }],
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    // Staff see the same proof; no staff name anywhere in the seller's answer.
    expect((await get(c.id, staff())).body.proof).toEqual(seen.proof);
    expect(JSON.stringify(seen)).not.toContain(s.users.manager.email);
    const [row] = await s.database.query<{ created_by: number }>(sql`SELECT created_by FROM decision_proofs WHERE gift_card_id = ${c.id}`);
    expect(row!.created_by).toBe(s.users.manager.id);
    // Another seller cannot read the card, so not its proof either.
    expect((await get(c.id, s.users.sellerB.token)).status).toBe(403);
  });

  it("a number or photo seen before is told as a flag and this seller's own photo, never the other card or seller", async () => {
    const shared = png();
    const other = await card(s.users.sellerB, undefined, [shared]);
    const c = await card(s.users.sellerA, other.cardNumber, [png(), shared]);
    const [, mine] = await photos(c.id);
    const r = await reject(c.id, { proof: { evidence: ['number_seen_before', 'photo_seen_before'] } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const seen = (await get(c.id, s.users.sellerA.token)).body;
    expect(seen.proof).toMatchObject({
      regions: [],
      evidence: [{ kind: 'number_seen_before' }, { kind: 'photo_seen_before', image_id: mine }],
    });
    const text = JSON.stringify(seen);
    const otherPhotos = await photos(other.id);
    expect(text).not.toContain(s.users.sellerB.name);
    expect(text).not.toContain(s.users.sellerB.email);
    for (const n of [other.id, ...otherPhotos]) expect(text).not.toMatch(new RegExp(`"(id|image_id|card_id|gift_card_id)":${n}[,}]`));
    expect(text).not.toContain(s.users.manager.name);
  });

  it('evidence the system did not find is refused with 422, and the card stays pending', async () => {
    const c = await card(s.users.sellerA);
    for (const kind of ['read_differs', 'number_seen_before', 'photo_seen_before']) {
      const r = await reject(c.id, { proof: { evidence: [kind] } });
      expect(r.status, kind).toBe(422);
      expect(r.body.errors['proof.evidence'][0]).toContain(kind);
    }
    // The photo reads the typed number: nothing differs.
    await photoReads(c.id, c.cardNumber.toLowerCase());
    expect((await reject(c.id, { proof: { evidence: ['read_differs'] } })).status).toBe(422);
    expect(await statusOf(c.id)).toBe(0);
  });

  it('bad boxes are refused with 422 and nothing is decided or stored', async () => {
    const c = await card(s.users.sellerA);
    const [photo] = await photos(c.id);
    const other = await card(s.users.sellerB);
    const [foreign] = await photos(other.id);
    const box = { image_id: photo, x: 0.1, y: 0.1, w: 0.2, h: 0.2 };
    const bad: unknown[] = [
      { regions: [{ ...box, x: -0.1 }] },
      { regions: [{ ...box, y: 1.5 }] },
      { regions: [{ ...box, x: 0.9, w: 0.2 }] },
      { regions: [{ ...box, y: 0.95, h: 0.1 }] },
      { regions: [{ ...box, w: 0 }] },
      { regions: [{ ...box, h: 0.001 }] },
      { regions: [{ ...box, x: '0.1' }] },
      { regions: [{ ...box, x: null }] },
      { regions: [{ ...box, image_id: 0 }] },
      { regions: [{ ...box, image_id: 1.5 }] },
      { regions: [{ ...box, extra: 1 }] },
      { regions: [{ x: 0.1, y: 0.1, w: 0.2, h: 0.2 }] },
      { regions: Array.from({ length: PROOF_REGIONS + 1 }, () => box) },
      { regions: 'everywhere' },
      { regions: [[0.1, 0.1, 0.2, 0.2]] },
      { evidence: ['seller_name'] },
      { evidence: ['read_differs', 'read_differs'] },
      { evidence: 'read_differs' },
      { other_card: 1 },
      'proof',
      [box],
      42,
    ];
    for (const proof of bad) {
      const r = await reject(c.id, { proof });
      expect(r.status, JSON.stringify(proof)).toBe(422);
      expect(
        Object.keys(r.body.errors).some((k) => k.startsWith('proof')),
        JSON.stringify(r.body),
      ).toBe(true);
    }
    // Another card's photo (another seller's): refused on its box.
    const r = await reject(c.id, { proof: { regions: [box, { ...box, image_id: foreign }] } });
    expect(r.status).toBe(422);
    expect(r.body.errors['proof.regions.1.image_id']).toEqual(["The proof regions image id field must be one of this card's photos."]);
    // Proof goes only with a rejection.
    const approve = await s.call('POST', `gift-card-review/${c.id}`, {
      token: staff(),
      body: { action: 'approve', proof: { regions: [box] } },
    });
    expect(approve.status).toBe(422);
    expect(approve.body.errors.proof).toEqual(['The proof field may only go with a rejection.']);
    expect(await statusOf(c.id)).toBe(0);
    expect(await s.database.query(sql`SELECT 1 FROM decision_proofs WHERE gift_card_id = ${c.id}`)).toEqual([]);
  });

  it('none sent: as before (no proof key); a later decision supersedes the proof', async () => {
    const c = await card(s.users.sellerA);
    expect((await reject(c.id)).status).toBe(200);
    expect((await get(c.id, s.users.sellerA.token)).body).not.toHaveProperty('proof');
    // An empty proof is none.
    const d = await card(s.users.sellerA);
    expect((await reject(d.id, { proof: {} })).status).toBe(200);
    expect((await get(d.id, s.users.sellerA.token)).body).not.toHaveProperty('proof');

    const e = await card(s.users.sellerA);
    const [photo] = await photos(e.id);
    expect((await reject(e.id, { proof: { regions: [{ image_id: photo, x: 0, y: 0, w: 1, h: 1 }] } })).status).toBe(200);
    expect((await get(e.id, s.users.sellerA.token)).body.proof.regions).toHaveLength(1);
    // Back to pending, then rejected again without proof: the old proof is not shown with the new rejection.
    expect((await staffUpdate(s, e.id, { giftcard_offer_id: offer, price: 40, card_status: 0 })).status).toBe(200);
    expect((await reject(e.id)).status).toBe(200);
    expect((await get(e.id, s.users.sellerA.token)).body).not.toHaveProperty('proof');
    const rows = await s.database.query<{ superseded: boolean }>(
      sql`SELECT superseded_at IS NOT NULL AS superseded FROM decision_proofs WHERE gift_card_id = ${e.id}`,
    );
    expect(rows).toEqual([{ superseded: true }]);
  });
});

describe('proof with a clawback', () => {
  it("is stored with the dispute and shown on the disputed card's page; a bad box refuses the clawback", async () => {
    const seller = s.users.sellerA;
    const c = await card(seller);
    expect((await s.call('POST', `gift-card-review/${c.id}`, { token: staff(), body: { action: 'approve' } })).status).toBe(200);
    const due = (await get(c.id, staff())).body.data.due as number;
    const paid = await s.call('POST', 'transaction', {
      token: s.users.admin.token,
      body: { code: `PROOF-PAY-${serial}`, transaction_amount: due, gidcard_id: c.id },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const [photo] = await photos(c.id);
    const box = { image_id: photo, x: 0.5, y: 0.5, w: 0.5, h: 0.5 };

    const refused = await s.call('POST', `gift-card-dispute/${c.id}`, {
      token: staff(),
      body: { reason: 'used', proof: { regions: [{ ...box, w: 0.6 }] } },
    });
    expect(refused.status).toBe(422);
    expect(await statusOf(c.id)).toBe(1);

    const r = await s.call('POST', `gift-card-dispute/${c.id}`, { token: staff(), body: { reason: 'used', proof: { regions: [box] } } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const seen = (await get(c.id, seller.token)).body;
    expect(seen.data.card_status).toBe(3);
    expect(seen.proof).toMatchObject({ decision: 'clawback', regions: [box], evidence: [] });
    // Resolved: approved again, the clawback's proof is no longer shown.
    expect((await s.call('POST', `gift-card-dispute-resolve/${c.id}`, { token: staff(), body: {} })).status).toBe(200);
    expect((await get(c.id, seller.token)).body).not.toHaveProperty('proof');
  });
});

describe('proof with a clawback, as its seller sees it', () => {
  /** An approved card of `seller`, paid in full. */
  const paidCard = async (seller: TestUser, cardNumber = number(), images = [png()]) => {
    const c = await card(seller, cardNumber, images);
    expect((await s.call('POST', `gift-card-review/${c.id}`, { token: staff(), body: { action: 'approve' } })).status).toBe(200);
    const due = (await get(c.id, staff())).body.data.due as number;
    const body = { code: `PROOF-PAY-${++serial}`, transaction_amount: due, gidcard_id: c.id };
    expect((await s.call('POST', 'transaction', { token: s.users.admin.token, body })).status).toBe(200);
    return c;
  };
  const dispute = (id: number, proof: unknown) =>
    s.call('POST', `gift-card-dispute/${id}`, { token: staff(), body: { reason: 'used', note: 'Redeemed before payout', proof } });
  /** The card's clawback entries (transactions of kind 1). */
  const clawbacks = async (id: number) =>
    (await s.database.query(sql`SELECT id FROM transactions WHERE gift_card_id = ${id} AND kind = 1`)).length;

  it('evidence and a box on their own photo, never the other card; kept while contested, gone once reversed', async () => {
    const shared = png();
    const other = await card(s.users.sellerB, undefined, [shared]);
    expect((await reject(other.id)).status).toBe(200);
    const c = await paidCard(s.users.sellerA, other.cardNumber, [png(), shared]);
    const [first, mine] = await photos(c.id);

    // Evidence the system did not find: 422, no clawback.
    const refused = await dispute(c.id, { evidence: ['read_differs'] });
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(refused.body.errors).toHaveProperty(['proof.evidence']);
    expect([await statusOf(c.id), await clawbacks(c.id)]).toEqual([1, 0]);

    const box = { image_id: first, x: 0.25, y: 0.25, w: 0.5, h: 0.5 };
    const r = await dispute(c.id, { regions: [box], evidence: ['number_seen_before', 'photo_seen_before'] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const seen = (await get(c.id, s.users.sellerA.token)).body;
    expect(seen.proof).toEqual({
      decision: 'clawback',
      regions: [box],
      evidence: [{ kind: 'number_seen_before' }, { kind: 'photo_seen_before', image_id: mine }],
      created_at: expect.any(String),
    });
    const text = JSON.stringify(seen);
    for (const leak of [s.users.sellerB.email, s.users.manager.email, `"gift_card_id":${other.id}`]) expect(text).not.toContain(leak);
    expect((await get(c.id, s.users.sellerB.token)).status).toBe(403);

    // Contested: still disputed, the proof still shown; reversed by another staff member: approved again, no proof.
    const contest = await s.call('POST', `gift-card-appeal/${c.id}`, {
      token: s.users.sellerA.token,
      body: form({ note: 'The card was unused when I sold it.' }),
    });
    expect(contest.status, JSON.stringify(contest.body)).toBe(200);
    expect((await get(c.id, s.users.sellerA.token)).body.proof).toEqual(seen.proof);
    const appealId = (await get(c.id, s.users.sellerA.token)).body.appeal.id as number;
    const decided = await s.call('POST', `appeal-decide/${appealId}`, {
      token: s.users.admin.token,
      body: { outcome: 'reversed', note: 'The redemption was after the payout.' },
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    const after = (await get(c.id, s.users.sellerA.token)).body;
    expect(after.data.card_status).toBe(1);
    expect(after).not.toHaveProperty('proof');
  });
});

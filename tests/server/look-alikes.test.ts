import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server';
import { insertCard, insertOffer } from '../helpers/ledger-fixtures';
import { checkLedgerInvariants } from '../helpers/invariants';
import { createOffer, rangeOffer, staffUpdate, submitCard } from '../helpers/cards';
import { MSG } from '../../src/shared/messages';
import { payoutCodeKey } from '../../src/shared/identifiers';

/** Issue 30: identifiers compared the way people read them, and the ledger's own codes kept to itself. */
let s: TestServer;
let ledgerOffer: number;
let cardOffer: number;
beforeAll(async () => {
  s = await startTestServer();
  ledgerOffer = await insertOffer(s.database, { rateType: 1, rate: '0' });
  cardOffer = await createOffer(s, rangeOffer({ title: 'Look-alike offer' }));
});
afterAll(async () => s?.close());
afterEach(async () => checkLedgerInvariants(s.database));

const admin = () => s.users.admin.token;
const approve = (id: number) => staffUpdate(s, id, { giftcard_offer_id: cardOffer, price: '40', card_status: 1 });

async function cardNumbered(seller: TestUser, number: string): Promise<number> {
  return submitCard(s, seller, { giftcard_offer_id: cardOffer, price: '40', card_number: number });
}

describe('look-alike card numbers', () => {
  it('Cyrillic letters and Arabic-Indic digits are the same number: approving either is a duplicate (409)', async () => {
    const original = await cardNumbered(s.users.sellerA, 'AMX-423348-1071');
    expect((await approve(original)).status).toBe(200);
    for (const lookalike of ['АМХ-423348-1071', 'AMX-٤٢٣٣٤٨-١٠٧١', 'ᴀᴍx-423348-1071']) {
      const other = await cardNumbered(s.users.sellerB, lookalike);
      const r = await approve(other);
      expect(r.status, `${lookalike}: ${JSON.stringify(r.body)}`).toBe(409);
      expect(r.body.errors.card_number[0]).toContain(`#${original}`);
      const dup = await s.call('GET', `gift-card-duplicates/${other}`, { token: admin() });
      expect(dup.body.numbers.map((n: { id: number }) => n.id)).toContain(original);
    }
    // The staff search, typed in another script, finds the card by its number's prefix.
    const found = await s.call('GET', `gift-card?q=${encodeURIComponent('АМХ-٤٢٣')}&status=1`, { token: admin() });
    expect(found.body.data.map((c: { id: number }) => c.id)).toContain(original);
  });

  it('two different numbers written in other scripts do not collide', async () => {
    const first = await cardNumbered(s.users.sellerA, 'ΔΣ-5501');
    const second = await cardNumbered(s.users.sellerB, 'ЖЩ-5501');
    expect((await approve(first)).status).toBe(200);
    expect((await approve(second)).status).toBe(200);
  });

  it('a number blank once compared (zero-width spaces only) is a field error', async () => {
    const id = await cardNumbered(s.users.sellerA, 'BLANK-TEST-1');
    const blank = await staffUpdate(s, id, { giftcard_offer_id: cardOffer, price: '40', card_number: '\u200b\u200b\u200b' });
    expect(blank.status).toBe(422);
    expect(blank.body.errors.card_number).toEqual([MSG.cardNumberBlank]);
    // A seller's card_number is ignored on edit, so a blank one is no reason to refuse their edit.
    const own = await s.call('POST', `gift-card-update/${id}`, {
      token: s.users.sellerA.token,
      body: { giftcard_offer_id: cardOffer, price: '41', card_number: '\u200b' },
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
  });
});

describe('look-alike payout codes', () => {
  const pay = (code: string, amount = 1) => {
    return s.call('POST', 'transaction', { token: admin(), body: { code, transaction_amount: amount, seller_id: seller.id } });
  };
  let seller: TestUser;
  beforeAll(async () => {
    seller = await s.createUser('seller');
    await insertCard(s.database, { sellerId: seller.id, offerId: ledgerOffer, price: '100.00' });
  });

  it('LK-7 with a right-to-left override, a variation selector, a Hangul filler, a Cyrillic К or a minus sign is LK-7', async () => {
    expect((await pay('LK-7')).status).toBe(200);
    for (const code of ['\u202eLK-7', 'LK-7\ufe0f', 'LK\u3164-7', 'LК-7', 'LK\u22127']) {
      const r = await pay(code);
      expect(r.status, `${JSON.stringify(code)}: ${JSON.stringify(r.body)}`).toBe(422);
      expect(r.body.errorMsg).toBe(MSG.codeUsed);
    }
    const [{ n }] = await s.database.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM transactions WHERE seller_id = ${seller.id}`);
    expect(n).toBe(1);
    // Searching with a look-alike finds it too.
    const found = await s.call('GET', `transaction?q=${encodeURIComponent('LК\u2212')}`, { token: admin() });
    expect(found.body.data.map((t: { code: string }) => t.code)).toContain('LK-7');
  });

  it("braille blanks, other scripts' hyphens, small capitals, combining marks and blank symbols are LK-7 too (issue 49)", async () => {
    expect([200, 422]).toContain((await pay('LK-7')).status);
    for (const code of ['LK-7\u2800', 'LK\u2800-7', 'LK\u058A7', '\u029FK-7', 'LK\u05BE7', 'LK-7\u{1D159}', 'LK-7\u0323', 'LK 7', 'LK_7']) {
      const r = await pay(code);
      expect([r.status, r.body.errorMsg], JSON.stringify(code)).toEqual([422, MSG.codeUsed]);
    }
    const [{ n }] = await s.database.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM transactions WHERE code_norm = ${payoutCodeKey('LK-7')}`,
    );
    expect(n).toBe(1);
  });

  it('a code of braille blanks, lone combining marks, blank symbols or an object replacement is blank (issue 49)', async () => {
    for (const code of ['\u2800', '\u2800\u2800\u2800', '\u0301', '\u{1D159}', '\uFFFC', '-', '\u2800_\u2800']) {
      const r = await pay(code);
      expect([r.status, r.body.errors?.code], JSON.stringify(code)).toEqual([422, [MSG.codeBlank]]);
    }
  });

  it("codes reading like the ledger's own, whatever separates the number or none, are reserved (issue 49)", async () => {
    const reserved = [
      'REVERSAL\u058A1',
      'REVERSAL\u2800-1',
      'CLAWBACK\u20141',
      'CLAWBACK_1',
      'CLAWBACK 1',
      'CLAWBACK1',
      'REVERSAL.1',
      'CLAWBACK',
    ];
    for (const code of reserved) {
      const r = await pay(code);
      expect([r.status, r.body.errors?.code], JSON.stringify(code)).toEqual([422, [MSG.codeReserved]]);
    }
  });

  it('a code of zero-width spaces only, blank on screen, is a field error on every call that takes a code', async () => {
    const blank = '\u200b\u200b\u200b';
    const paid = await pay(blank);
    expect([paid.status, paid.body.errors?.code]).toEqual([422, [MSG.codeBlank]]);
    const bulk = await s.call('POST', 'bulk-payment', { token: admin(), body: { seller_id: seller.id, paid_amount: 1, code: blank } });
    expect([bulk.status, bulk.body.errors?.code]).toEqual([422, [MSG.codeBlank]]);
  });

  it('CLAWBACK- and REVERSAL- codes (after normalising) are refused on payments, bulk payments and payout edits', async () => {
    const ok = await pay('SYS-OK-1');
    expect(ok.status).toBe(200);
    const [{ id }] = await s.database.query<{ id: number }>(sql`SELECT id FROM transactions WHERE code = 'SYS-OK-1'`);
    for (const code of ['CLAWBACK-99', 'reversal-7', 'СLAWBACK-5', 'REVERSAL\u22121']) {
      const calls = [
        await pay(code),
        await s.call('POST', 'bulk-payment', { token: admin(), body: { seller_id: seller.id, paid_amount: 1, code } }),
        await s.call('POST', `transaction-update/${id}`, { token: admin(), body: { code, transaction_amount: 1 } }),
      ];
      for (const r of calls) expect([r.status, r.body.errors?.code], JSON.stringify(code)).toEqual([422, [MSG.codeReserved]]);
    }
  });
});

describe('system codes and unique violations', () => {
  it('a CLAWBACK-<next id> left by an older version makes the dispute a 409 with a message, not a 500', async () => {
    const seller = await s.createUser('seller');
    const card = await insertCard(s.database, { sellerId: seller.id, offerId: ledgerOffer, price: '30.00' });
    expect(
      (await s.call('POST', 'transaction', { token: admin(), body: { code: 'SQ-1', transaction_amount: 30, gidcard_id: card } })).status,
    ).toBe(200);
    // What an older version let a staff member write: the next id's clawback code, taken.
    const [{ next }] = await s.database.query<{ next: number }>(sql`SELECT last_value::int + 1 AS next FROM transactions_id_seq`);
    const squat = `CLAWBACK-${next + 1}`;
    await s.database.query(
      sql`INSERT INTO transactions (code, code_norm, seller_id, transaction_amount) VALUES (${squat}, ${payoutCodeKey(squat)}, ${seller.id}, 1)`,
    );
    const r = await s.call('POST', `gift-card-dispute/${card}`, { token: admin(), body: { reason: 'used', note: '' } });
    expect(r.status, JSON.stringify(r.body)).toBe(409);
    expect(r.body.message).toBe(MSG.conflict);
    // (The stand-in has no allocations; it goes, so the ledger's invariants hold for the rest.)
    await s.database.query(sql`DELETE FROM transactions WHERE code = ${squat}`);
  });
});

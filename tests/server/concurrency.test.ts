import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server';
import { testDbKind } from '../helpers/db';
import { insertCard, insertOffer, transactionByCode } from '../helpers/ledger-fixtures';
import { checkLedgerInvariants } from '../helpers/invariants';
import { centsToDecimal } from '../../src/shared/money';

/**
 * Concurrent payments over real HTTP against PostgreSQL: card payments, bulk payments, payout edits and
 * redeem toggles on the same seller and the same cards, some reusing codes. PGlite has one connection,
 * so there is nothing concurrent to test there.
 */
const onPostgres = testDbKind() === 'postgres';
if (!onPostgres)
  console.log(
    'concurrency.test.ts skipped: it needs PostgreSQL (TEST_DB=postgres DATABASE_URL=...); PGlite runs one connection at a time.',
  );

interface Sent {
  kind: 'card' | 'bulk' | 'payout-edit' | 'card-edit' | 'redeem';
  code: string;
  amount: number;
  sellerId: number;
  cardId?: number;
  target?: number;
  status?: number;
  body?: any;
}

describe.skipIf(!onPostgres)('concurrent payments', () => {
  let s: TestServer;
  let X: TestUser;
  let Y: TestUser;
  const xCards: number[] = [];
  const yCards: number[] = [];
  beforeAll(async () => {
    s = await startTestServer({ listen: true });
    X = await s.createUser('seller');
    Y = await s.createUser('seller');
    const offerId = await insertOffer(s.database);
    for (let i = 0; i < 6; i++)
      xCards.push(
        await insertCard(s.database, {
          sellerId: X.id,
          offerId,
          price: '20.00',
          rate: '1.00',
          approvalDate: `2024-01-0${1 + (i % 3)}T00:00:00Z`,
        }),
      );
    for (let i = 0; i < 3; i++)
      yCards.push(await insertCard(s.database, { sellerId: Y.id, offerId, price: '15.00', approvalDate: '2024-01-01T00:00:00Z' }));
  });
  afterAll(async () => s?.close());

  const post = async (path: string, token: string, body?: unknown) => {
    const res = await fetch(`${s.url}/api/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed as any };
  };

  it('never overpays, never 5xx, and records every accepted payment whole and every refused one not at all', async () => {
    const admin = s.users.admin.token;
    // Payouts to edit, and fixed ones whose codes stay taken throughout.
    const editable: { id: number; code: string; sellerId: number; cardId?: number; owner: TestUser }[] = [];
    for (const [i, seller] of [X, X, X, Y, Y, Y].entries()) {
      const code = `EDIT-${i}`;
      expect((await post('transaction', admin, { code, transaction_amount: '5.00', seller_id: seller.id })).status).toBe(200);
      editable.push({ id: (await transactionByCode(s.database, code))!.id, code, sellerId: seller.id, owner: seller });
    }
    for (const [i, cardId] of [xCards[5], yCards[2]].entries()) {
      const code = `EDITCARD-${i}`;
      expect((await post('transaction', admin, { code, transaction_amount: '2.00', gidcard_id: cardId })).status).toBe(200);
      const row = (await transactionByCode(s.database, code))!;
      editable.push({ id: row.id, code, sellerId: row.seller_id, cardId, owner: row.seller_id === X.id ? X : Y });
    }
    const fixed = ['FIXED-0', 'FIXED-1'];
    for (const code of fixed) expect((await post('bulk-payment', admin, { code, paid_amount: '1.00', seller_id: X.id })).status).toBe(200);
    await checkLedgerInvariants(s.database);

    let seed = 42;
    const rand = (n: number) => {
      // mulberry32: a small seeded generator whose low bits are as good as its high ones.
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
    };
    const cents = (max: number) => 1 + rand(max);
    const poolCode = () => `DUP-${rand(5)}`;
    const staff = () => (rand(2) ? admin : s.users.manager.token);
    const sent: Sent[] = [];
    const jobs: (() => Promise<void>)[] = [];
    const add = (x: Sent, run: () => Promise<{ status: number; body: any }>) => {
      sent.push(x);
      jobs.push(async () => {
        Object.assign(x, await run());
      });
    };
    for (let i = 0; i < 50; i++) {
      const cardId = rand(4) ? xCards[rand(xCards.length)] : yCards[rand(yCards.length)];
      const code = rand(5) === 0 ? poolCode() : rand(12) === 0 ? fixed[rand(2)] : `CARD-${i}`;
      const amount = cents(800);
      add({ kind: 'card', code, amount, sellerId: xCards.includes(cardId) ? X.id : Y.id, cardId }, () =>
        post('transaction', staff(), { code, transaction_amount: centsToDecimal(amount), gidcard_id: cardId }),
      );
    }
    for (let i = 0; i < 40; i++) {
      const seller = rand(3) ? X : Y;
      const code = rand(5) === 0 ? poolCode() : `BULK-${i}`;
      const amount = cents(1500);
      add({ kind: 'bulk', code, amount, sellerId: seller.id }, () =>
        post('bulk-payment', staff(), { code, paid_amount: centsToDecimal(amount), seller_id: seller.id }),
      );
    }
    for (let i = 0; i < 32; i++) {
      const t = editable[rand(editable.length)];
      const code = rand(8) === 0 ? fixed[rand(2)] : `EDITED-${i}`;
      const amount = cents(t.cardId ? 1000 : 1200);
      const sellerId = t.cardId ? t.sellerId : rand(2) ? X.id : Y.id;
      add({ kind: t.cardId ? 'card-edit' : 'payout-edit', code, amount, sellerId, target: t.id }, () =>
        post(`transaction-update/${t.id}`, staff(), { code, transaction_amount: centsToDecimal(amount), seller_id: sellerId }),
      );
    }
    for (let i = 0; i < 12; i++) {
      const t = editable[rand(editable.length)];
      add({ kind: 'redeem', code: '', amount: 0, sellerId: t.owner.id, target: t.id }, () =>
        post(`transaction-update/${t.id}`, t.owner.token),
      );
    }
    for (let i = jobs.length - 1; i > 0; i--) {
      const j = rand(i + 1);
      [jobs[i], jobs[j]] = [jobs[j], jobs[i]];
    }
    expect(jobs.length).toBeGreaterThanOrEqual(120);
    const started = Date.now();
    await Promise.all(jobs.map((j) => j()));
    const tally: Record<string, number> = {};
    for (const x of sent) {
      const key = `${x.kind} ${x.status}${x.body?.errorMsg ? ` ${x.body.errorMsg}` : ''}`;
      tally[key] = (tally[key] ?? 0) + 1;
    }
    console.log(`${jobs.length} concurrent requests in ${Date.now() - started} ms:`, JSON.stringify(tally));

    // No 5xx; only acceptances and business refusals (a redeem of a payout moved to another seller is a 404).
    const statuses = new Set(sent.map((x) => x.status));
    expect(
      sent.filter((x) => (x.status ?? 500) >= 500),
      JSON.stringify(sent.filter((x) => (x.status ?? 500) >= 500).slice(0, 3)),
    ).toEqual([]);
    for (const x of sent) {
      if (x.status === 200) continue;
      if (x.kind === 'redeem') expect(x.status).toBe(404);
      else {
        // A business refusal with the spec's text, never a constraint violation surfacing as a generic 422.
        expect(x.status, JSON.stringify(x)).toBe(422);
        expect(x.body.errorMsg, JSON.stringify(x)).toMatch(
          /^(Card paid|The code already used\.|Paid amount could not be large than due\.|Amount cannot be bigger \d+(\.\d{1,2})?|This payout is redeemed, so it is settled and cannot be changed\. Reverse the redeem first\.)$/,
        );
      }
    }
    expect(statuses.has(200)).toBe(true);
    expect(
      sent.some(
        (x) => x.status === 422 && /Amount cannot be bigger|Paid amount could not be large than due\./.test(x.body?.errorMsg ?? ''),
      ),
    ).toBe(true);
    expect(sent.some((x) => x.status === 422 && x.body?.errorMsg === 'The code already used.')).toBe(true);

    await checkLedgerInvariants(s.database);

    // Every accepted payment is recorded whole; a refused one left no row with its code (pool codes: the one accepted, if any).
    for (const x of sent.filter((y) => y.kind === 'card' || y.kind === 'bulk')) {
      const row = await transactionByCode(s.database, x.code);
      if (x.status === 200) {
        expect(row, x.code).toMatchObject({ amount: centsToDecimal(x.amount), seller_id: x.sellerId, gift_card_id: x.cardId ?? null });
      } else if (/^(CARD|BULK)-/.test(x.code)) {
        expect(row, x.code).toBeNull();
      }
    }
    for (let k = 0; k < 5; k++) {
      const accepted = sent.filter((x) => x.code === `DUP-${k}` && x.status === 200);
      expect(accepted.length).toBeLessThanOrEqual(1);
      const row = await transactionByCode(s.database, `DUP-${k}`);
      if (accepted.length) expect(row).toMatchObject({ amount: centsToDecimal(accepted[0].amount), seller_id: accepted[0].sellerId });
      else expect(row).toBeNull();
    }
    for (const code of fixed) expect((await transactionByCode(s.database, code))!.amount).toBe('1.00');

    // Each edited payout ends as its last accepted edit left it; refused edits left nothing.
    for (const t of editable) {
      const edits = sent.filter((x) => (x.kind === 'payout-edit' || x.kind === 'card-edit') && x.target === t.id);
      const [row] = await s.database.query<{
        code: string;
        amount: string;
        seller_id: number;
        gift_card_id: number | null;
        is_redeem: number;
      }>(sql`
        SELECT code, transaction_amount::text AS amount, seller_id, gift_card_id, is_redeem FROM transactions WHERE id = ${t.id}`);
      const winner = edits.find((x) => x.code === row.code && x.status === 200);
      if (row.code === t.code) {
        expect(edits.filter((x) => x.status === 200)).toEqual([]);
        expect(row).toMatchObject({ amount: t.cardId ? '2.00' : '5.00', seller_id: t.sellerId });
      } else {
        expect(winner, `${t.id} ended with code ${row.code}`).toBeTruthy();
      }
      if (winner) expect(row).toMatchObject({ amount: centsToDecimal(winner.amount), seller_id: winner.sellerId });
      expect(row.gift_card_id).toBe(t.cardId ?? null);
      for (const x of edits.filter((y) => y.status !== 200 && /^EDITED-/.test(y.code)))
        expect(await transactionByCode(s.database, x.code)).toBeNull();
      const flips = sent.filter((x) => x.kind === 'redeem' && x.target === t.id && x.status === 200).length;
      expect(row.is_redeem, `redeem flips of ${t.id}`).toBe(flips % 2);
    }

    // The audit trail has one entry per accepted payout and edit.
    const audits = await s.database.query<{ action: string; n: number }>(
      sql`SELECT action, count(*)::int AS n FROM audit_log WHERE entity = 'transaction' GROUP BY action`,
    );
    const n = (a: string) => audits.find((r) => r.action === a)?.n ?? 0;
    const ok = (k: Sent['kind']) => sent.filter((x) => x.kind === k && x.status === 200).length;
    expect(n('pay_card')).toBe(ok('card') + 2);
    expect(n('bulk_payment')).toBe(ok('bulk') + fixed.length);
    expect(n('payout')).toBe(6);
    expect(n('update')).toBe(ok('payout-edit') + ok('card-edit'));
    expect(n('redeem')).toBe(ok('redeem'));
  });
});

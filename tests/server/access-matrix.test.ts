import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server';
import { createOffer, form, gallery, png, rangeOffer, staffUpdate, submitCard } from '../helpers/cards';
import { checkLedgerInvariants } from '../helpers/invariants';
import { operationNames, type OperationName } from '../../src/shared/endpoints';
import { accessPolicy, roleMayCall, type AccessRule } from '../../src/shared/access-policy';

/**
 * Every API operation, called as anonymous, seller A, seller B, manager and admin on records of seller A. The
 * answer each must get is derived from the shared access policy (src/shared/access-policy.ts), the table the
 * server enforces: this file only says how to make each call.
 *   ok   = 2xx          401 = no valid token
 *   deny = 403 or 404 (never the record)
 */
type Role = 'anon' | 'sellerA' | 'sellerB' | 'manager' | 'admin';
type Expect = 'ok' | 401 | 'deny';
const ROLES: Role[] = ['anon', 'sellerA', 'sellerB', 'manager', 'admin'];
interface Req {
  method: string;
  url: string;
  body?: unknown;
}
interface Row {
  op: OperationName;
  label?: string;
  req: (r: Role) => Promise<Req> | Req;
  /** For the people rule: the account the call names is staff (a manager) or an admin. */
  target?: 'staff' | 'admin';
}

const OWN_RECORD = new Set<AccessRule['object']>(['own-card', 'own-image', 'own-comment', 'own-payout', 'own-seller']);
/** What `role` must get for `row`, from the policy alone (the calls act on seller A's records). */
function expected(row: Row, role: Role): Expect {
  const rule: AccessRule = accessPolicy[row.op];
  if (role === 'anon') return rule.roles === 'public' ? 'ok' : 401;
  const as = role === 'sellerA' || role === 'sellerB' ? 'seller' : role;
  if (!roleMayCall(row.op, as)) return 'deny';
  if (OWN_RECORD.has(rule.object) && role === 'sellerB') return 'deny';
  if (rule.object === 'people' && role === 'manager' && row.target) {
    if (row.target === 'admin' || row.op !== 'getUser') return 'deny';
  }
  return 'ok';
}

let s: TestServer;
let offer: number;
let approvedCard: number;
let cardNumber: string;
let codeSeq = 0;
const code = () => `M-${Date.now().toString(36)}-${codeSeq++}`;

const token = async (r: Role, fresh = false): Promise<string | undefined> => {
  if (r === 'anon') return undefined;
  const u = s.users[r] as TestUser;
  return fresh ? s.login(u.email) : u.token;
};
const pendingCardOfA = () => submitCard(s, s.users.sellerA, { giftcard_offer_id: offer, price: 50 }, [png(), png()]);
const imageOf = async (card: number) =>
  (await s.database.query<{ id: number }>(sql`SELECT id FROM gift_card_images WHERE gift_card_id = ${card} ORDER BY id LIMIT 1`))[0].id;
const commentOfA = async (card: number) => {
  const r = await s.call('POST', `add-gift-card/${card}`, { token: s.users.sellerA.token, body: { comment: 'from A' } });
  expect(r.status).toBe(200);
  return (await s.database.query<{ id: number }>(sql`SELECT max(id)::int AS id FROM gift_card_comments WHERE gift_card_id = ${card}`))[0]
    .id;
};
const transactionOfA = async () => {
  const c = code();
  const r = await s.call('POST', 'transaction', {
    token: s.users.admin.token,
    body: { code: c, transaction_amount: 1, gidcard_id: approvedCard, seller_id: s.users.sellerA.id },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (await s.database.query<{ id: number }>(sql`SELECT id FROM transactions WHERE code = ${c}`))[0].id;
};

/** A QA sample of the approved card, its decision made by a third staff member (so that manager and admin may look again). */
let qaMaker: TestUser | undefined;
const qaSample = async (status: 'open' | 'disagreed') => {
  qaMaker ??= await s.createUser('manager');
  const second = status === 'open' ? null : qaMaker.id;
  const [row] = await s.database.query<{ id: number }>(
    sql`INSERT INTO qa_reviews (gift_card_id, decision, decided_by, status, qa_by, qa_decision, qa_reason, qa_at)
        VALUES (${approvedCard}, 'approve', ${qaMaker.id}, ${status}, ${second}, ${second === null ? null : 'reject'},
                ${second === null ? null : 'other'}, ${second === null ? null : new Date().toISOString()}) RETURNING id`,
  );
  return row.id;
};

/** An approved card with a payment on it (disputable), disputed too when asked; of a third seller (A's counts stay). */
let sellerC: TestUser | undefined;
const paidCard = async (disputed = false) => {
  sellerC ??= await s.createUser('seller');
  const id = await submitCard(s, sellerC, { giftcard_offer_id: offer, price: 50 }, [png()]);
  expect((await staffUpdate(s, id, { giftcard_offer_id: offer, price: 50, card_status: 1 })).status).toBe(200);
  const pay = await s.call('POST', 'transaction', {
    token: s.users.admin.token,
    body: { code: code(), transaction_amount: 1, gidcard_id: id },
  });
  expect(pay.status).toBe(200);
  if (disputed)
    expect((await s.call('POST', `gift-card-dispute/${id}`, { token: s.users.admin.token, body: { reason: 'used' } })).status).toBe(200);
  return id;
};
/**
 * A payout waiting for a second staff member, asked for by a third staff member, to a seller whose card that third
 * person approved (the checker may not be the approver of a card the payment pays).
 */
let maker: TestUser | undefined;
let sellerD: TestUser | undefined;
const pendingRequest = async () => {
  maker ??= await s.createUser('manager', 'Matrix maker');
  if (!sellerD) {
    sellerD = await s.createUser('seller');
    const id = await submitCard(s, sellerD, { giftcard_offer_id: offer, price: 50 }, [png()]);
    expect((await staffUpdate(s, id, { giftcard_offer_id: offer, price: 50, card_status: 1 }, maker.token)).status).toBe(200);
  }
  const [r] = await s.database.query<{ id: number }>(
    sql`INSERT INTO pending_payments (kind, maker_id, seller_id, code, amount)
        VALUES ('payout', ${maker.id}, ${sellerD.id}, ${code()}, 0.25) RETURNING id`,
  );
  return r.id;
};
/** Issue 53: a card of seller A rejected by a third staff member (so either staff role may decide its appeal), and A's appeal. */
let rejecter: TestUser | undefined;
const rejectedCardOfA = async () => {
  rejecter ??= await s.createUser('manager', 'Matrix rejecter');
  const id = await pendingCardOfA();
  const body = { action: 'reject', reject_reason: 'other' };
  expect((await s.call('POST', `gift-card-review/${id}`, { token: rejecter.token, body })).status).toBe(200);
  return id;
};
const appealOfA = async () => {
  const id = await rejectedCardOfA();
  const r = await s.call('POST', `gift-card-appeal/${id}`, { token: s.users.sellerA.token, body: { note: 'Please look again.' } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (await s.database.query<{ id: number }>(sql`SELECT id FROM card_appeals WHERE gift_card_id = ${id}`))[0].id;
};
/** Issue 53: a card of seller A approved at an adjusted value, waiting for A's answer (a new one per call). */
const adjustedCardOfA = async () => {
  const id = await pendingCardOfA();
  const body = { action: 'approve', adjusted_price: 40, adjust_reason: 'partial_balance', adjust_note: 'Balance $40.' };
  const r = await s.call('POST', `gift-card-review/${id}`, { token: s.users.manager.token, body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  // Approved "last year" in the rollup, so A's approvals today stay the one card the data test below counts.
  await s.database.query(sql`UPDATE gift_cards SET approval_date = approval_date - interval '400 days' WHERE id = ${id}`);
  return id;
};
const isStaffRole = (r: Role) => r === 'manager' || r === 'admin';
/** Issue 53: a box on the card's first photo, for a decision's proof. */
const proofOn = async (card: number) => ({ regions: [{ image_id: await imageOf(card), x: 0.1, y: 0.1, w: 0.5, h: 0.5 }] });
/** A card of seller A rejected with a box on its photo (made once). */
let provenCard: number | undefined;
const rejectedWithProof = async () => {
  if (provenCard) return provenCard;
  const id = await pendingCardOfA();
  const r = await s.call('POST', `gift-card-review/${id}`, {
    token: s.users.manager.token,
    body: { action: 'reject', reject_reason: 'other', proof: await proofOn(id) },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (provenCard = id);
};

const rows: Row[] = [
  { op: 'logout', req: () => ({ method: 'POST', url: 'logout' }) },
  { op: 'sellerDue', req: () => ({ method: 'GET', url: 'seller-due' }) },
  { op: 'allOffers', req: () => ({ method: 'GET', url: 'all-gift-card-offer' }) },
  { op: 'listOffers', req: () => ({ method: 'GET', url: 'gift-card-offer?page=1' }) },
  { op: 'getOffer', req: () => ({ method: 'GET', url: `gift-card-offer/${offer}` }) },
  { op: 'createOffer', req: () => ({ method: 'POST', url: 'gift-card-offer', body: rangeOffer({ title: 'matrix' }) }) },
  {
    op: 'updateOffer',
    req: () => ({
      method: 'POST',
      url: `gift-card-offer-update/${offer}`,
      body: rangeOffer({ title: 'Matrix offer', min_price: 10, max_price: 1000, rate: 10 }),
    }),
  },
  {
    op: 'deleteOffer',
    req: async () => ({ method: 'DELETE', url: `gift-card-offer/${await createOffer(s, rangeOffer({ title: 'to delete' }))}` }),
  },
  {
    op: 'createCard',
    req: () => ({ method: 'POST', url: 'gift-card', body: form({ giftcard_offer_id: offer, price: 20 }, gallery(png())) }),
  },
  { op: 'listCards', req: () => ({ method: 'GET', url: 'gift-card?page=1' }) },
  { op: 'myCards', req: () => ({ method: 'GET', url: 'my-giftcard?page=1' }) },
  { op: 'cardStatusCounts', req: () => ({ method: 'GET', url: 'gift-card-status-counts' }) },
  { op: 'exportCards', req: () => ({ method: 'GET', url: 'export/gift-card?status=1' }) },
  { op: 'exportMyCards', req: () => ({ method: 'GET', url: 'export/my-giftcard' }) },
  { op: 'exportTransactions', req: () => ({ method: 'GET', url: 'export/transaction' }) },
  { op: 'exportMyTransactions', req: () => ({ method: 'GET', url: 'export/my-transaction' }) },
  { op: 'exportSellers', req: () => ({ method: 'GET', url: 'export/seller-lists' }) },
  { op: 'exportUsers', req: () => ({ method: 'GET', url: 'export/all-user-lists' }) },
  { op: 'exportOffers', req: () => ({ method: 'GET', url: 'export/gift-card-offer' }) },
  { op: 'getCard', req: () => ({ method: 'GET', url: `gift-card/${approvedCard}` }) },
  {
    op: 'getCard',
    label: 'getCard of a card rejected with proof',
    req: async () => ({ method: 'GET', url: `gift-card/${await rejectedWithProof()}` }),
  },
  {
    op: 'updateCard',
    req: async () => ({
      method: 'POST',
      url: `gift-card-update/${await pendingCardOfA()}`,
      body: { giftcard_offer_id: offer, price: 60, description: 'edited' },
    }),
  },
  { op: 'deleteCard', req: async () => ({ method: 'DELETE', url: `gift-card/${await pendingCardOfA()}` }) },
  {
    op: 'deleteCardImage',
    req: async () => ({ method: 'DELETE', url: `delete-giftcard-image/${await imageOf(await pendingCardOfA())}` }),
  },
  {
    op: 'searchCardNumber',
    req: () => ({ method: 'POST', url: 'search-card-number', body: { card_number: cardNumber } }),
  },
  { op: 'listComments', req: () => ({ method: 'GET', url: `gift-card-comments/${approvedCard}?page=1` }) },
  {
    op: 'addComment',
    req: () => ({ method: 'POST', url: `add-gift-card/${approvedCard}`, body: { comment: 'matrix comment' } }),
  },
  {
    op: 'deleteComment',
    req: async () => ({ method: 'DELETE', url: `delete-giftcard-comment/${await commentOfA(approvedCard)}` }),
  },
  {
    op: 'createTransaction',
    req: () => ({
      method: 'POST',
      url: 'transaction',
      body: { code: code(), transaction_amount: 0.5, gidcard_id: approvedCard, seller_id: s.users.sellerA.id },
    }),
  },
  { op: 'getTransaction', req: async () => ({ method: 'GET', url: `transaction/${await transactionOfA()}` }) },
  {
    op: 'updateTransaction',
    req: async (r) => ({
      method: 'POST',
      url: `transaction-update/${await transactionOfA()}`,
      body: r === 'manager' || r === 'admin' ? { code: code(), transaction_amount: 1, seller_id: s.users.sellerA.id } : {},
    }),
  },
  { op: 'listTransactions', req: () => ({ method: 'GET', url: 'transaction?page=1' }) },
  { op: 'myTransactions', req: () => ({ method: 'GET', url: 'my-transaction?page=1' }) },
  {
    op: 'bulkPayment',
    req: () => ({ method: 'POST', url: 'bulk-payment', body: { seller_id: s.users.sellerA.id, paid_amount: 0.25, code: code() } }),
  },
  {
    op: 'disputeCard',
    req: async (r) => ({
      method: 'POST',
      url: `gift-card-dispute/${isStaffRole(r) ? await paidCard() : approvedCard}`,
      body: { reason: 'used', note: 'matrix' },
    }),
  },
  {
    op: 'disputeCard',
    label: 'disputeCard with proof',
    req: async (r) => {
      const id = isStaffRole(r) ? await paidCard() : approvedCard;
      return { method: 'POST', url: `gift-card-dispute/${id}`, body: { reason: 'used', proof: await proofOn(id) } };
    },
  },
  {
    op: 'resolveDispute',
    req: async (r) => ({
      method: 'POST',
      url: `gift-card-dispute-resolve/${isStaffRole(r) ? await paidCard(true) : approvedCard}`,
      body: {},
    }),
  },
  {
    op: 'sellerStatement',
    req: () => ({ method: 'GET', url: `seller-statement?start_date=2026-01-01&end_date=2026-12-31&seller_id=${s.users.sellerA.id}` }),
  },
  {
    op: 'exportStatement',
    req: () => ({
      method: 'GET',
      url: `export/seller-statement?start_date=2026-01-01&end_date=2026-12-31&seller_id=${s.users.sellerA.id}`,
    }),
  },
  { op: 'sellerList', req: () => ({ method: 'GET', url: 'seller-lists?page=1' }) },
  { op: 'listUsers', req: () => ({ method: 'GET', url: 'all-user-lists?page=1' }) },
  { op: 'getUser', req: () => ({ method: 'GET', url: `users/${s.users.sellerA.id}` }) },
  {
    op: 'getUser',
    label: 'getUser (an admin)',
    req: () => ({ method: 'GET', url: `users/${s.users.admin.id}` }),
    target: 'admin',
  },
  {
    op: 'createUser',
    req: () => ({
      method: 'POST',
      url: 'users',
      body: { name: 'Matrix', email: `m-${code().toLowerCase()}@x.io`, role: 'seller', password: 'secret-1' },
    }),
  },
  {
    op: 'updateUser',
    req: () => ({
      method: 'PUT',
      url: `users/${s.users.sellerA.id}`,
      body: { name: 'Seller A', email: s.users.sellerA.email, role: 'seller' },
    }),
  },
  {
    op: 'updateUser',
    label: 'updateUser (an admin)',
    req: async () => {
      const other = await s.createUser('admin');
      return { method: 'PUT', url: `users/${other.id}`, body: { name: 'x', email: other.email, role: 'manager' } };
    },
    target: 'admin',
  },
  {
    op: 'updateUser',
    label: 'updateUser (a manager)',
    req: async () => {
      const other = await s.createUser('manager');
      return { method: 'PUT', url: `users/${other.id}`, body: { name: 'x', email: other.email, role: 'manager' } };
    },
    target: 'staff',
  },
  {
    op: 'deleteUser',
    label: 'deleteUser (a manager)',
    req: async () => ({ method: 'DELETE', url: `users/${(await s.createUser('manager')).id}` }),
    target: 'staff',
  },
  { op: 'deleteUser', req: async () => ({ method: 'DELETE', url: `users/${(await s.createUser('seller')).id}` }) },
  {
    op: 'deleteUser',
    label: 'deleteUser (an admin)',
    req: async () => ({ method: 'DELETE', url: `users/${(await s.createUser('admin')).id}` }),
    target: 'admin',
  },
  {
    op: 'chartData',
    req: () => ({ method: 'POST', url: 'chart-data', body: { start_date: '2026-01-01', end_date: '2026-01-31', seller_id: 0 } }),
  },
  {
    op: 'chartDataYearly',
    req: () => ({ method: 'POST', url: 'chart-data-yearly', body: { start_date: '2026-01-01', end_date: '2026-12-31', seller_id: 0 } }),
  },
  { op: 'dashboardChart', req: () => ({ method: 'GET', url: 'chart-data?start_date=2026-01-01&end_date=2026-01-31' }) },
  { op: 'dashboardFigures', req: () => ({ method: 'GET', url: 'dashboard-figures' }) },
  // The JSON form of the events call (the stream is tested in events.test.ts); a seller's own only.
  { op: 'events', req: () => ({ method: 'GET', url: 'events?after=0' }) },
  {
    op: 'reviewCard',
    req: async () => ({
      method: 'POST',
      url: `gift-card-review/${await pendingCardOfA()}`,
      body: { action: 'reject', reject_reason: 'other' },
    }),
  },
  {
    op: 'reviewCard',
    label: 'reviewCard with proof',
    req: async () => {
      const id = await pendingCardOfA();
      return {
        method: 'POST',
        url: `gift-card-review/${id}`,
        body: { action: 'reject', reject_reason: 'other', proof: await proofOn(id) },
      };
    },
  },
  {
    op: 'reviewCards',
    req: async () => ({
      method: 'POST',
      url: 'gift-card-review-bulk',
      body: { ids: [await pendingCardOfA()], action: 'reject', reject_reason: 'unreadable_image' },
    }),
  },
  // Duplicate links and claims name other sellers' cards: staff only, even for the card's own seller.
  { op: 'cardDuplicates', req: () => ({ method: 'GET', url: `gift-card-duplicates/${approvedCard}` }) },
  { op: 'claimCard', req: async () => ({ method: 'POST', url: `gift-card-claim/${await pendingCardOfA()}` }) },
  { op: 'startReview', req: () => ({ method: 'POST', url: 'gift-card-review-next', body: {} }) },
  { op: 'releaseClaim', req: async () => ({ method: 'DELETE', url: `gift-card-claim/${await pendingCardOfA()}` }) },
  { op: 'cardHistory', req: () => ({ method: 'GET', url: `gift-card-history/${approvedCard}?page=1` }) },
  { op: 'cardMoney', req: () => ({ method: 'GET', url: `gift-card-money/${approvedCard}` }) },
  { op: 'listPendingPayments', req: () => ({ method: 'GET', url: 'pending-payment' }) },
  { op: 'approvePendingPayment', req: async () => ({ method: 'POST', url: `pending-payment-approve/${await pendingRequest()}` }) },
  {
    op: 'declinePendingPayment',
    req: async () => ({ method: 'POST', url: `pending-payment-decline/${await pendingRequest()}`, body: { reason: 'matrix' } }),
  },
  {
    op: 'rejectReasons',
    req: () => ({
      method: 'POST',
      url: 'chart-data-reject-reasons',
      body: { start_date: '2026-01-01', end_date: '2026-12-31', seller_id: 0 },
    }),
  },
  { op: 'settings', req: () => ({ method: 'GET', url: 'settings' }) },
  { op: 'listRejectRemedies', req: () => ({ method: 'GET', url: 'reject-remedies' }) },
  {
    op: 'updateRejectRemedy',
    req: (r) => ({ method: 'PUT', url: 'reject-remedies', body: { reason: 'other', remedy: `Read the note (${r}).` } }),
  },
  { op: 'qaPolicy', req: () => ({ method: 'GET', url: 'qa-policy' }) },
  { op: 'updateQaPolicy', req: () => ({ method: 'PUT', url: 'qa-policy', body: { decision: 'approve', percent: 5 } }) },
  // Seller trust (issue 54): staff read a seller's score and the policy; admins edit the policy (here to what it is).
  { op: 'sellerTrust', req: () => ({ method: 'GET', url: `seller-trust/${s.users.sellerA.id}` }) },
  { op: 'trustPolicy', req: () => ({ method: 'GET', url: 'trust-policy' }) },
  { op: 'updateTrustPolicy', req: () => ({ method: 'PUT', url: 'trust-policy', body: { band: 'normal', min_score: 40, hold_days: 0 } }) },
  { op: 'listQaReviews', req: () => ({ method: 'GET', url: 'qa-review?status=open' }) },
  { op: 'getQaReview', req: async () => ({ method: 'GET', url: `qa-review/${await qaSample('open')}` }) },
  {
    op: 'decideQaReview',
    req: async () => ({ method: 'POST', url: `qa-review/${await qaSample('open')}`, body: { decision: 'approve' } }),
  },
  {
    op: 'resolveQaReview',
    req: async () => ({
      method: 'POST',
      url: `qa-review-resolve/${await qaSample('disagreed')}`,
      body: { resolution: 'first', note: 'm' },
    }),
  },
  {
    op: 'resubmitCard',
    req: async () => ({ method: 'POST', url: `gift-card-resubmit/${await rejectedCardOfA()}`, body: form({}, gallery(png())) }),
  },
  {
    op: 'appealCard',
    req: async () => ({
      method: 'POST',
      url: `gift-card-appeal/${await rejectedCardOfA()}`,
      body: form({ note: 'Look again.' }, gallery(png())),
    }),
  },
  { op: 'acceptAdjustment', req: async () => ({ method: 'POST', url: `gift-card-adjustment-accept/${await adjustedCardOfA()}` }) },
  { op: 'withdrawAdjustment', req: async () => ({ method: 'POST', url: `gift-card-adjustment-withdraw/${await adjustedCardOfA()}` }) },
  {
    op: 'getCard',
    label: 'getCard of a card approved at an adjusted value',
    req: async () => ({ method: 'GET', url: `gift-card/${await adjustedCardOfA()}` }),
  },
  { op: 'listAppeals', req: () => ({ method: 'GET', url: 'appeal?state=open' }) },
  { op: 'getAppeal', req: async () => ({ method: 'GET', url: `appeal/${await appealOfA()}` }) },
  {
    op: 'decideAppeal',
    req: async () => ({ method: 'POST', url: `appeal-decide/${await appealOfA()}`, body: { outcome: 'upheld', note: 'It stands.' } }),
  },
  { op: 'sellerInbox', req: () => ({ method: 'GET', url: 'seller-inbox?page=1' }) },
  { op: 'markInboxRead', req: () => ({ method: 'POST', url: 'seller-inbox/read', body: {} }) },
  { op: 'listAuditLog', req: () => ({ method: 'GET', url: `audit-log?entity=gift_card&entity_id=${approvedCard}` }) },
  { op: 'exportAuditLog', req: () => ({ method: 'GET', url: `export/audit-log?actor_id=${s.users.sellerA.id}` }) },
  // Payout holds (issue 54): on a pending card of seller A (A's payments elsewhere in this file are unaffected).
  {
    op: 'placeHold',
    req: async () => ({ method: 'POST', url: 'payout-holds', body: { gift_card_id: await pendingCardOfA(), reason: 'matrix' } }),
  },
  {
    op: 'releaseHold',
    req: async () => {
      const h = await s.call('POST', 'payout-holds', {
        token: s.users.admin.token,
        body: { gift_card_id: await pendingCardOfA(), reason: 'matrix' },
      });
      expect(h.status, JSON.stringify(h.body)).toBe(200);
      return { method: 'POST', url: `payout-hold-release/${h.body.data.id}`, body: {} };
    },
  },
  { op: 'listHolds', req: () => ({ method: 'GET', url: `payout-holds?seller_id=${s.users.sellerA.id}` }) },
  // Linked sellers (issue 54): staff only; a seller never sees a link, their own included.
  { op: 'listSellerLinks', req: () => ({ method: 'GET', url: `seller-links?seller_id=${s.users.sellerA.id}` }) },
  {
    op: 'markLinkKnownGood',
    req: async () => {
      // Two new sellers sharing a card number: a link of their own, not yet marked, for each role's try.
      const [x, y] = [await s.createUser('seller'), await s.createUser('seller')];
      const n = `MATRIX-LINK-${x.id}`;
      await submitCard(s, x, { giftcard_offer_id: offer, price: 50, card_number: n });
      await submitCard(s, y, { giftcard_offer_id: offer, price: 50, card_number: n });
      const l = await s.call('GET', `seller-links?seller_id=${x.id}`, { token: s.users.admin.token });
      expect(l.body.data, JSON.stringify(l.body)).toHaveLength(1);
      return { method: 'POST', url: `seller-link-known-good/${l.body.data[0].id}`, body: { note: 'matrix' } };
    },
  },
  // Reviewer figures name other reviewers: admins only (issue 54).
  { op: 'reviewerFigures', req: () => ({ method: 'GET', url: 'reviewer-figures?from=2026-01-01&to=2026-12-31' }) },
  { op: 'exportReviewerFigures', req: () => ({ method: 'GET', url: 'export/reviewer-figures?from=2026-01-01&to=2026-12-31' }) },
];

beforeAll(async () => {
  s = await startTestServer();
  offer = await createOffer(s, rangeOffer({ title: 'Matrix offer', min_price: 10, max_price: 1000, rate: 10 }));
  approvedCard = await pendingCardOfA();
  cardNumber = `NUM-${Date.now()}`;
  expect(
    (await staffUpdate(s, approvedCard, { giftcard_offer_id: offer, price: 500, card_number: cardNumber, card_status: 1 })).status,
  ).toBe(200);
});
// Every test leaves the ledger consistent (checked after each one, so it holds whichever tests run).
afterEach(async () => checkLedgerInvariants(s.database));
afterAll(async () => s?.close());

describe('access matrix', () => {
  it('covers every operation of the contract except login, each with a policy', () => {
    const covered = new Set(rows.map((r) => r.op));
    expect(operationNames.filter((o) => o !== 'login' && !covered.has(o))).toEqual([]);
    expect(operationNames.filter((o) => !accessPolicy[o])).toEqual([]);
  });

  it('the OpenAPI document shows the same policy on every operation', async () => {
    const doc = await s.call('GET', '/api/openapi.json');
    const ops = Object.values(
      doc.body.paths as Record<string, Record<string, { operationId: OperationName; 'x-access': unknown }>>,
    ).flatMap((p) => Object.values(p));
    expect(ops.length).toBe(operationNames.length);
    for (const op of ops) expect(op['x-access'], op.operationId).toEqual(JSON.parse(JSON.stringify(accessPolicy[op.operationId])));
  });

  let checks = 0;
  for (const row of rows) {
    it(`${row.label ?? row.op}`, async () => {
      for (const role of ROLES) {
        const req = await row.req(role);
        const t = await token(role, row.op === 'logout');
        const res = await s.call(req.method, req.url, { token: t, body: req.body });
        const want = expected(row, role);
        const where = `${row.label ?? row.op} as ${role}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;
        if (want === 'ok') expect(res.status >= 200 && res.status < 300, where).toBe(true);
        else if (want === 401) expect(res.status, where).toBe(401);
        else {
          expect([403, 404], where).toContain(res.status);
          // A refusal never carries the record.
          expect(res.body?.data, where).toBeUndefined();
        }
        checks += 1;
      }
    });
  }
  afterAll(() => console.log(`access matrix: ${rows.length} rows x ${ROLES.length} roles, ${checks} checks run`));
});

describe("a seller's data stays theirs", () => {
  it('seller B sees none of seller A’s cards, transactions or due; seller_id from a seller is not trusted', async () => {
    const b = s.users.sellerB.token;
    const events = await s.call('GET', 'events?after=0', { token: b });
    expect(events.body.events.every((e: { seller_id: number }) => e.seller_id === s.users.sellerB.id)).toBe(true);
    const eventsOfA = await s.call('GET', 'events?after=0', { token: s.users.sellerA.token });
    expect(eventsOfA.body.events.length).toBeGreaterThan(0);
    const mine = await s.call('GET', 'my-giftcard?page=1', { token: b });
    expect(mine.body.data.data.every((c: { seller_id: number }) => c.seller_id === s.users.sellerB.id)).toBe(true);
    // The popup's matches by number (issue 55): A's number finds A's card for A, nothing for B.
    const byNumber = (token: string) => s.call('GET', `my-giftcard?number=${encodeURIComponent(cardNumber)}`, { token });
    expect((await byNumber(s.users.sellerA.token)).body.data.data.map((c: { id: number }) => c.id)).toEqual([approvedCard]);
    expect((await byNumber(b)).body.data.total).toBe(0);
    const tx = await s.call('GET', 'my-transaction?page=1', { token: b });
    expect(tx.body.data.data.every((t: { seller_id: number }) => t.seller_id === s.users.sellerB.id)).toBe(true);
    const dueA = await s.call('GET', 'seller-due', { token: s.users.sellerA.token });
    const dueB = await s.call('GET', 'seller-due', { token: b });
    expect(dueA.body.due).toBeGreaterThan(0);
    expect(dueB.body.due).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    const asB = await s.call('POST', 'chart-data', {
      token: b,
      body: { start_date: today, end_date: today, seller_id: s.users.sellerA.id },
    });
    const asA = await s.call('POST', 'chart-data', {
      token: s.users.sellerA.token,
      body: { start_date: today, end_date: today, seller_id: 0 },
    });
    expect(asA.body.approvalArray[0]).toBe(1);
    expect(asB.body.approvalArray[0]).toBe(0);
  });

  it('ignores mass-assigned fields: status, rate, paid amount, seller and role', async () => {
    const r = await s.call('POST', 'gift-card', {
      token: s.users.sellerA.token,
      body: form(
        {
          giftcard_offer_id: offer,
          price: 40,
          card_status: 1,
          rate: 0,
          paid_amount: 40,
          seller_id: s.users.sellerB.id,
          card_number: 'SELF-SET',
          approval_date: '2020-01-01',
        },
        gallery(png()),
      ),
    });
    expect(r.status).toBe(200);
    const [card] = await s.database.query<{
      id: number;
      seller_id: number;
      card_status: number;
      rate: string;
      paid_amount: string;
      approval_date: string | null;
    }>(sql`SELECT id, seller_id, card_status, rate::text, paid_amount::text, approval_date FROM gift_cards ORDER BY id DESC LIMIT 1`);
    expect(card).toMatchObject({ seller_id: s.users.sellerA.id, card_status: 0, rate: '4.00', paid_amount: '0.00', approval_date: null });
    const edit = await s.call('POST', `gift-card-update/${card.id}`, {
      token: s.users.sellerA.token,
      body: { giftcard_offer_id: offer, price: 40, card_status: 1, card_number: 'HACK', paid_amount: 40 },
    });
    expect(edit.status).toBe(200);
    const [after] = await s.database.query<{ card_status: number; paid_amount: string }>(
      sql`SELECT card_status, paid_amount::text FROM gift_cards WHERE id = ${card.id}`,
    );
    expect(after).toEqual({ card_status: 0, paid_amount: '0.00' });
    // Staff cannot make an admin through the users API.
    const admin = await s.call('POST', 'users', {
      token: s.users.manager.token,
      body: { name: 'Sneaky', email: 'sneaky@x.io', role: 'admin', password: 'secret-1' },
    });
    expect(admin.status).toBe(422);
    // Paying A's card while naming seller B pays A.
    const c = code();
    const pay = await s.call('POST', 'transaction', {
      token: s.users.admin.token,
      body: { code: c, transaction_amount: 1, gidcard_id: approvedCard, seller_id: s.users.sellerB.id },
    });
    expect(pay.status).toBe(200);
    const [t] = await s.database.query<{ seller_id: number }>(sql`SELECT seller_id FROM transactions WHERE code = ${c}`);
    expect(t.seller_id).toBe(s.users.sellerA.id);
    // A seller's redeem toggle ignores any fields, even invalid ones.
    const [tx] = await s.database.query<{ id: number; is_redeem: number; amount: string }>(
      sql`SELECT id, is_redeem, transaction_amount::text AS amount FROM transactions WHERE code = ${c}`,
    );
    const redeem = await s.call('POST', `transaction-update/${tx.id}`, {
      token: s.users.sellerA.token,
      body: { transaction_amount: 'abc', code: '', seller_id: s.users.sellerB.id, is_redeem: 7 },
    });
    expect(redeem.status, JSON.stringify(redeem.body)).toBe(200);
    expect(redeem.body.msg).toBe('REDEEM Status Updated.');
    const [after2] = await s.database.query<{ is_redeem: number; amount: string; seller_id: number }>(
      sql`SELECT is_redeem, transaction_amount::text AS amount, seller_id FROM transactions WHERE id = ${tx.id}`,
    );
    expect(after2).toEqual({ is_redeem: 1 - tx.is_redeem, amount: tx.amount, seller_id: s.users.sellerA.id });
    await checkLedgerInvariants(s.database);
  });
});

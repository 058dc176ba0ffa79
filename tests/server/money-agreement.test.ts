import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server';
import { createOffer, form, rangeOffer, staffUpdate, submitCard } from '../helpers/cards';
import { checkLedgerInvariants } from '../helpers/invariants';
import { clock } from '../../src/server/clock';

/**
 * One truth for money (issue 28), as a model-based property (fast-check commands): random sequences of submit,
 * approve, reject, card payment, seller payout, bulk payment, payout edit, dispute, resolve and delete for two
 * sellers. After every step each seller's due is the same in every place that shows it: seller-due, their
 * seller-lists row, their dashboard figures, their statement's closing due, the sum of `due` over my-giftcard (every
 * status) and over export/my-giftcard, and the sum of each card's gift-card-money due (each the same as the card's
 * list row). Staff's "paid this month" is the sum of the payouts made (with their edits), whatever the clawbacks.
 * Payout holds (issue 54): cards under an offer with hold days, staff holds on a card or a seller, their release, and
 * the clock moved on. Every surface's available now and on hold agree, due = available now + on hold, on hold is the
 * sum of the dues of the cards whose gift-card-money shows a hold, and no payment ever goes to a held card.
 * Adjusted approvals (issue 53): a pending card approved at a lower value (on hold until its seller answers), the
 * seller accepting it or withdrawing the card (rejected, its asked price back); the same figures agree after each.
 * Appeals (issue 53): a seller appeals a rejection or contests a clawback (once per decision); a staff member other
 * than the decision's maker (the maker is refused) upholds it or reverses it. A reversed rejection is Pending again
 * (and can be approved), a reversed clawback goes back through the ledger: the card is approved, owes its payable less
 * what was paid on it again, and its seller's due moves by exactly as much; an appeal of a decision since replaced
 * cannot be reversed.
 */
const RUNS = Number(process.env.MONEY_AGREEMENT_RUNS ?? 10);
// The checks after the run want every kind of step accepted in some run; whether 10 runs of random steps do that
// depends on the seed (about one seed in three does, as before the appeal steps): this one does on both databases.
const SEED = Number(process.env.MONEY_AGREEMENT_SEED ?? 20261128);

let s: TestServer;
let offer: number;
/** The same offer with a payout hold of 3 days. */
let heldOffer: number;
/** The fake clock's lead over the real one (the "advance" step moves it). */
let lead = 0;
const realNow = clock.now;
/** Every payout accepted in this file, by code, with its amount in cents after its edits. */
const payouts = new Map<string, number>();
const accepted = new Map<string, number>();
const count = (key: string) => accepted.set(key, (accepted.get(key) ?? 0) + 1);
let codeSeq = 0;

/** A rejection or a clawback a seller may appeal once, and who made it (who may not decide its appeal). */
interface Decision {
  kind: 'rejection' | 'clawback';
  by: TestUser;
  appealed: boolean;
}
interface Model {
  sellers: TestUser[];
  /**
   * The cards, with the status the model expects (steps pick among the cards in the status they act on) and their
   * current decision (a rejection or clawback; another status change replaces it). `reinstated`: Pending by an appeal.
   */
  cards: {
    id: number;
    price: number;
    seller: number;
    status: number;
    offer: number;
    asked?: number;
    decision?: Decision;
    reinstated?: boolean;
  }[];
  /** The appeals not yet decided, each with the decision it appeals (the card's still, or replaced since). */
  appeals: { id: number; card: number; decision: Decision }[];
  /** Staff holds placed (their ids, and their card's: deleting a card deletes its holds), released or not. */
  holds: { id: number; card: number | null }[];
  codes: string[];
}
type Real = TestServer;
type Result = { status: number; body: unknown } | null;

beforeAll(async () => {
  s = await startTestServer();
  offer = await createOffer(s, rangeOffer({ title: 'Agreement 12.5%' }));
  heldOffer = await createOffer(s, rangeOffer({ title: 'Agreement held 3 days', hold_days: 3 }));
  clock.now = () => new Date(Date.now() + lead);
});
afterAll(async () => {
  clock.now = realNow;
  await s?.close();
});

const cents = (n: number) => Math.round(n * 100);
const today = () => new Date().toISOString().slice(0, 10);
const yearAgo = () => new Date(Date.now() - 360 * 86_400_000).toISOString().slice(0, 10);
const staffMember = () => (codeSeq % 2 ? s.users.admin : s.users.manager);
const staffToken = () => staffMember().token;
const pick = <T>(list: T[], i: number) => (list.length ? list[i % list.length] : undefined);

async function allMyCards(seller: TestUser): Promise<{ id: number; due: number }[]> {
  const out: { id: number; due: number }[] = [];
  for (let page = 1; ; page++) {
    const r = await s.call('GET', `my-giftcard?page=${page}&per_page=100`, { token: seller.token });
    expect(r.status).toBe(200);
    out.push(...r.body.data.data);
    if (out.length >= r.body.data.total || r.body.data.data.length === 0) return out;
  }
}

async function exportedDue(seller: TestUser): Promise<number> {
  const res = await s.app.inject({ method: 'GET', url: '/api/export/my-giftcard', headers: { authorization: `Bearer ${seller.token}` } });
  expect(res.statusCode).toBe(200);
  const rows = parse(res.body, { columns: true }) as { due: string }[];
  return rows.reduce((t, r) => t + cents(Number(r.due)), 0);
}

/** Every figure of one seller's due, in cents, each named by where it was read. */
async function figuresOf(seller: TestUser): Promise<Record<string, number>> {
  const [due, row, dash, st, cards, csv] = await Promise.all([
    s.call('GET', 'seller-due', { token: seller.token }),
    s.call('GET', `seller-lists?q=${encodeURIComponent(seller.email)}&per_page=100`, { token: s.users.admin.token }),
    s.call('GET', 'dashboard-figures', { token: seller.token }),
    s.call('GET', `seller-statement?start_date=${yearAgo()}&end_date=${today()}`, { token: seller.token }),
    allMyCards(seller),
    exportedDue(seller),
  ]);
  const listed = (row.body.data as { id: number; seller_due: number }[]).find((r) => r.id === seller.id);
  let moneyDue = 0;
  let heldDue = 0;
  for (const c of cards) {
    const m = await s.call('GET', `gift-card-money/${c.id}`, { token: seller.token });
    expect(m.status).toBe(200);
    expect(m.body.data.due, `card ${c.id}: gift-card-money and the list disagree`).toBe(c.due);
    moneyDue += cents(m.body.data.due);
    if (m.body.data.hold && m.body.data.card_status === 1) heldDue += cents(m.body.data.due);
  }
  // Payout holds: each surface's available now and on hold are the same, they add up to the due, and what is on hold
  // is what the held cards' money panels owe.
  const holds = [due.body, listed, dash.body, st.body.today].map((f) => ({
    available_now: f?.available_now,
    on_hold: f?.on_hold,
    hold_release: f?.hold_release,
  }));
  for (const h of holds.slice(1)) expect(h, `${seller.email}: hold figures disagree`).toEqual(holds[0]);
  expect(cents(holds[0].available_now) + cents(holds[0].on_hold), 'due = available now + on hold').toBe(cents(due.body.due));
  expect(cents(holds[0].on_hold), "on hold = the held cards' dues").toBe(heldDue);
  expect(cents(st.body.today.due)).toBe(cents(due.body.due));
  return {
    'seller-due': cents(due.body.due),
    'seller-lists row': cents(listed?.seller_due ?? NaN),
    'dashboard-figures': cents(dash.body.due),
    'statement closing due': cents(st.body.closing_due),
    'sum of my-giftcard due': cards.reduce((t, c) => t + cents(c.due), 0),
    'sum of export/my-giftcard due': csv,
    'sum of gift-card-money due': moneyDue,
  };
}

async function checkAgreement(m: Model, after: string) {
  await checkLedgerInvariants(s.database);
  for (const seller of m.sellers) {
    const figures = await figuresOf(seller);
    const expected = figures['seller-due'];
    for (const [where, value] of Object.entries(figures)) expect(value, `${where} after ${after}`).toBe(expected);
  }
  const staff = await s.call('GET', 'dashboard-figures', { token: s.users.admin.token });
  const paid = [...payouts.values()].reduce((t, c) => t + c, 0);
  expect(cents(staff.body.paid_this_month), `staff paid this month after ${after}`).toBe(paid);
}

/**
 * One step: performs its call, records what it changed in the model, then checks that every figure agrees. A step with
 * nothing to act on in the model (`applies` false: no card in the status it acts on) is skipped, so that it costs no
 * check and the run's steps go to those that can act.
 */
class Step implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly name: string,
    readonly args: Record<string, number | string>,
    readonly act: (m: Model) => Promise<Result>,
    readonly applies: (m: Model) => boolean = () => true,
  ) {}
  check = (m: Readonly<Model>) => this.applies(m as Model);
  async run(m: Model) {
    const r = await this.act(m);
    if (r) {
      expect(r.status, `${this.toString()}: ${JSON.stringify(r.body)}`).toBeLessThan(500);
      if (r.status !== 200) expect([403, 409, 422], `${this.toString()}: ${JSON.stringify(r.body)}`).toContain(r.status);
      else count(this.name);
    }
    await checkAgreement(m, this.toString());
  }
  toString = () => `${this.name}(${JSON.stringify(this.args)})`;
}

/** The ids of the model's cards whose money panel shows a hold now. */
async function heldNow(m: Model): Promise<Set<number>> {
  const out = new Set<number>();
  for (const c of m.cards)
    if ((await s.call('GET', `gift-card-money/${c.id}`, { token: s.users.admin.token })).body.data.hold) out.add(c.id);
  return out;
}

/** A payment; whatever it is, none of its allocations goes to a card held when it was made. */
async function pay(m: Model, body: Record<string, unknown>, path = 'transaction'): Promise<Result> {
  const code = `AG-${++codeSeq}`;
  const held = await heldNow(m);
  const r = await s.call('POST', path, { token: staffToken(), body: { code, ...body } });
  if (r.status === 200) {
    m.codes.push(code);
    payouts.set(code, cents(Number(body.transaction_amount ?? body.paid_amount)));
    const allocs = await s.database.query<{ gift_card_id: number }>(
      sql`SELECT a.gift_card_id FROM transaction_allocations a JOIN transactions t ON t.id = a.transaction_id WHERE t.code = ${code}`,
    );
    for (const a of allocs) expect(held.has(Number(a.gift_card_id)), `${code} paid held card ${a.gift_card_id}`).toBe(false);
  } else if (body.gidcard_id !== undefined && held.has(Number(body.gidcard_id))) {
    expect(r.status).toBe(422);
  }
  return r;
}

const amount = fc.integer({ min: 1, max: 4000 }).map((c) => (c / 100).toFixed(2));
type Card = Model['cards'][number];
const among = (m: Model, i: number, statuses?: number[]) =>
  pick(
    m.cards.filter((c) => !statuses || statuses.includes(c.status)),
    i,
  );
/** A step on one card among those in `from` (any status when omitted); on success the card moves to `to`. */
const cardStep = (name: string, act: (m: Model, card: Card) => Promise<Result>, from?: number[], to?: number) =>
  fc.nat().map(
    (i) =>
      new Step(
        name,
        { card: i },
        async (m) => {
          const card = among(m, i, from);
          if (!card) return null;
          const r = await act(m, card);
          if (r?.status === 200 && to !== undefined) card.status = to;
          return r;
        },
        (m) => among(m, 0, from) !== undefined,
      ),
  );

const submit = fc.record({ seller: fc.nat(1), price: fc.integer({ min: 10, max: 100 }), held: fc.nat(1) }).map(
  (a) =>
    new Step('submit', a, async (m) => {
      const o = a.held ? heldOffer : offer;
      const id = await submitCard(s, m.sellers[a.seller], { giftcard_offer_id: o, price: a.price });
      m.cards.push({ id, price: a.price, seller: a.seller, status: 0, offer: o });
      return null;
    }),
);
/** Staff approve or reject a card; a rejection is the card's new decision (an approval replaces any). */
const decide = (status: 1 | 2) => async (m: Model, c: Card) => {
  const by = staffMember();
  const r = await staffUpdate(
    s,
    c.id,
    { giftcard_offer_id: c.offer, price: c.price, card_status: status, ...(status === 2 ? { rejection_reason: 'other' } : {}) },
    by.token,
  );
  if (r.status === 200) {
    c.decision = status === 2 ? { kind: 'rejection', by, appealed: false } : undefined;
    if (status === 1 && c.reinstated) count('approveReinstated');
    c.reinstated = false;
  }
  return r;
};
/** Payout holds: staff hold a card or a seller (for 1 to 5 days, or until released), release one, the clock moves on. */
const holdSteps = [
  fc.tuple(fc.nat(), fc.integer({ min: 0, max: 5 })).map(
    ([i, days]) =>
      new Step(
        'holdCard',
        { card: i, days },
        async (m) => {
          const card = among(m, i);
          if (!card) return null;
          const r = await s.call('POST', 'payout-holds', {
            token: staffToken(),
            body: { gift_card_id: card.id, reason: 'Model hold', ...(days ? { days } : {}) },
          });
          if (r.status === 200) m.holds.push({ id: r.body.data.id, card: card.id });
          return r;
        },
        (m) => m.cards.length > 0,
      ),
  ),
  fc.tuple(fc.nat(1), fc.integer({ min: 0, max: 5 })).map(
    ([i, days]) =>
      new Step('holdSeller', { seller: i, days }, async (m) => {
        const r = await s.call('POST', 'payout-holds', {
          token: staffToken(),
          body: { seller_id: m.sellers[i].id, reason: 'Model seller hold', ...(days ? { days } : {}) },
        });
        if (r.status === 200) m.holds.push({ id: r.body.data.id, card: null });
        return r;
      }),
  ),
  fc.nat().map(
    (i) =>
      new Step(
        'release',
        { hold: i },
        async (m) => {
          const h = pick(m.holds, i);
          return h === undefined ? null : s.call('POST', `payout-hold-release/${h.id}`, { token: staffToken(), body: {} });
        },
        (m) => m.holds.length > 0,
      ),
  ),
  fc.integer({ min: 1, max: 4 }).map(
    (days) =>
      new Step('advance', { days }, async () => {
        lead += days * 86_400_000;
        return null;
      }),
  ),
];
const approve = cardStep('approve', decide(1), [0, 2], 1);
/** Adjusted approvals: staff approve a pending card at a lower value; its seller accepts it or withdraws the card. */
const adjustSteps = [
  fc.tuple(fc.nat(), fc.nat()).map(
    ([i, k]) =>
      new Step(
        'adjust',
        { card: i, k },
        async (m) => {
          const card = among(m, i, [0]);
          if (!card) return null;
          const price = (1 + (k % (card.price * 100 - 1))) / 100;
          const body = { action: 'approve', adjusted_price: price.toFixed(2), adjust_reason: 'partial_balance', adjust_note: 'Model' };
          const r = await s.call('POST', `gift-card-review/${card.id}`, { token: staffToken(), body });
          if (r.status === 200) {
            if (card.reinstated) count('approveReinstated');
            Object.assign(card, { status: 1, asked: card.price, price, reinstated: false });
          }
          return r;
        },
        (m) => among(m, 0, [0]) !== undefined,
      ),
  ),
  ...(['accept', 'withdraw'] as const).map((answer) =>
    fc.nat().map(
      (i) =>
        new Step(
          `${answer}Adjustment`,
          { card: i },
          async (m) => {
            const card = pick(
              m.cards.filter((c) => c.asked !== undefined && c.status === 1),
              i,
            );
            if (!card) return null;
            const r = await s.call('POST', `gift-card-adjustment-${answer}/${card.id}`, { token: m.sellers[card.seller].token });
            if (r.status === 200 && answer === 'withdraw') Object.assign(card, { status: 2, price: card.asked, decision: undefined });
            if (r.status === 200) card.asked = undefined;
            return r;
          },
          (m) => m.cards.some((c) => c.asked !== undefined && c.status === 1),
        ),
    ),
  ),
];
/** A card's money panel (as staff see it). */
const moneyOf = async (id: number) => {
  const r = await s.call('GET', `gift-card-money/${id}`, { token: s.users.admin.token });
  expect(r.status).toBe(200);
  return r.body.data as {
    card_status: number;
    payable: number;
    paid_amount: number;
    due: number;
    clawbacks: { kind: string; amount: number }[];
  };
};
const sellerDue = async (seller: TestUser) => cents((await s.call('GET', 'seller-due', { token: seller.token })).body.due);

/**
 * A clawback ended (resolved, or its appeal reversed) goes back through the ledger: the card owed minus what was paid
 * on it; now it is approved again, owes its payable less that, a reversing entry of the amount clawed back is on it,
 * and its seller's due moved by exactly the card's.
 */
async function endClawback(m: Model, card: Card, act: () => Promise<NonNullable<Result>>): Promise<Result> {
  const seller = m.sellers[card.seller];
  const before = await moneyOf(card.id);
  const dueBefore = await sellerDue(seller);
  const r = await act();
  if (r.status !== 200) return r;
  const after = await moneyOf(card.id);
  expect(cents(before.due), 'a disputed card owes back what was paid on it').toBe(-cents(before.paid_amount));
  expect(after.card_status).toBe(1);
  expect(cents(after.due), 'the due restored').toBe(cents(after.payable) - cents(after.paid_amount));
  expect(after.clawbacks.at(-1)).toMatchObject({ kind: 'clawback_reversed', amount: before.paid_amount });
  expect((await sellerDue(seller)) - dueBefore, "the seller's due moved by the card's").toBe(cents(after.due) - cents(before.due));
  card.decision = undefined;
  return r;
}
/** Staff claw a paid card back: the card's new decision. */
async function dispute(m: Model, c: Card) {
  const by = staffMember();
  const r = await s.call('POST', `gift-card-dispute/${c.id}`, { token: by.token, body: { reason: 'used' } });
  if (r.status === 200) c.decision = { kind: 'clawback', by, appealed: false };
  return r;
}
const disputeSteps = [
  cardStep('dispute', dispute, [1], 3),
  cardStep(
    'resolve',
    (m, c) => endClawback(m, c, () => s.call('POST', `gift-card-dispute-resolve/${c.id}`, { token: staffToken(), body: {} })),
    [3],
    1,
  ),
];
type Outcome = 'upheld' | 'reversed';

/**
 * Staff decide an appeal: not its decision's maker (`makerFirst`: the maker tries first and is refused, the appeal
 * still open for the other staff member). Upheld: nothing moves. Reversed, while the card's decision is still the one appealed: a rejection is Pending again (owing what it
 * owed, so no figure moves) and can be approved, a clawback ends through the ledger; a decision replaced since cannot
 * be reversed.
 */
async function decideAppeal(m: Model, a: Model['appeals'][number], outcome: Outcome, makerFirst: boolean): Promise<NonNullable<Result>> {
  const card = m.cards.find((c) => c.id === a.card)!;
  const body = { outcome, note: 'Model decision' };
  if (makerFirst) {
    const own = await s.call('POST', `appeal-decide/${a.id}`, { token: a.decision.by.token, body });
    expect(own.status, `the maker decided appeal ${a.id}: ${JSON.stringify(own.body)}`).toBe(403);
    count('refused:own');
  }
  const by = a.decision.by === s.users.admin ? s.users.manager : s.users.admin;
  const call = () => s.call('POST', `appeal-decide/${a.id}`, { token: by.token, body });
  const live = card.decision === a.decision;
  let r: NonNullable<Result>;
  if (outcome === 'upheld' || !live) r = await call();
  else if (a.decision.kind === 'clawback') r = (await endClawback(m, card, call))!;
  else {
    const before = await moneyOf(card.id);
    const dueBefore = await sellerDue(m.sellers[card.seller]);
    r = await call();
    if (r.status === 200) {
      const after = await moneyOf(card.id);
      expect(after.card_status).toBe(0);
      expect(after.due).toBe(before.due);
      expect(await sellerDue(m.sellers[card.seller])).toBe(dueBefore);
      Object.assign(card, { decision: undefined, reinstated: true });
    }
  }
  expect(r.status, `${outcome} appeal ${a.id}: ${JSON.stringify(r.body)}`).toBe(outcome === 'reversed' && !live ? 409 : 200);
  if (r.status === 200) {
    m.appeals.splice(m.appeals.indexOf(a), 1);
    if (outcome === 'reversed') card.status = a.decision.kind === 'rejection' ? 0 : 1;
    count(`${outcome}:${a.decision.kind}`);
  }
  return r;
}

/** How an appeal is decided, and whether its decision's maker tries first (three times in five). */
const decision = fc.tuple(fc.constantFrom<Outcome>('upheld', 'reversed'), fc.nat(4));

/**
 * Appeals (issue 53): a seller appeals their card's rejection or contests its clawback, once per decision (a card with
 * none, a withdrawn one, is refused too); staff decide it then and there (two times in three), or in a later step
 * (after whatever came between).
 */
const appealSteps = [
  fc.tuple(fc.nat(), fc.nat(2), decision).map(
    ([i, later, [outcome, makerFirst]]) =>
      new Step(
        'appeal',
        { card: i, later, outcome, makerFirst },
        async (m) => {
          const card = among(m, i, [2, 3]);
          if (!card) return null;
          const seller = m.sellers[card.seller];
          const d = card.decision;
          const r = await s.call('POST', `gift-card-appeal/${card.id}`, { token: seller.token, body: form({ note: 'Model appeal' }) });
          expect(r.status, `appeal of card ${card.id}: ${JSON.stringify(r.body)}`).toBe(d && !d.appealed ? 200 : 409);
          if (!d || r.status !== 200) return r;
          d.appealed = true;
          const { appeal } = (await s.call('GET', `gift-card/${card.id}`, { token: seller.token })).body;
          expect(appeal).toMatchObject({ kind: 'appeal', decision: d.kind, outcome: null });
          const a = { id: appeal.id, card: card.id, decision: d };
          m.appeals.push(a);
          count(`appeal:${d.kind}`);
          return later === 0 ? r : decideAppeal(m, a, outcome, makerFirst % 2 === 0);
        },
        (m) => among(m, 0, [2, 3]) !== undefined,
      ),
  ),
  fc.tuple(fc.nat(), decision).map(
    ([i, [outcome, makerFirst]]) =>
      new Step(
        'decideAppeal',
        { appeal: i, outcome, makerFirst },
        async (m) => {
          const a = pick(m.appeals, i);
          return a ? decideAppeal(m, a, outcome, makerFirst % 2 === 0) : null;
        },
        (m) => m.appeals.length > 0,
      ),
  ),
];
/** Submissions and approvals come up more often, so that most runs have cards to pay and dispute. */
const steps = [
  submit,
  submit,
  submit,
  approve,
  approve,
  cardStep('reject', decide(2), [0, 1], 2),
  fc.tuple(fc.nat(), amount).map(
    ([i, a]) =>
      new Step(
        'payCard',
        { card: i, amount: a },
        async (m) => {
          const card = among(m, i, [1]);
          return card ? pay(m, { transaction_amount: a, gidcard_id: card.id }) : null;
        },
        (m) => among(m, 0, [1]) !== undefined,
      ),
  ),
  fc
    .tuple(fc.nat(1), amount)
    .map(([i, a]) => new Step('payout', { seller: i, amount: a }, (m) => pay(m, { transaction_amount: a, seller_id: m.sellers[i].id }))),
  fc
    .tuple(fc.nat(1), amount)
    .map(
      ([i, a]) => new Step('bulk', { seller: i, amount: a }, (m) => pay(m, { paid_amount: a, seller_id: m.sellers[i].id }, 'bulk-payment')),
    ),
  fc.tuple(fc.nat(), amount).map(
    ([i, a]) =>
      new Step(
        'edit',
        { tx: i, amount: a },
        async (m) => {
          const code = pick(m.codes, i);
          if (!code) return null;
          const [t] = await s.database.query<{ id: number }>(sql`SELECT id FROM transactions WHERE code = ${code}`);
          const r = await s.call('POST', `transaction-update/${t.id}`, { token: staffToken(), body: { code, transaction_amount: a } });
          if (r.status === 200) payouts.set(code, cents(Number(a)));
          return r;
        },
        (m) => m.codes.length > 0,
      ),
  ),
  ...disputeSteps,
  // Twice, as submit and approve: with the hold steps a dispute and its resolve came up too rarely for every run set.
  ...disputeSteps,
  cardStep('delete', async (m, c) => {
    const r = await s.call('DELETE', `gift-card/${c.id}`, { token: staffToken() });
    if (r.status === 200) {
      m.cards.splice(m.cards.indexOf(c), 1);
      m.holds = m.holds.filter((h) => h.card !== c.id);
      m.appeals = m.appeals.filter((a) => a.card !== c.id);
    }
    return r;
  }),
  // One slot for the hold steps together, so that the others come up as often as before.
  fc.oneof(...holdSteps),
  // Adjusted approvals (issue 53): one slot to adjust, one to answer (accept or withdraw).
  adjustSteps[0]!,
  fc.oneof(adjustSteps[1]!, adjustSteps[2]!),
  // Appeals (issue 53): two slots to appeal or contest (and decide), one to decide one made before.
  appealSteps[0]!,
  ...appealSteps,
];

describe('every money figure agrees, as a model-based property', () => {
  it('after every step of random money operations, each seller due is the same everywhere and paid counts payouts only', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(steps, { maxCommands: 24, size: 'max' }), async (cmds) => {
        // Each run starts with two sellers, each with an approved card and another (the first one's rejected, the
        // second one's adjusted), so that any step can act.
        const setup = async () => {
          const model: Model = {
            sellers: [await s.createUser('seller'), await s.createUser('seller')],
            cards: [],
            codes: [],
            holds: [],
            appeals: [],
          };
          for (const seller of [0, 1])
            for (const price of [40, 25]) {
              const id = await submitCard(s, model.sellers[seller], { giftcard_offer_id: offer, price });
              model.cards.push({ id, price, seller, status: 0, offer });
            }
          for (const card of model.cards.filter((_, i) => i % 2 === 0)) {
            expect((await decide(1)(model, card)).status).toBe(200);
            card.status = 1;
          }
          // And the second seller's pending card approved at an adjusted value, waiting for their answer (issue 53).
          const waiting = model.cards[3]!;
          const body = { action: 'approve', adjusted_price: 20, adjust_reason: 'partial_balance' };
          expect((await s.call('POST', `gift-card-review/${waiting.id}`, { token: staffToken(), body })).status).toBe(200);
          Object.assign(waiting, { status: 1, asked: waiting.price, price: 20 });
          // And the first seller's pending card rejected, the second one's approved card paid in part and clawed back,
          // so that a run can appeal either from its first step (issue 53).
          expect((await decide(2)(model, model.cards[1]!)).status).toBe(200);
          model.cards[1]!.status = 2;
          const clawed = model.cards[2]!;
          expect((await pay(model, { transaction_amount: '10.00', gidcard_id: clawed.id }))?.status).toBe(200);
          expect((await dispute(model, clawed)).status).toBe(200);
          clawed.status = 3;
          return { model, real: s };
        };
        await fc.asyncModelRun(setup, cmds);
      }),
      { numRuns: RUNS, seed: SEED },
    );
    for (const t of ['approve', 'reject', 'payCard', 'payout', 'bulk', 'edit', 'dispute', 'resolve', 'delete'])
      expect(accepted.get(t) ?? 0, `${t} accepted in no run: ${JSON.stringify([...accepted])}`).toBeGreaterThan(0);
    expect(accepted.get('adjust') ?? 0, 'no adjusted approval in any run').toBeGreaterThan(0);
    expect((accepted.get('acceptAdjustment') ?? 0) + (accepted.get('withdrawAdjustment') ?? 0), 'no answer to one').toBeGreaterThan(0);
    // Some hold was placed (each hold call, its release and the clock are held to their rules in holds.test.ts).
    expect((accepted.get('holdCard') ?? 0) + (accepted.get('holdSeller') ?? 0), 'no hold placed in any run').toBeGreaterThan(0);
    // Appeals of both kinds were filed and reversed in some run, and one was upheld (issue 53).
    for (const t of ['appeal:rejection', 'appeal:clawback', 'reversed:rejection', 'reversed:clawback'])
      expect(accepted.get(t) ?? 0, `${t} in no run: ${JSON.stringify([...accepted])}`).toBeGreaterThan(0);
    expect((accepted.get('upheld:rejection') ?? 0) + (accepted.get('upheld:clawback') ?? 0), 'no appeal upheld').toBeGreaterThan(0);
    expect(accepted.get('approveReinstated') ?? 0, 'no card reinstated by an appeal was approved').toBeGreaterThan(0);
    expect(accepted.get('refused:own') ?? 0, "no decision's maker tried to decide its appeal").toBeGreaterThan(0);
  }, 900_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer, type TestUser } from '../helpers/server';
import { createOffer, rangeOffer, submitCard } from '../helpers/cards';

/**
 * Issue 54, reviewer figures: per reviewer and period, decisions, decisions an hour, the median time from opening a
 * card to its decision and the SLA met share (docs/review.md "Reviewer figures"). The known-times part writes the
 * decisions into the audit log at chosen times (the log is append-only, so no test could move a real decision's time);
 * the recording part decides real cards through the API and checks what the decision kept.
 */
let s: TestServer;
let offer: number;
let ana: TestUser;
let ben: TestUser;
beforeAll(async () => {
  s = await startTestServer();
  offer = await createOffer(s, rangeOffer({ title: 'Figures offer' }));
  ana = await s.createUser('manager', 'Ana Figures');
  ben = await s.createUser('admin', 'Ben Figures');
});
afterAll(async () => s?.close());

const newCard = () => submitCard(s, s.users.sellerA, { giftcard_offer_id: offer, price: '40' });
const figures = (q: string, token = s.users.admin.token) => s.call('GET', `reviewer-figures?${q}`, { token });

/** A decision as the audit log keeps it, at a chosen time (UTC). */
async function decision(
  who: TestUser,
  card: number,
  action: string,
  at: string,
  o: { opened?: string; from?: number; entity?: string } = {},
) {
  const details = { from: o.from ?? 0, to: action === 'approve' ? 1 : 2, via: 'review', ...(o.opened ? { opened_at: o.opened } : {}) };
  const [row] = await s.database.query<{ id: string }>(
    sql`INSERT INTO audit_log (actor_id, action, entity, entity_id, details, created_at)
        VALUES (${who.id}, ${action}, ${o.entity ?? 'gift_card'}, ${card}, ${JSON.stringify(details)}::jsonb, ${at}::timestamptz)
        RETURNING id::text`,
  );
  return row.id;
}
/** A QA sample of a decision (written in the decision's transaction: the same time), and its second look if any. */
async function qaSample(decider: TestUser, card: number, decision: string, at: string, second?: { by: TestUser; decision: string }) {
  const status = !second ? 'open' : second.decision === decision ? 'agreed' : 'disagreed';
  await s.database.query(
    sql`INSERT INTO qa_reviews (gift_card_id, decision, decided_by, decided_at, status, qa_by, qa_decision, qa_at)
        VALUES (${card}, ${decision}, ${decider.id}, ${at}::timestamptz, ${status}, ${second?.by.id ?? null}, ${second?.decision ?? null},
                ${second ? at : null}::timestamptz)`,
  );
}
/** The seller's appeal of a rejection (its audit entry), decided. */
async function appeal(decisionId: string, card: number, decider: TestUser, outcome: 'upheld' | 'reversed', by: TestUser) {
  await s.database.query(
    sql`INSERT INTO card_appeals (gift_card_id, seller_id, decision_id, decision, decided_by, decision_at, kind, note, outcome, outcome_by, outcome_at)
        VALUES (${card}, ${s.users.sellerA.id}, ${decisionId}::bigint, 'rejection', ${decider.id}, now(), 'appeal', 'Please look again',
                ${outcome}, ${by.id}, now())`,
  );
}
const dueAt = (card: number, at: string) =>
  s.database.query(sql`UPDATE gift_cards SET review_due_at = ${at}::timestamptz WHERE id = ${card}`);

describe('reviewer figures over known decisions and times', () => {
  it('counts each figure exactly, per reviewer, within the period only', async () => {
    const [c1, c2, c3, c4, c5] = [await newCard(), await newCard(), await newCard(), await newCard(), await newCard()];
    await dueAt(c1, '2026-03-02T09:30:00Z');
    await dueAt(c2, '2026-03-02T09:30:00Z');
    await dueAt(c3, '2026-03-02T12:00:00Z');
    await dueAt(c4, '2026-03-02T10:00:00Z');
    await dueAt(c5, '2026-03-02T10:10:00Z');
    // Ana: 120 s (by the due time), 300 s (late), 60 s (in time), then a re-decision of a rejected card without an
    // opening (bulk): not timed, and the SLA is not asked of it.
    await decision(ana, c1, 'approve', '2026-03-02T09:10:00Z', { opened: '2026-03-02T09:08:00Z' });
    const anaRejects = await decision(ana, c2, 'reject', '2026-03-02T09:40:00Z', { opened: '2026-03-02T09:35:00Z' });
    await decision(ana, c3, 'approve', '2026-03-02T11:05:00Z', { opened: '2026-03-02T11:04:00Z' });
    // QA: the 1st agreed with, the 2nd not, the 3rd sampled but not looked at yet. Her rejection appealed and reversed.
    await qaSample(ana, c1, 'approve', '2026-03-02T09:10:00Z', { by: ben, decision: 'approve' });
    await qaSample(ana, c2, 'reject', '2026-03-02T09:40:00Z', { by: ben, decision: 'approve' });
    await qaSample(ana, c3, 'approve', '2026-03-02T11:05:00Z');
    await appeal(anaRejects, c2, ana, 'reversed', ben);
    await decision(ana, c2, 'approve', '2026-03-03T23:59:59Z', { from: 2 });
    // Ben: 30 s exactly at the due time (met), 45 s after it (missed).
    const benRejects = await decision(ben, c4, 'reject', '2026-03-02T10:00:00Z', { opened: '2026-03-02T09:59:30Z' });
    await appeal(benRejects, c4, ben, 'upheld', ana);
    // A sample of another decision of the same card (another time) is not this one's.
    await qaSample(ben, c4, 'reject', '2026-03-02T10:05:00Z', { by: ana, decision: 'reject' });
    await decision(ben, c5, 'approve', '2026-03-02T10:20:00Z', { opened: '2026-03-02T10:19:15Z' });
    // Not counted: outside the period (either side), not a decision, not a card's.
    await decision(ben, c4, 'approve', '2026-03-04T00:00:00Z', { opened: '2026-03-03T23:59:00Z' });
    await decision(ben, c4, 'approve', '2026-03-01T23:59:59Z', { opened: '2026-03-01T23:59:00Z' });
    await decision(ben, c4, 'dispute', '2026-03-02T10:30:00Z');
    await decision(ben, c4, 'approve', '2026-03-02T10:40:00Z', { entity: 'pending_payment' });

    const r = await figures('from=2026-03-02&to=2026-03-03');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({
      from: '2026-03-02',
      to: '2026-03-03',
      time_zone: 'UTC',
      reviewers: [
        {
          user_id: ana.id,
          name: 'Ana Figures',
          approvals: 3,
          rejections: 1,
          decisions: 4,
          hours_deciding: 3,
          decisions_per_hour: 1.3,
          median_seconds: 120,
          timed_decisions: 3,
          sla_decisions: 3,
          sla_met: 2,
          sla_met_share: 0.6667,
          qa_checked: 2,
          qa_agreed: 1,
          qa_agreement: 0.5,
          appeals_decided: 1,
          appeals_reversed: 1,
        },
        {
          user_id: ben.id,
          name: 'Ben Figures',
          approvals: 1,
          rejections: 1,
          decisions: 2,
          hours_deciding: 1,
          decisions_per_hour: 2,
          median_seconds: 37.5,
          timed_decisions: 2,
          sla_decisions: 2,
          sla_met: 1,
          sla_met_share: 0.5,
          qa_checked: 0,
          qa_agreed: 0,
          qa_agreement: null,
          appeals_decided: 1,
          appeals_reversed: 0,
        },
      ],
    });

    // One day: Ana's re-decision of the 3rd drops out.
    const oneDay = await figures('from=2026-03-02&to=2026-03-02');
    expect(oneDay.body.reviewers[0]).toMatchObject({ decisions: 3, hours_deciding: 2, decisions_per_hour: 1.5, median_seconds: 120 });
    // A period without decisions: no reviewers.
    expect((await figures('from=2026-02-01&to=2026-02-28')).body.reviewers).toEqual([]);

    // The days are the report time zone's: in New York (UTC-5 in early March) the 2nd and 3rd run from 05:00 UTC on
    // the 2nd to 05:00 UTC on the 4th, so Ben's decision at midnight UTC on the 4th is in, and the hours are local.
    await s.database.query(sql`UPDATE app_settings SET value = 'America/New_York' WHERE key = 'report_tz'`);
    try {
      const ny = await figures('from=2026-03-02&to=2026-03-03');
      expect(ny.body.time_zone).toBe('America/New_York');
      expect(ny.body.reviewers[1]).toMatchObject({
        name: 'Ben Figures',
        approvals: 2,
        decisions: 3,
        hours_deciding: 2,
        timed_decisions: 3,
      });
      expect(ny.body.reviewers[1].median_seconds).toBe(45);
    } finally {
      await s.database.query(sql`UPDATE app_settings SET value = 'UTC' WHERE key = 'report_tz'`);
    }

    // The CSV holds the same figures, one line per reviewer.
    const csv = await s.app.inject({
      method: 'GET',
      url: '/api/export/reviewer-figures?from=2026-03-02&to=2026-03-03',
      headers: { authorization: `Bearer ${s.users.admin.token}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('reviewer-figures-2026-03-02-to-2026-03-03.csv');
    expect(csv.body.trim().split('\n')).toEqual([
      'reviewer_id,reviewer,from,to,approvals,rejections,decisions,hours_deciding,decisions_per_hour,median_seconds_to_decide,timed_decisions,sla_decisions,sla_met,sla_met_share,qa_checked,qa_agreed,qa_agreement,appeals_decided,appeals_reversed',
      `${ana.id},Ana Figures,2026-03-02,2026-03-03,3,1,4,3,1.3,120,3,3,2,0.6667,2,1,0.5,1,1`,
      `${ben.id},Ben Figures,2026-03-02,2026-03-03,1,1,2,1,2,37.5,2,2,1,0.5,0,0,,1,0`,
    ]);
  });

  it('is for admins only, and refuses a bad period with the field that is wrong', async () => {
    expect((await figures('from=2026-03-02&to=2026-03-03', s.users.manager.token)).status).toBe(403);
    expect((await figures('from=2026-03-02&to=2026-03-03', s.users.sellerA.token)).status).toBe(403);
    expect((await s.call('GET', 'reviewer-figures?from=2026-03-02&to=2026-03-03')).status).toBe(401);
    for (const [q, field] of [
      ['from=2026-03-05&to=2026-03-01', 'to'],
      ['from=2025-01-01&to=2026-01-02', 'to'],
      ['from=2026-02-30&to=2026-03-01', 'from'],
      ['to=2026-03-01', 'from'],
      ['from=2026-03-01', 'to'],
      ["from=2026-03-01'--&to=2026-03-02", 'from'],
    ]) {
      const r = await figures(q);
      expect(r.status, q).toBe(422);
      expect(Object.keys(r.body.errors), q).toContain(field);
    }
    // 366 days, both included, is the longest period.
    expect((await figures('from=2024-01-01&to=2024-12-31')).status).toBe(200);
  });
});

describe('what a decision keeps of the opening', () => {
  const claimOf = async (card: number) =>
    (
      await s.database.query<{ user_id: number; opened: string; claimed: string }>(
        sql`SELECT user_id, to_char(opened_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS opened,
                   to_char(claimed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS claimed
              FROM card_review_claims WHERE gift_card_id = ${card}`,
      )
    )[0];
  const decisionDetails = async (card: number) =>
    (
      await s.database.query<{ details: Record<string, unknown> }>(
        sql`SELECT details FROM audit_log WHERE entity = 'gift_card' AND entity_id = ${card} AND action IN ('approve', 'reject') ORDER BY id DESC LIMIT 1`,
      )
    )[0].details;
  const claim = (card: number, who: TestUser) => s.call('POST', `gift-card-claim/${card}`, { token: who.token });

  it('keeps the opening through renewals, starts it again after expiry, and the decision records it', async () => {
    const reviewer = await s.createUser('manager', 'Timed reviewer');
    const card = await newCard();
    expect((await claim(card, reviewer)).body).toEqual({ claim: null });
    // Opened five minutes ago, last renewed four minutes ago: a renewal keeps the opening.
    await s.database.query(
      sql`UPDATE card_review_claims SET opened_at = now() - interval '5 minutes', claimed_at = now() - interval '4 minutes' WHERE gift_card_id = ${card}`,
    );
    const before = await claimOf(card);
    await claim(card, reviewer);
    const renewed = await claimOf(card);
    expect(renewed.opened).toBe(before.opened);
    expect(renewed.claimed > before.claimed).toBe(true);
    // Someone else opening it meanwhile changes nothing (the claim is live).
    await claim(card, s.users.manager);
    expect(await claimOf(card)).toMatchObject({ user_id: reviewer.id, opened: before.opened });

    const r = await s.call('POST', `gift-card-review/${card}`, {
      token: reviewer.token,
      body: { action: 'reject', reject_reason: 'other' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await decisionDetails(card)).opened_at).toBe(before.opened);

    const today = (await s.database.query<{ d: string }>(sql`SELECT (now() AT TIME ZONE 'UTC')::date::text AS d`))[0].d;
    const mine = (await figures(`from=${today}&to=${today}`)).body.reviewers.find((x: { user_id: number }) => x.user_id === reviewer.id);
    expect(mine).toMatchObject({ approvals: 0, rejections: 1, decisions: 1, hours_deciding: 1, decisions_per_hour: 1, timed_decisions: 1 });
    // Five minutes and the few milliseconds of the test since.
    expect(mine.median_seconds).toBeGreaterThanOrEqual(300);
    expect(mine.median_seconds).toBeLessThan(330);
    // Decided well within the card's 60-minute target.
    expect(mine).toMatchObject({ sla_decisions: 1, sla_met: 1, sla_met_share: 1 });
  });

  it('an expired claim or a lease to another reviewer opens the card afresh', async () => {
    const reviewer = await s.createUser('manager', 'Lease reviewer');
    const other = await s.createUser('manager', 'Other lease reviewer');
    const card = await newCard();
    await claim(card, reviewer);
    await s.database.query(
      sql`UPDATE card_review_claims SET opened_at = now() - interval '30 minutes', claimed_at = now() - interval '11 minutes' WHERE gift_card_id = ${card}`,
    );
    // The same reviewer back after the claim expired: a new opening.
    await claim(card, reviewer);
    const again = await s.database.query<{ age: number }>(
      sql`SELECT extract(epoch FROM now() - opened_at)::int AS age FROM card_review_claims WHERE gift_card_id = ${card}`,
    );
    expect(Number(again[0].age)).toBeLessThan(60);
    // Expired again; the queue leases it to another reviewer (they skip every other pending card): their opening.
    await s.database.query(
      sql`UPDATE card_review_claims SET opened_at = now() - interval '30 minutes', claimed_at = now() - interval '11 minutes' WHERE gift_card_id = ${card}`,
    );
    const pending = await s.database.query<{ id: number }>(sql`SELECT id FROM gift_cards WHERE card_status = 0 AND id <> ${card}`);
    const lease = await s.call('POST', 'gift-card-review-next', { token: other.token, body: { skip: pending.map((p) => p.id) } });
    expect(lease.body.card?.id).toBe(card);
    const leased = await claimOf(card);
    expect(leased.user_id).toBe(other.id);
    expect(Date.now() - Date.parse(leased.opened)).toBeLessThan(60_000);
    // The lessee approves: their opening is kept. A bulk decision (no claim held) keeps none.
    const ok = await s.call('POST', `gift-card-review/${card}`, { token: other.token, body: { action: 'approve', card_number: 'FIG-1' } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await decisionDetails(card)).opened_at).toBe(leased.opened);
    const bulkCard = await newCard();
    const bulk = await s.call('POST', 'gift-card-review-bulk', {
      token: other.token,
      body: { ids: [bulkCard], action: 'reject', reject_reason: 'other' },
    });
    expect(bulk.body.passed, JSON.stringify(bulk.body)).toBe(1);
    expect((await decisionDetails(bulkCard)).opened_at).toBeUndefined();
  });
});

describe("the figures' plan", () => {
  it('reads a period of decisions by the partial index on their time, never the whole log', async () => {
    // A few thousand cards and twenty thousand audit entries over 2025 (a fifth of them other actions or records).
    await s.database.query(sql`INSERT INTO gift_cards (giftcard_offer_id, seller_id, price, rate, paid_amount, card_status)
      SELECT ${offer}, ${s.users.sellerA.id}, 10, 1, 0, 1 FROM generate_series(1, 4000)`);
    await s.database.query(sql`INSERT INTO audit_log (actor_id, action, entity, entity_id, details, created_at)
      SELECT CASE WHEN i % 2 = 0 THEN ${ana.id}::int ELSE ${ben.id}::int END,
             (ARRAY['approve', 'reject', 'approve', 'reject', 'update'])[1 + i % 5],
             CASE WHEN i % 7 = 0 THEN 'comment' ELSE 'gift_card' END,
             (SELECT max(id) FROM gift_cards) - i % 4000,
             jsonb_build_object('from', 0, 'opened_at', timestamptz '2025-01-01' + make_interval(mins => i * 26) - interval '90 seconds'),
             timestamptz '2025-01-01' + make_interval(mins => i * 26)
        FROM generate_series(1, 20000) i`);
    await s.database.query(sql`ANALYZE audit_log`);
    await s.database.query(sql`ANALYZE gift_cards`);
    const { figuresSql } = await import('../../src/server/modules/figures/repository');
    const [row] = await s.database.query<{ 'QUERY PLAN': unknown }>(sql`EXPLAIN (FORMAT JSON) ${figuresSql('2025-06-01', '2025-06-07')}`);
    const plan = JSON.stringify(row['QUERY PLAN']);
    expect(plan).toContain('"Index Name":"audit_log_decisions"');
    const seqScans: string[] = [];
    const walk = (node: { 'Node Type'?: string; 'Relation Name'?: string; Plans?: unknown[] }) => {
      if (node['Node Type'] === 'Seq Scan') seqScans.push(node['Relation Name'] ?? '');
      for (const p of node.Plans ?? []) walk(p as typeof node);
    };
    const top = (typeof row['QUERY PLAN'] === 'string' ? JSON.parse(row['QUERY PLAN']) : row['QUERY PLAN']) as { Plan: object }[];
    walk(top[0].Plan);
    // The log is never read whole. (A few thousand cards are: a hash join over them costs less than a few hundred
    // lookups by id, so the planner may take it at this size.)
    expect(
      seqScans.filter((r) => r === 'audit_log'),
      plan,
    ).toEqual([]);
    // And the week's figures: 7 days of one decision every 26 minutes, 4 in 5 of them decisions of cards.
    const week = await figures('from=2025-06-01&to=2025-06-07');
    const total = week.body.reviewers.reduce((n: number, r: { decisions: number }) => n + r.decisions, 0);
    expect(total).toBeGreaterThan(200);
    expect(week.body.reviewers.every((r: { median_seconds: number }) => r.median_seconds === 90)).toBe(true);
  });
});

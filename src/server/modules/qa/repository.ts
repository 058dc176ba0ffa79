import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { isoSql } from '../../db/values';
import type { QaDecision, QaTab } from '../../../shared/qa';

/**
 * Samples the decision just made, at its kind's share (qa_policy): one statement, in the decision's transaction. The
 * draw is the database's random(), so nobody can tell in advance which decisions get a second look.
 */
export async function sampleDecision(tx: Tx, cardId: number, decision: QaDecision, actorId: number, reason: string | null) {
  await tx.execute(sql`
    INSERT INTO qa_reviews (gift_card_id, decision, reject_reason, decided_by)
    SELECT ${cardId}, ${decision}, ${reason}, ${actorId} FROM qa_policy p
     WHERE p.decision = ${decision} AND random() * 100 < p.percent`);
}

export interface QaRow {
  id: number;
  gift_card_id: number;
  status: 'open' | 'agreed' | 'disagreed' | 'resolved';
  sampled_at: string;
  decision: QaDecision;
  reject_reason: string | null;
  decided_by: number;
  decided_by_name: string | null;
  qa_by: number | null;
  qa_by_name: string | null;
  qa_decision: QaDecision | null;
  qa_reason: string | null;
  qa_note: string | null;
  qa_at: string | null;
  resolved_by: number | null;
  resolved_by_name: string | null;
  resolution: 'first' | 'qa' | null;
  resolved_note: string | null;
  resolved_at: string | null;
}

const select = sql`
  SELECT q.id, q.gift_card_id, q.status, ${isoSql(sql`q.decided_at`)} AS sampled_at, q.decision, q.reject_reason, q.decided_by,
         d.name AS decided_by_name, q.qa_by, c.name AS qa_by_name, q.qa_decision, q.qa_reason, q.qa_note,
         ${isoSql(sql`q.qa_at`)} AS qa_at, q.resolved_by, r.name AS resolved_by_name, q.resolution, q.resolved_note,
         ${isoSql(sql`q.resolved_at`)} AS resolved_at
    FROM qa_reviews q
    JOIN users d ON d.id = q.decided_by
    LEFT JOIN users c ON c.id = q.qa_by
    LEFT JOIN users r ON r.id = q.resolved_by`;

const TAB_STATUSES: Record<QaTab, string[]> = { open: ['open'], disagreed: ['disagreed'], done: ['agreed', 'resolved'] };

/** A tab's samples, newest first; the open ones leave out the viewer's own decisions (they may not give the second look). */
export const listSamples = (tx: Tx, tab: QaTab, viewerId: number, limit: number) =>
  rowsOf<QaRow>(
    tx,
    sql`${select} WHERE q.status = ANY (${`{${TAB_STATUSES[tab].join(',')}}`}::text[])
         AND (${tab} <> 'open' OR q.decided_by <> ${viewerId}) ORDER BY q.id DESC LIMIT ${limit}`,
  );

export async function findSample(tx: Tx, id: number, lock = false): Promise<QaRow | null> {
  const [row] = await rowsOf<QaRow>(tx, sql`${select} WHERE q.id = ${id}${lock ? sql` FOR UPDATE OF q` : sql``}`);
  return row ?? null;
}

export async function recordSecondLook(
  tx: Tx,
  id: number,
  by: number,
  look: { decision: QaDecision; reason: string | null; note: string | null; agrees: boolean },
) {
  await tx.execute(sql`
    UPDATE qa_reviews SET qa_by = ${by}, qa_decision = ${look.decision}, qa_reason = ${look.reason}, qa_note = ${look.note},
           qa_at = now(), status = ${look.agrees ? 'agreed' : 'disagreed'}
     WHERE id = ${id}`);
}

export async function recordResolution(tx: Tx, id: number, by: number, resolution: 'first' | 'qa', note: string) {
  await tx.execute(sql`
    UPDATE qa_reviews SET resolved_by = ${by}, resolution = ${resolution}, resolved_note = ${note}, resolved_at = now(),
           status = 'resolved'
     WHERE id = ${id}`);
}

export const policy = (tx: Tx) =>
  rowsOf<{ decision: QaDecision; percent: number }>(tx, sql`SELECT decision, percent FROM qa_policy ORDER BY decision`);

export async function setPolicy(tx: Tx, decision: QaDecision, percent: number, by: number): Promise<number | null> {
  const [before] = await rowsOf<{ percent: number }>(tx, sql`SELECT percent FROM qa_policy WHERE decision = ${decision} FOR UPDATE`);
  await tx.execute(sql`UPDATE qa_policy SET percent = ${percent}, updated_by = ${by}, updated_at = now() WHERE decision = ${decision}`);
  return before ? Number(before.percent) : null;
}

/** What a blind second look shows of a card: its offer, price, number and description (not its status). */
export async function cardForSecondLook(tx: Tx, cardId: number) {
  const [row] = await rowsOf<{ offer: string; price: string; card_number: string | null; description: string | null }>(
    tx,
    sql`SELECT o.title AS offer, g.price::text AS price, g.card_number, g.description
          FROM gift_cards g JOIN gift_card_offers o ON o.id = g.giftcard_offer_id WHERE g.id = ${cardId}`,
  );
  return row ?? null;
}

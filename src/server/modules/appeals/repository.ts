import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { firstRow, rowsOf } from '../../db/rows';
import { intArray, isoSql } from '../../db/values';
import type { AppealDecision, AppealKind, AppealOutcome } from '../../../shared/types';
import { LIMITS } from '../../../shared/limits';

/** When staff should have decided an appeal (`ap`: card_appeals): its target, the one rule of an overdue appeal. */
const decideBy = sql`ap.created_at + make_interval(hours => ${LIMITS.appeals.decideHours.value})`;

/** A decision on a card: its audit entry (a rejection's `reject`, a clawback's `dispute`). */
export interface DecisionRow {
  id: string;
  actor_id: number | null;
  at: string;
  details: Record<string, unknown> | string | null;
}

/** The card's latest decision of this kind (the one a recourse answers), or null. */
export async function latestDecision(tx: Tx, cardId: number, action: 'reject' | 'dispute'): Promise<DecisionRow | null> {
  const row = await firstRow<DecisionRow>(
    tx,
    sql`SELECT id::text AS id, actor_id, ${isoSql(sql`created_at`)} AS at, details FROM audit_log
         WHERE entity = 'gift_card' AND entity_id = ${cardId} AND action = ${action}
         ORDER BY id DESC LIMIT 1`,
  );
  return row ?? null;
}

/** Whether a recourse (resubmission or appeal) was made against this decision. */
export async function recourseMade(tx: Tx, decisionId: string): Promise<boolean> {
  return (await firstRow(tx, sql`SELECT 1 FROM card_appeals WHERE decision_id = ${decisionId}::bigint`)) !== undefined;
}

export interface NewAppeal {
  cardId: number;
  sellerId: number;
  decision: AppealDecision;
  decisionRow: DecisionRow;
  kind: AppealKind;
  note: string | null;
  imageIds: number[];
}

/** The recourse, or null when one was already made against the same decision (one per decision). */
export async function insertAppeal(tx: Tx, a: NewAppeal): Promise<number | null> {
  const row = await firstRow<{ id: number }>(
    tx,
    sql`INSERT INTO card_appeals (gift_card_id, seller_id, decision_id, decision, decided_by, decision_at, kind, note, image_ids)
        VALUES (${a.cardId}, ${a.sellerId}, ${a.decisionRow.id}::bigint, ${a.decision}, ${a.decisionRow.actor_id},
                ${a.decisionRow.at}::timestamptz, ${a.kind}, ${a.note}, ${intArray(a.imageIds)}::int[])
        ON CONFLICT (decision_id) DO NOTHING RETURNING id`,
  );
  return row ? Number(row.id) : null;
}

/** New card photos, answered by id in the order given. */
export async function insertCardImages(tx: Tx, cardId: number, names: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const name of names) {
    const row = await firstRow<{ id: number }>(
      tx,
      sql`INSERT INTO gift_card_images (gift_card_id, image) VALUES (${cardId}, ${name}) RETURNING id`,
    );
    ids.push(Number(row!.id));
  }
  return ids;
}

/** An appeal with its card, seller and the decision's audit details (never who made it leaves this module). */
export interface AppealRow {
  id: number;
  gift_card_id: number;
  seller_id: number;
  seller_name: string | null;
  decision_id: string;
  decision: AppealDecision;
  decided_by: number | null;
  decision_at: string;
  decision_details: Record<string, unknown> | string | null;
  kind: AppealKind;
  note: string | null;
  image_ids: number[] | string;
  created_at: string;
  decide_by: string;
  outcome: AppealOutcome | null;
  outcome_note: string | null;
  outcome_at: string | null;
  offer: string | null;
  price: string;
  card_status: number;
}

const appealSelect = sql`
  SELECT ap.id, ap.gift_card_id, ap.seller_id, u.name AS seller_name, ap.decision_id::text AS decision_id, ap.decision,
         ap.decided_by, ap.decision_at, a.details AS decision_details, ap.kind, ap.note, ap.image_ids, ap.created_at,
         ${decideBy} AS decide_by, ap.outcome, ap.outcome_note, ap.outcome_at, o.title AS offer, g.price::text AS price, g.card_status
    FROM card_appeals ap
    JOIN gift_cards g ON g.id = ap.gift_card_id
    LEFT JOIN gift_card_offers o ON o.id = g.giftcard_offer_id
    LEFT JOIN users u ON u.id = ap.seller_id
    LEFT JOIN audit_log a ON a.id = ap.decision_id`;

/** The appeals of these ids, in the order given. */
export async function appealRowsByIds(tx: Tx, ids: number[]): Promise<AppealRow[]> {
  if (ids.length === 0) return [];
  const rows = await rowsOf<AppealRow>(tx, sql`${appealSelect} WHERE ap.id = ANY(${intArray(ids)}::int[])`);
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** One appeal (`lock`: its row locked for the rest of the transaction). */
export async function findAppeal(tx: Tx, id: number, lock = false): Promise<AppealRow | null> {
  const row = await firstRow<AppealRow>(tx, sql`${appealSelect} WHERE ap.id = ${id} ${lock ? sql`FOR UPDATE OF ap` : sql``}`);
  return row ?? null;
}

/** The card's latest resubmission or appeal. */
export async function latestAppealOfCard(tx: Tx, cardId: number): Promise<AppealRow | null> {
  const row = await firstRow<AppealRow>(tx, sql`${appealSelect} WHERE ap.gift_card_id = ${cardId} ORDER BY ap.id DESC LIMIT 1`);
  return row ?? null;
}

export async function setOutcome(tx: Tx, id: number, outcome: AppealOutcome, note: string, by: number): Promise<void> {
  await tx.execute(
    sql`UPDATE card_appeals SET outcome = ${outcome}, outcome_note = ${note}, outcome_by = ${by}, outcome_at = now() WHERE id = ${id}`,
  );
}

/** Staff's dashboard: the appeals waiting for a decision, and those of them past their target. */
export async function openAppealCounts(tx: Tx): Promise<{ open: number; overdue: number }> {
  const r = await firstRow<{ open: number; overdue: number }>(
    tx,
    sql`SELECT count(*)::int AS open, (count(*) FILTER (WHERE ${decideBy} < now()))::int AS overdue
          FROM card_appeals ap WHERE ap.kind = 'appeal' AND ap.outcome IS NULL`,
  );
  return { open: Number(r?.open ?? 0), overdue: Number(r?.overdue ?? 0) };
}

import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { firstRow, rowsOf } from '../../db/rows';
import { isoSql } from '../../db/values';
import { unlessWaiting } from '../jobs/repository';
import type { TrustBand, TrustFactor } from '../../../shared/trust';
import type { TrustHistory } from './score';

export const SELLER_TRUST_JOB = 'seller-trust';

/**
 * Queues the seller-trust job of the seller of a card (its history changed: a decision, a clawback, an appeal's
 * outcome), once while one waits (`unlessWaiting`). One insert, in the change's transaction.
 */
export async function queueTrustOfCard(tx: Tx, cardId: number): Promise<void> {
  await tx.execute(sql`INSERT INTO jobs (kind, key, owner_id)
    SELECT ${SELLER_TRUST_JOB}, g.seller_id::text, 0 FROM gift_cards g WHERE g.id = ${cardId} ${unlessWaiting}`);
}

/** A seller's history as the score counts it (trust/score.ts), at `now`; null when there is no such seller. */
export async function historyOf(tx: Tx, sellerId: number, now: string): Promise<TrustHistory | null> {
  const row = await firstRow<{
    days: number;
    approvals: number;
    rejections: Record<string, number> | string;
    clawbacks: number;
    duplicates: number;
    upheld: number;
  }>(
    tx,
    sql`SELECT extract(epoch FROM (${now}::timestamptz - u.created_at))::float8 / 86400 AS days,
               (SELECT count(*)::int FROM gift_cards g WHERE g.seller_id = u.id AND g.card_status = 1) AS approvals,
               (SELECT coalesce(jsonb_object_agg(r.reason, r.n), '{}'::jsonb)
                  FROM (SELECT coalesce(g.reject_reason, 'other') AS reason, count(*)::int AS n FROM gift_cards g
                         WHERE g.seller_id = u.id AND g.card_status = 2 GROUP BY 1) r) AS rejections,
               (SELECT greatest(0, count(*) FILTER (WHERE t.kind = 1) - count(*) FILTER (WHERE t.kind = 2))::int
                  FROM transactions t WHERE t.seller_id = u.id AND t.kind IN (1, 2)) AS clawbacks,
               (SELECT count(*)::int FROM gift_cards g WHERE g.seller_id = u.id
                   AND (EXISTS (SELECT 1 FROM gift_cards o WHERE o.number_key = g.number_key AND o.id < g.id)
                        OR EXISTS (SELECT 1 FROM gift_card_images i JOIN gift_card_images j ON j.sha256 = i.sha256
                                    WHERE i.gift_card_id = g.id AND i.sha256 IS NOT NULL AND j.gift_card_id < g.id))) AS duplicates,
               (SELECT count(*)::int FROM card_appeals a WHERE a.seller_id = u.id AND a.outcome = 'upheld') AS upheld
          FROM users u WHERE u.id = ${sellerId} AND u.role = 'seller'`,
  );
  if (!row) return null;
  const rejections = typeof row.rejections === 'string' ? JSON.parse(row.rejections) : row.rejections;
  return {
    accountDays: Number(row.days),
    approvals: Number(row.approvals),
    rejections,
    clawbacks: Number(row.clawbacks),
    duplicates: Number(row.duplicates),
    appealsUpheld: Number(row.upheld),
  };
}

/** Stores a seller's score (on their row: the list sorts by it) and its factors. */
export async function saveTrust(tx: Tx, sellerId: number, score: number, factors: TrustFactor[]): Promise<void> {
  await tx.execute(sql`UPDATE users SET trust_score = ${score} WHERE id = ${sellerId} AND trust_score <> ${score}`);
  await tx.execute(sql`
    INSERT INTO seller_trust (seller_id, factors, computed_at) VALUES (${sellerId}, ${JSON.stringify(factors)}::jsonb, now())
    ON CONFLICT (seller_id) DO UPDATE SET factors = EXCLUDED.factors, computed_at = EXCLUDED.computed_at`);
}

export interface TrustRow {
  score: number;
  band: TrustBand;
  hold_days: number;
  factors: TrustFactor[] | string | null;
  computed_at: string | null;
  /** A recompute of this seller is queued, waiting or in a runner's hands (its history changed since the score). */
  stale: boolean;
}

/** The seller's queued seller-trust jobs (jobs_waiting_key); `waiting`: only one no runner holds (not leased, or its lease ran out). */
const queuedJob = (sellerId: SQL, waiting = false) =>
  sql`j.kind = ${SELLER_TRUST_JOB} AND j.key = ${sellerId}::text AND j.status = 'queued'
      ${waiting ? sql`AND (j.locked_until IS NULL OR j.locked_until < now())` : sql``}`;

/** Joins `u` (users) to its trust band `b` (the trust_bands view: the one place a score becomes a band). */
export const bandJoin = sql`JOIN trust_bands b ON u.trust_score >= b.lo AND u.trust_score < b.hi`;

/** A seller's stored score, band and factors (factors null: never computed); null when there is no such seller. */
export const trustOf = (tx: Tx, sellerId: number) =>
  firstRow<TrustRow>(
    tx,
    sql`SELECT u.trust_score AS score, b.band, b.hold_days, t.factors, ${isoSql(sql`t.computed_at`)} AS computed_at,
               EXISTS (SELECT 1 FROM jobs j WHERE ${queuedJob(sql`u.id`)}) AS stale
          FROM users u ${bandJoin}
          LEFT JOIN seller_trust t ON t.seller_id = u.id
         WHERE u.id = ${sellerId} AND u.role = 'seller'`,
  );

/**
 * Marks the seller's waiting seller-trust job done: the caller recomputes in this transaction instead. One a runner
 * holds is left to it (it finishes it; a runner taking it at this moment holds the row, FOR UPDATE SKIP LOCKED: this
 * waits, then finds it leased).
 */
export async function takeWaitingTrust(tx: Tx, sellerId: number): Promise<void> {
  await tx.execute(sql`UPDATE jobs j SET status = 'done', done_at = now(), locked_until = NULL, last_error = NULL
                        WHERE ${queuedJob(sql`${sellerId}`, true)}`);
}

export interface PolicyRow {
  band: TrustBand;
  min_score: number;
  max_score: number;
  hold_days: number;
}

export const policy = (tx: Tx, lock = false) =>
  rowsOf<PolicyRow>(
    tx,
    lock
      ? sql`SELECT band, min_score, 100 AS max_score, hold_days FROM trust_policy ORDER BY min_score FOR UPDATE`
      : sql`SELECT band, lo AS min_score, hi - 1 AS max_score, hold_days FROM trust_bands ORDER BY lo`,
  );

export async function setBand(tx: Tx, band: TrustBand, minScore: number, holdDays: number, by: number): Promise<void> {
  await tx.execute(sql`UPDATE trust_policy SET min_score = ${minScore}, hold_days = ${holdDays}, updated_by = ${by}, updated_at = now()
                        WHERE band = ${band}`);
}

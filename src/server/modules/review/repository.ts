import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { RejectReason } from '../../../shared/constants';
import type { ImageHashes } from '../images/hash';
import { rowsOf } from '../../db/rows';
import { intArray } from '../../db/values';
import { numberKey } from '../cards/repository';
import type { ClaimRow, DuplicateRow, ImageMatchRow } from './shape';

/**
 * Other cards whose number reads as this one (compared by skeleton, any status), oldest first. "This one" is the number
 * given (typed, else stored) and the number read off this card's photos; another card matches by its stored number
 * (`by` number) or by what its photos say (`by` photo). `image`: its photo to show beside this one (the one its number was
 * read from when matched by photo, else its first).
 */
export async function cardsWithNumber(tx: Tx, cardId: number, cardNumber: string | null, limit = 20): Promise<DuplicateRow[]> {
  const key = numberKey(cardNumber);
  return rowsOf<DuplicateRow>(
    tx,
    sql`WITH keys AS (
          SELECT k FROM (VALUES (${key}::text)) v (k) WHERE k IS NOT NULL
          UNION SELECT number_key FROM card_number_reads WHERE gift_card_id = ${cardId} AND number_key IS NOT NULL),
        hits AS (
          SELECT g.id, 'number' AS by FROM gift_cards g WHERE g.number_key IN (SELECT k FROM keys) AND g.id <> ${cardId}
          UNION ALL
          SELECT r.gift_card_id, 'photo' FROM card_number_reads r WHERE r.number_key IN (SELECT k FROM keys) AND r.gift_card_id <> ${cardId}),
        best AS (SELECT id, min(by) AS by FROM hits GROUP BY id)
        SELECT g.id, g.card_number, g.card_status, g.seller_id, u.name, g.created_at::text AS created_at, b.by,
               coalesce((SELECT i.image FROM card_number_reads r JOIN gift_card_images i ON i.id = r.image_id
                          WHERE r.gift_card_id = g.id AND b.by = 'photo'),
                        (SELECT i.image FROM gift_card_images i WHERE i.gift_card_id = g.id ORDER BY i.id LIMIT 1)) AS image
          FROM best b JOIN gift_cards g ON g.id = b.id JOIN users u ON u.id = g.seller_id
         ORDER BY g.id LIMIT ${limit}`,
  );
}

/**
 * Other cards with a photo matching one of this card's photos, one row per card (its closest match): the same bytes,
 * a dHash within `maxDistance` bits (re-encoded, resized), or the upright shape hash of one within `maxDistance` of one
 * of the 8 shape hashes of the other (turned, mirrored, framed: `edited`). A flat picture (hash all 0 or all 1: one
 * colour, no detail) is only matched by its bytes, or every blank would match. `numbers_differ`: both photos were read and
 * show different card numbers (the same card design, not the same card).
 */
export async function imageMatches(tx: Tx, cardId: number, maxDistance: number, limit = 20): Promise<ImageMatchRow[]> {
  return rowsOf<ImageMatchRow>(
    tx,
    sql`WITH pairs AS (
          SELECT mine.id AS image_id, o.id AS matched_image_id, o.gift_card_id AS card_id,
                 coalesce(o.sha256 = mine.sha256, false) AS same,
                 CASE WHEN mine.dhash NOT IN (0, -1) AND o.dhash NOT IN (0, -1)
                      THEN bit_count((o.dhash # mine.dhash)::bit(64))::int END AS plain,
                 CASE WHEN o.shape_hashes[1] NOT IN (0, -1)
                      THEN (SELECT min(bit_count((o.shape_hashes[1] # f)::bit(64)))::int FROM unnest(mine.shape_hashes) f
                             WHERE f NOT IN (0, -1)) END AS turned
            FROM gift_card_images mine
            JOIN gift_card_images o ON o.gift_card_id <> mine.gift_card_id
           WHERE mine.gift_card_id = ${cardId} AND mine.dhash IS NOT NULL),
        hits AS (
          SELECT p.*, CASE WHEN p.same THEN 0 ELSE least(p.plain, p.turned) END AS distance,
                 NOT p.same AND coalesce(p.plain > ${maxDistance}, true) AS edited
            FROM pairs p
           WHERE p.same OR p.plain <= ${maxDistance} OR p.turned <= ${maxDistance}),
        best AS (
          SELECT DISTINCT ON (card_id) * FROM hits ORDER BY card_id, distance, image_id)
        SELECT b.image_id, b.card_id, b.matched_image_id, g.card_status, u.name, g.created_at::text AS created_at,
               (SELECT i.image FROM gift_card_images i WHERE i.id = b.image_id) AS image,
               (SELECT i.image FROM gift_card_images i WHERE i.id = b.matched_image_id) AS matched_image,
               b.same, b.edited, b.distance,
               coalesce((SELECT r1.number_key FROM card_number_reads r1 WHERE r1.gift_card_id = ${cardId})
                     <> (SELECT r2.number_key FROM card_number_reads r2 WHERE r2.gift_card_id = b.card_id), false) AS numbers_differ
          FROM best b JOIN gift_cards g ON g.id = b.card_id JOIN users u ON u.id = g.seller_id
         ORDER BY b.distance, b.card_id
         LIMIT ${limit}`,
  );
}

/** A stored card photo's hashes (see images/hash.ts). */
export async function setImageHashes(tx: Tx, cardId: number, name: string, h: ImageHashes): Promise<void> {
  await tx.execute(
    sql`UPDATE gift_card_images SET sha256 = ${h.sha256}, dhash = ${h.dhash}::bigint, shape_hashes = ${`{${h.shapes.join(',')}}`}::bigint[]
         WHERE gift_card_id = ${cardId} AND image = ${name}`,
  );
}

/**
 * A claim's opening (reviewer figures, issue 54): kept while the same reviewer renews a live claim, started again when
 * the claim had expired or passes to another reviewer. Within ON CONFLICT … DO UPDATE (EXCLUDED: the new claim).
 */
const openedAgain = (minutes: number) => sql`CASE
  WHEN card_review_claims.user_id = EXCLUDED.user_id AND card_review_claims.claimed_at >= now() - make_interval(mins => ${minutes})
  THEN card_review_claims.opened_at ELSE now() END`;

/** When `userId` opened the card, if they hold its claim (their decision keeps it: the time to decide starts there). */
export async function claimOpenedBy(tx: Tx, cardId: number, userId: number): Promise<string | null> {
  const [r] = await rowsOf<{ opened_at: string }>(
    tx,
    sql`SELECT to_char(opened_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS opened_at
          FROM card_review_claims WHERE gift_card_id = ${cardId} AND user_id = ${userId}`,
  );
  return r?.opened_at ?? null;
}

/**
 * Claims a pending card for `userId` unless another staff member's claim is younger than `minutes`; answers that
 * other claim (or null when the caller holds it now). One statement: two staff opening the card at once get one claim.
 */
export async function claim(tx: Tx, cardId: number, userId: number, minutes: number): Promise<ClaimRow | null> {
  await tx.execute(sql`
    INSERT INTO card_review_claims (gift_card_id, user_id) VALUES (${cardId}, ${userId})
    ON CONFLICT (gift_card_id) DO UPDATE SET user_id = EXCLUDED.user_id, claimed_at = now(), opened_at = ${openedAgain(minutes)}
     WHERE card_review_claims.user_id = EXCLUDED.user_id
        OR card_review_claims.claimed_at < now() - make_interval(mins => ${minutes})`);
  return heldByOther(tx, cardId, userId, minutes);
}

/** A list of ids bound as one array parameter (a JS array in a template would be spread into a list of values). */

/** A pending card `g` no one but `userId` holds, not skipped: a candidate of the review queue. */
const free = (userId: number, minutes: number, skip: number[]) => sql`g.card_status = 0
  AND NOT (g.id = ANY (${intArray(skip)}::int[]))
  AND NOT EXISTS (SELECT 1 FROM card_review_claims c
                   WHERE c.gift_card_id = g.id AND c.user_id <> ${userId} AND c.claimed_at >= now() - make_interval(mins => ${minutes}))`;

/**
 * The review queue: leases to `userId` the pending card due first (then the oldest) that no one else holds, passing
 * over `skip`; the cards of sellers in the low trust band come first (seller trust, docs/trust.md), then everyone's. SKIP LOCKED lets concurrent callers walk past each other's candidate; the conditional upsert is what
 * makes a lease exclusive: a card another caller leased since this statement's snapshot answers `picked` without
 * `leased`, and the caller tries again. Answers both, so "the queue is empty" (nothing picked) is told apart.
 */
export async function leaseNext(
  tx: Tx,
  userId: number,
  minutes: number,
  skip: number[],
): Promise<{ picked: number | null; leased: { id: number; review_due_at: string | null; until: string } | null }> {
  const [r] = await rowsOf<{ picked: number | null; leased: number | null; due: string | null; until: string | null }>(
    tx,
    sql`WITH low AS (
          SELECT g.id, g.review_due_at FROM users u JOIN gift_cards g ON g.seller_id = u.id
           WHERE u.role = 'seller' AND u.deleted_at IS NULL
             AND u.trust_score < (SELECT b.hi FROM trust_bands b WHERE b.band = 'low')
             AND ${free(userId, minutes, skip)}
           ORDER BY g.review_due_at, g.id
           LIMIT 1
           FOR UPDATE OF g SKIP LOCKED
        ), usual AS (
          SELECT g.id, g.review_due_at FROM gift_cards g
           WHERE NOT EXISTS (SELECT 1 FROM low) AND ${free(userId, minutes, skip)}
           ORDER BY g.review_due_at, g.id
           LIMIT 1
           FOR UPDATE OF g SKIP LOCKED
        ), pick AS (
          SELECT * FROM low UNION ALL SELECT * FROM usual
        ), lease AS (
          INSERT INTO card_review_claims (gift_card_id, user_id) SELECT id, ${userId}::int FROM pick
          ON CONFLICT (gift_card_id) DO UPDATE SET user_id = EXCLUDED.user_id, claimed_at = now(), opened_at = ${openedAgain(minutes)}
           WHERE card_review_claims.user_id = EXCLUDED.user_id
              OR card_review_claims.claimed_at < now() - make_interval(mins => ${minutes})
          RETURNING gift_card_id, claimed_at
        )
        SELECT (SELECT id FROM pick) AS picked, l.gift_card_id AS leased, (SELECT review_due_at FROM pick)::text AS due,
               (l.claimed_at + make_interval(mins => ${minutes}))::text AS until
          FROM (SELECT 1) one LEFT JOIN lease l ON true`,
  );
  if (!r) return { picked: null, leased: null };
  return {
    picked: r.picked === null ? null : Number(r.picked),
    leased: r.leased === null ? null : { id: Number(r.leased), review_due_at: r.due, until: r.until ?? '' },
  };
}

/** The caller's claims on cards other than `keep` end: a reviewer holds one card at a time. */
export async function releaseOwnClaims(tx: Tx, userId: number, keep: number[] = []): Promise<void> {
  await tx.execute(sql`DELETE FROM card_review_claims WHERE user_id = ${userId} AND NOT (gift_card_id = ANY (${intArray(keep)}::int[]))`);
}

/** The caller leaves a card: their claim on it ends (another's stays). */
export async function releaseOwnClaim(tx: Tx, cardId: number, userId: number): Promise<void> {
  await tx.execute(sql`DELETE FROM card_review_claims WHERE gift_card_id = ${cardId} AND user_id = ${userId}`);
}

/**
 * Pending cards that became overdue since the last sweep (at most `limit`): each is recorded once (the key makes it
 * once across instances) and a staff-only 'review.overdue' event is emitted for it. Answers how many.
 */
export async function noticeOverdue(tx: Tx, limit = 100): Promise<number> {
  const rows = await rowsOf<{ id: number }>(
    tx,
    sql`WITH due AS (
          INSERT INTO review_overdue_notices (gift_card_id)
          SELECT g.id FROM gift_cards g
           WHERE g.card_status = 0 AND g.review_due_at < now()
             AND NOT EXISTS (SELECT 1 FROM review_overdue_notices n WHERE n.gift_card_id = g.id)
           ORDER BY g.review_due_at, g.id
           LIMIT ${limit}
          ON CONFLICT DO NOTHING
          RETURNING gift_card_id
        )
        SELECT d.gift_card_id AS id, emit_event('review.overdue', NULL, d.gift_card_id, NULL, '{}'::jsonb)::text AS emitted FROM due d`,
  );
  return rows.length;
}

/** Another staff member's live claim (lease) on the card, younger than `minutes`; null when none. */
export async function heldByOther(tx: Tx, cardId: number, userId: number, minutes: number): Promise<ClaimRow | null> {
  const [r] = await rowsOf<ClaimRow>(
    tx,
    sql`SELECT c.user_id, u.name, c.claimed_at::text AS since FROM card_review_claims c JOIN users u ON u.id = c.user_id
         WHERE c.gift_card_id = ${cardId} AND c.user_id <> ${userId}
           AND c.claimed_at >= now() - make_interval(mins => ${minutes})`,
  );
  return r ?? null;
}

/** A decided card needs no claim any more. */
export async function releaseClaim(tx: Tx, cardId: number): Promise<void> {
  await tx.execute(sql`DELETE FROM card_review_claims WHERE gift_card_id = ${cardId}`);
}

/** Rejections per reason over a range, from the rollup (seller 0: everyone). */
export async function rejectReasonCounts(
  tx: Tx,
  sellerId: number,
  start: string,
  end: string,
): Promise<{ reason: RejectReason | 'none'; total: number }[]> {
  const rows = await rowsOf<{ reason: RejectReason | 'none'; total: number }>(
    tx,
    sql`SELECT reason, sum(rejected)::int AS total FROM report_reject_reasons
         WHERE seller_id = ${sellerId} AND day BETWEEN ${start}::date AND ${end}::date
         GROUP BY reason`,
  );
  return rows.map((r) => ({ reason: r.reason, total: Number(r.total) }));
}

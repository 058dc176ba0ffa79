import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { firstRow, idArray, rowsOf } from '../../db/rows';
import type { AdjustReason, AdjustmentState } from '../../../shared/adjustment';
import { releaseHold } from '../holds/store';

/** The card_adjustments rows (migration 0036): an adjusted approval and the seller's answer. */
export interface AdjustmentRow {
  id: number;
  gift_card_id: number;
  hold_id: number;
  asked_price: string;
  asked_rate: string;
  price: string;
  reason: AdjustReason;
  note: string | null;
  window_ends_at: string;
  state: AdjustmentState;
  created_at: string;
  answered_at: string | null;
}

const columns = sql`id, gift_card_id, hold_id, asked_price::text AS asked_price, asked_rate::text AS asked_rate,
  price::text AS price, reason, note, window_ends_at::text AS window_ends_at, state, created_at::text AS created_at,
  answered_at::text AS answered_at`;

export async function insertAdjustment(
  tx: Tx,
  a: {
    cardId: number;
    holdId: number;
    askedPrice: string;
    askedRate: string;
    price: string;
    rate: string;
    reason: AdjustReason;
    note: string | null;
    windowEndsAt: string;
    by: number;
  },
): Promise<void> {
  await tx.execute(sql`
    INSERT INTO card_adjustments (gift_card_id, hold_id, asked_price, asked_rate, price, rate, reason, note, window_ends_at, created_by)
    VALUES (${a.cardId}, ${a.holdId}, ${a.askedPrice}::numeric, ${a.askedRate}::numeric, ${a.price}::numeric, ${a.rate}::numeric,
            ${a.reason}, ${a.note}, ${a.windowEndsAt}::timestamptz, ${a.by})`);
}

/** The latest adjustment of each of these cards that has one (a list page's cards). */
export const latestAdjustmentsOf = async (tx: Tx, cardIds: number[]): Promise<AdjustmentRow[]> =>
  cardIds.length === 0
    ? []
    : rowsOf<AdjustmentRow>(
        tx,
        sql`SELECT DISTINCT ON (gift_card_id) ${columns} FROM card_adjustments
             WHERE gift_card_id = ANY (${idArray(cardIds)}) ORDER BY gift_card_id, id DESC`,
      );

/** The card's adjustment waiting for its seller, locked for the rest of the transaction (null: none). */
export const lockPendingAdjustment = async (tx: Tx, cardId: number): Promise<AdjustmentRow | null> =>
  (await firstRow<AdjustmentRow>(
    tx,
    sql`SELECT ${columns} FROM card_adjustments WHERE gift_card_id = ${cardId} AND state = 'pending' FOR UPDATE`,
  )) ?? null;

/**
 * An adjustment leaves pending: answered by the seller (accepted, withdrawn; `answered`), accepted by its window's end,
 * or replaced by a later decision (superseded); its hold is released by `by` with `note`, so the card's payability is the one hold rule's again.
 */
export async function closeAdjustment(
  tx: Tx,
  a: AdjustmentRow,
  to: Exclude<AdjustmentState, 'pending'>,
  by: number,
  note: string,
  answered: boolean,
): Promise<void> {
  await tx.execute(
    sql`UPDATE card_adjustments SET state = ${to}, answered_at = CASE WHEN ${answered}::boolean THEN now() END WHERE id = ${a.id}`,
  );
  await releaseHold(tx, a.hold_id, by, note);
}

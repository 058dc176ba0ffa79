import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { centsToDecimal, type Cents } from '../../../shared/money';
import type { PendingPayment } from '../../../shared/types';

/** Payments waiting for a second staff member (migration 0022). A request expires 24 hours after it was made. */

export interface PendingRequest {
  kind: PendingPayment['kind'];
  sellerId: number;
  cardId: number | null;
  transactionId: number | null;
  code: string;
  amount: Cents;
}
export interface PendingRow {
  id: number;
  kind: PendingPayment['kind'];
  status: string;
  maker_id: number;
  maker_name: string | null;
  seller_id: number;
  seller_name: string | null;
  gift_card_id: number | null;
  transaction_id: number | null;
  code: string;
  amount: string;
  created_at: string;
  expires_at: string;
  expired: boolean;
}

const columns = sql`p.id, p.kind, p.status, p.maker_id, m.name AS maker_name, p.seller_id, s.name AS seller_name, p.gift_card_id,
  p.transaction_id, p.code, p.amount::text AS amount, p.created_at::text AS created_at,
  (p.created_at + interval '24 hours')::text AS expires_at, p.created_at <= now() - interval '24 hours' AS expired`;
const from = sql`pending_payments p LEFT JOIN users m ON m.id = p.maker_id LEFT JOIN users s ON s.id = p.seller_id`;

export async function insertPending(tx: Tx, makerId: number, r: PendingRequest): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(
    tx,
    sql`INSERT INTO pending_payments (kind, maker_id, seller_id, gift_card_id, transaction_id, code, amount)
        VALUES (${r.kind}, ${makerId}, ${r.sellerId}, ${r.cardId}, ${r.transactionId}, ${r.code}, ${centsToDecimal(r.amount)}::numeric)
        RETURNING id`,
  );
  return Number(row.id);
}

/** The requests still waiting (expired ones too, marked), newest first. */
export const openRequests = (tx: Tx, limit: number) =>
  rowsOf<PendingRow>(tx, sql`SELECT ${columns} FROM ${from} WHERE p.status = 'pending' ORDER BY p.id DESC LIMIT ${limit}`);

export async function findRequest(tx: Tx, id: number): Promise<PendingRow | null> {
  const r = await rowsOf<PendingRow>(tx, sql`SELECT ${columns} FROM ${from} WHERE p.id = ${id}`);
  return r[0] ?? null;
}

/** Takes a waiting, unexpired request for one approver (so that two approvals never both pay); false when it is not one. */
export async function claimRequest(tx: Tx, id: number, checkerId: number): Promise<boolean> {
  const r = await rowsOf<{ id: number }>(
    tx,
    sql`UPDATE pending_payments SET status = 'approving', decided_by = ${checkerId}
         WHERE id = ${id} AND status = 'pending' AND created_at > now() - interval '24 hours' RETURNING id`,
  );
  return r.length > 0;
}

export async function finishRequest(tx: Tx, id: number, outcome: 'approved' | 'pending'): Promise<void> {
  await tx.execute(
    outcome === 'approved'
      ? sql`UPDATE pending_payments SET status = 'approved', decided_at = now() WHERE id = ${id}`
      : sql`UPDATE pending_payments SET status = 'pending', decided_by = NULL WHERE id = ${id} AND status = 'approving'`,
  );
}

export async function declineRequest(tx: Tx, id: number, actorId: number, reason: string): Promise<boolean> {
  const r = await rowsOf<{ id: number }>(
    tx,
    sql`UPDATE pending_payments SET status = 'declined', decided_by = ${actorId}, decided_at = now(), decline_reason = ${reason}
         WHERE id = ${id} AND status = 'pending' RETURNING id`,
  );
  return r.length > 0;
}

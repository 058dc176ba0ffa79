import { eq, sql } from 'drizzle-orm';
import { rejectReasons } from '../../db/schema';
import type { Tx } from '../../db/client';

export interface RemedyRow {
  reason: string;
  remedy: string;
  updatedAt: string;
}

/** Every reason with its remedy. */
export async function listRemedies(tx: Tx): Promise<RemedyRow[]> {
  return tx.select({ reason: rejectReasons.reason, remedy: rejectReasons.remedy, updatedAt: rejectReasons.updatedAt }).from(rejectReasons);
}

/** One reason's remedy, locked for the rest of the transaction when asked; null when the reason has none. */
export async function findRemedy(tx: Tx, reason: string, lock = false): Promise<string | null> {
  const q = tx.select({ remedy: rejectReasons.remedy }).from(rejectReasons).where(eq(rejectReasons.reason, reason));
  const rows = lock ? await q.for('update') : await q;
  return rows[0]?.remedy ?? null;
}

export async function setRemedy(tx: Tx, reason: string, remedy: string, by: number): Promise<void> {
  await tx
    .update(rejectReasons)
    .set({ remedy, updatedBy: by, updatedAt: sql`now()` })
    .where(eq(rejectReasons.reason, reason));
}

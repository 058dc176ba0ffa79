import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { firstRow } from '../../db/rows';
import { isoSql } from '../../db/values';
import type { ProofEvidence, ProofRegion } from '../../../shared/proof';

export interface ProofRow {
  decision: 'reject' | 'clawback';
  regions: ProofRegion[];
  evidence: ProofEvidence[];
  created_at: string;
}

/** A decision's proof, written after its status change (which superseded the card's earlier one). */
export async function insertProof(
  tx: Tx,
  p: { cardId: number; decision: 'reject' | 'clawback'; regions: ProofRegion[]; evidence: ProofEvidence[]; by: number },
): Promise<void> {
  await tx.execute(
    sql`INSERT INTO decision_proofs (gift_card_id, decision, regions, evidence, created_by)
        VALUES (${p.cardId}, ${p.decision}, ${JSON.stringify(p.regions)}::jsonb, ${JSON.stringify(p.evidence)}::jsonb, ${p.by})`,
  );
}

/** The card's current proof, if it is of this decision. */
export async function currentProof(tx: Tx, cardId: number, decision: 'reject' | 'clawback'): Promise<ProofRow | null> {
  const row = await firstRow<ProofRow>(
    tx,
    sql`SELECT decision, regions, evidence, ${isoSql(sql`created_at`)} AS created_at
          FROM decision_proofs WHERE gift_card_id = ${cardId} AND decision = ${decision} AND superseded_at IS NULL`,
  );
  return row ?? null;
}

import type { Database, Tx } from '../../db/client';
import { nowParam } from '../../clock';
import { invalidFields, notFound } from '../../http/errors';
import { recordAudit } from '../audit/repository';
import type { AuthUser } from '../auth/service';
import { TRUST_MSG, type SellerTrust, type TrustBand, type TrustFactor } from '../../../shared/trust';
import * as repo from './repository';
import { trustScore } from './score';

/** Scores a seller from their history now and stores it (the job's work, and a first look at a seller never scored). */
export async function recomputeTrust(tx: Tx, sellerId: number): Promise<boolean> {
  const history = await repo.historyOf(tx, sellerId, nowParam());
  if (!history) return false;
  const { score, factors } = trustScore(history);
  await repo.saveTrust(tx, sellerId, score, factors);
  return true;
}

const factorsOf = (v: repo.TrustRow['factors']): TrustFactor[] => (typeof v === 'string' ? JSON.parse(v) : (v ?? []));

/** Seller trust (issue 54, docs/trust.md): staff read a seller's score and its factors; admins edit the bands. */
export function createTrustService(database: Database) {
  const { db } = database;
  return {
    async get(sellerId: number): Promise<{ data: SellerTrust }> {
      let row = await repo.trustOf(db, sellerId);
      if (!row) throw notFound();
      if (row.computed_at === null || row.stale) {
        // Never scored, or a recompute is queued (the history changed; no runner yet, JOBS=0, or a runner on it now):
        // staff see the score of the history as it is. A waiting job is taken here, so no runner does it again; one a
        // runner holds is left to it (both score the history as committed: the same score; docs/trust.md).
        await db.transaction(async (tx) => {
          await repo.takeWaitingTrust(tx, sellerId);
          await recomputeTrust(tx, sellerId);
        });
        row = (await repo.trustOf(db, sellerId))!;
      }
      return {
        data: {
          seller_id: sellerId,
          score: Number(row.score),
          band: row.band,
          hold_days: Number(row.hold_days),
          factors: factorsOf(row.factors),
          computed_at: row.computed_at ?? '',
        },
      };
    },

    async policy() {
      const rows = await repo.policy(db);
      return {
        data: rows.map((r) => ({
          band: r.band,
          min_score: Number(r.min_score),
          max_score: Number(r.max_score),
          hold_days: Number(r.hold_days),
        })),
      };
    },

    /** One band's lowest score and hold; the bands stay in order (low from 0, then normal, then high). Audited. */
    async setPolicy(admin: AuthUser, input: { band: TrustBand; min_score: number; hold_days: number }) {
      await db.transaction(async (tx) => {
        const rows = await repo.policy(tx, true);
        const before = rows.find((r) => r.band === input.band);
        if (input.band === 'low' && input.min_score !== 0) throw invalidFields({ min_score: [TRUST_MSG.lowStartsAtZero] });
        const mins = Object.fromEntries(rows.map((r) => [r.band, Number(r.min_score)])) as Record<TrustBand, number>;
        mins[input.band] = input.min_score;
        if (!(mins.low < mins.normal && mins.normal < mins.high)) throw invalidFields({ min_score: [TRUST_MSG.bandsInOrder] });
        await repo.setBand(tx, input.band, input.min_score, input.hold_days, admin.id);
        await recordAudit(tx, {
          actorId: admin.id,
          action: 'update',
          entity: 'trust_policy',
          entityId: null,
          details: {
            band: input.band,
            before: before ? { min_score: Number(before.min_score), hold_days: Number(before.hold_days) } : null,
            after: { min_score: input.min_score, hold_days: input.hold_days },
          },
        });
      });
      return { msg: TRUST_MSG.policySaved };
    },
  };
}
export type TrustService = ReturnType<typeof createTrustService>;

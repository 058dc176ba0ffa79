import type { Database } from '../../db/client';
import { isoOrNull } from '../../db/values';
import { REJECT_REASONS, REJECT_REASON_LABEL, type RejectReason } from '../../../shared/constants';
import type { RejectRemedy } from '../../../shared/types';
import { notFound } from '../../http/errors';
import { recordAudit } from '../audit/repository';
import type { AuthUser } from '../auth/service';
import * as repo from './repository';

/** What a seller is told to do about each rejection reason: every signed-in user reads the texts, admins change them. */
export function createRemedyService(database: Database) {
  const { db } = database;
  return {
    async list(): Promise<{ data: RejectRemedy[] }> {
      const rows = new Map((await repo.listRemedies(db)).map((r) => [r.reason, r]));
      const data = REJECT_REASONS.flatMap((reason) => {
        const row = rows.get(reason);
        return row ? [{ reason, label: REJECT_REASON_LABEL[reason], remedy: row.remedy, updated_at: isoOrNull(row.updatedAt)! }] : [];
      });
      return { data };
    },

    async update(actor: AuthUser, input: { reason: RejectReason; remedy: string }) {
      await db.transaction(async (tx) => {
        const before = await repo.findRemedy(tx, input.reason, true);
        if (before === null) throw notFound();
        await repo.setRemedy(tx, input.reason, input.remedy, actor.id);
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'update',
          entity: 'reject_remedy',
          entityId: null,
          details: { reason: input.reason, before, after: input.remedy },
        });
      });
      return { msg: 'Remedy saved' };
    },
  };
}
export type RemedyService = ReturnType<typeof createRemedyService>;

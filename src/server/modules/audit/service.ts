import type { Database } from '../../db/client';
import { LIMITS } from '../../../shared/limits';
import type { AuditLogQuery } from '../../../shared/list-queries';
import type { AuditEntry } from '../../../shared/types';
import { listPage } from '../../db/lists/list-page';
import type { PlanLog } from '../../db/lists/types';
import { listResult, splitQuery } from '../../http/page';
import { auditList } from './list';
import { auditRowsByIds, type AuditRow } from './repository';

const entryOut = (r: AuditRow): AuditEntry => ({
  id: Number(r.id),
  at: r.at,
  actor: r.actor_id === null ? null : { id: Number(r.actor_id), name: r.actor_name ?? `User #${r.actor_id}` },
  action: r.action,
  entity: r.entity,
  entity_id: r.entity_id === null ? null : Number(r.entity_id),
  details: r.details,
});

/** The audit log screen (admins): read only; the database refuses to change or remove an entry (migration 0029). */
export function createAuditService(database: Database) {
  const { db } = database;
  return {
    async list(q: AuditLogQuery, log?: PlanLog) {
      const per = q.per_page ?? LIMITS.lists.auditPerPage.value;
      const { filter, request } = splitQuery(q, per, log);
      const p = await listPage(db, auditList, filter, request);
      return listResult((await auditRowsByIds(db, p.ids)).map(entryOut), q, per, p);
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;

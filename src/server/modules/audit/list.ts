import { sql } from 'drizzle-orm';
import { dayFrom, dayTo } from '../../db/lists/conditions';
import type { ListDef } from '../../db/lists/types';
import type { AuditLogQuery } from '../../../shared/list-queries';

/** The audit log's query: who, what, which record, when; newest first by id (the order entries were written in). */
export type AuditFilter = Omit<AuditLogQuery, 'page' | 'per_page' | 'cursor'>;
const id = sql`a.id`;

/** Each filter has its index (migration 0029), so any page of it reads what page 1 reads. */
export const auditList: ListDef<AuditFilter> = {
  from: sql`audit_log a`,
  id,
  filters: {
    actor_id: (v) => sql`a.actor_id = ${v}`,
    action: (v) => sql`a.action = ${v}`,
    entity: (v) => sql`a.entity = ${v}`,
    entity_id: (v) => sql`a.entity_id = ${v}`,
    from: (v) => dayFrom(sql`a.created_at`, v),
    to: (v) => dayTo(sql`a.created_at`, v),
  },
  sorts: { created_at: { key: id, type: 'int' } },
  defaultSort: '-created_at',
};

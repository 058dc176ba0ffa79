import { sql, type SQL } from 'drizzle-orm';
import { auditLog } from '../../db/schema';
import type { Tx } from '../../db/client';
import { idArray, inOrder, rowsOf } from '../../db/rows';
import type { AuditEntity } from '../../../shared/constants';

export interface AuditEntry {
  actorId: number | null;
  action: string;
  entity: AuditEntity;
  entityId: number | null;
  details?: Record<string, unknown>;
}

/** Appends to the audit trail; call it inside the same database transaction as the change. */
export async function recordAudit(tx: Tx, e: AuditEntry): Promise<void> {
  await tx
    .insert(auditLog)
    .values({ actorId: e.actorId, action: e.action, entity: e.entity, entityId: e.entityId, details: e.details ?? {} });
}

/** An audit entry as the log screen and its CSV read it: the time as ISO text, the actor's name beside their id. */
export interface AuditRow {
  id: number;
  at: string;
  actor_id: number | null;
  actor_name: string | null;
  action: string;
  entity: string;
  entity_id: number | null;
  details: Record<string, unknown>;
}

/** The entries with these ids (a page's, an export batch's), in any order. */
export const auditRowsSql = (ids: number[]): SQL => sql`
  SELECT a.id::int AS id, to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at,
         a.actor_id, u.name AS actor_name, a.action, a.entity, a.entity_id, a.details
    FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
   WHERE a.id = ANY (${idArray(ids)})`;

/** These entries, in this order. */
export async function auditRowsByIds(tx: Tx, ids: number[]): Promise<AuditRow[]> {
  return ids.length ? inOrder(ids, await rowsOf<AuditRow>(tx, auditRowsSql(ids))) : [];
}

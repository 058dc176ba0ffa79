import { auditLog } from '../../db/schema';
import type { Tx } from '../../db/client';

export interface AuditEntry {
  actorId: number | null;
  action: string;
  entity: 'user' | 'offer' | 'gift_card' | 'comment' | 'transaction' | 'image' | 'session';
  entityId: number | null;
  details?: Record<string, unknown>;
}

/** Appends to the audit trail; call it inside the same database transaction as the change. */
export async function recordAudit(tx: Tx, e: AuditEntry): Promise<void> {
  await tx
    .insert(auditLog)
    .values({ actorId: e.actorId, action: e.action, entity: e.entity, entityId: e.entityId, details: e.details ?? {} });
}

import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { firstRow } from '../db/rows';
import { MSG } from '../../shared/messages';
import type { AccessRule } from '../../shared/access-policy';
import type { OperationName } from '../../shared/endpoints';
import type { AuthUser } from '../modules/auth/service';
import { forbidden, HttpError, notFound } from './errors';

/** The seller who owns the record `:id` names, per record rule (no row: the handler answers its own 404). */
const OWNER: Partial<Record<AccessRule['object'], (id: number) => SQL>> = {
  'own-card': (id) => sql`SELECT seller_id AS owner FROM gift_cards WHERE id = ${id}`,
  'own-image': (id) =>
    sql`SELECT g.seller_id AS owner FROM gift_card_images i JOIN gift_cards g ON g.id = i.gift_card_id WHERE i.id = ${id}`,
  'own-comment': (id) =>
    sql`SELECT g.seller_id AS owner FROM gift_card_comments c JOIN gift_cards g ON g.id = c.gift_card_id WHERE c.id = ${id}`,
  'own-payout': (id) => sql`SELECT seller_id AS owner FROM transactions WHERE id = ${id}`,
};

const denied = (text: string) => new HttpError(403, { message: text, errorMsg: text });

/**
 * The record rule of the access policy, checked before the handler: a seller reaches only their own card, photo,
 * comment or payout (403); staff accounts are an admin's (a manager reads and edits sellers, and their own account).
 * The services keep their own finer checks (a pending card only, a role change, a password).
 */
export async function checkObjectRule(
  dbOf: () => Tx,
  op: OperationName,
  rule: AccessRule,
  user: AuthUser,
  id: number,
  body: unknown,
): Promise<void> {
  const owner = OWNER[rule.object];
  if (owner && user.role === 'seller') {
    const row = await firstRow<{ owner: number | null }>(dbOf(), owner(id));
    // Another seller's payout is not found (as its service has always answered); another's card is forbidden.
    if (row && row.owner !== user.id) throw rule.object === 'own-payout' ? notFound() : forbidden();
    return;
  }
  if (rule.object === 'not-own-request') {
    const req = await firstRow<{ maker: number }>(dbOf(), sql`SELECT maker_id AS maker FROM pending_payments WHERE id = ${id}`);
    if (req && req.maker === user.id) throw denied(MSG.makerCannotApprove);
    return;
  }
  if (rule.object !== 'people' || user.role === 'admin') return;
  if (op === 'createUser') {
    if ((body as { role?: string } | undefined)?.role !== 'seller') throw denied(MSG.onlyAdminStaff);
    return;
  }
  if (id === user.id) return;
  const target = await firstRow<{ role: string }>(dbOf(), sql`SELECT role FROM users WHERE id = ${id} AND deleted_at IS NULL`);
  if (!target) return;
  if (target.role === 'admin' && op === 'getUser') throw forbidden();
  if (target.role !== 'seller' && op !== 'getUser') throw denied(MSG.onlyAdminStaff);
}

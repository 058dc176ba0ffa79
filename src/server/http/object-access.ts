import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { firstRow } from '../db/rows';
import { MSG } from '../../shared/messages';
import type { AccessRule } from '../../shared/access-policy';
import type { OperationName } from '../../shared/endpoints';
import type { AuthUser } from '../modules/auth/service';
import { peopleRefusal, type PeopleAction } from '../../shared/people-rule';
import { denied, forbidden, notFound } from './errors';

/** The seller who owns the record `:id` names, per record rule (no row: the handler answers its own 404). */
const OWNER: Partial<Record<AccessRule['object'], (id: number) => SQL>> = {
  'own-card': (id) => sql`SELECT seller_id AS owner FROM gift_cards WHERE id = ${id}`,
  'own-image': (id) =>
    sql`SELECT g.seller_id AS owner FROM gift_card_images i JOIN gift_cards g ON g.id = i.gift_card_id WHERE i.id = ${id}`,
  'own-comment': (id) =>
    sql`SELECT g.seller_id AS owner FROM gift_card_comments c JOIN gift_cards g ON g.id = c.gift_card_id WHERE c.id = ${id}`,
  'own-payout': (id) => sql`SELECT seller_id AS owner FROM transactions WHERE id = ${id}`,
};

/**
 * The record rule of the access policy, checked before the handler: a seller reaches only their own card, photo,
 * comment or payout (403); people follow shared/people-rule.ts. The services assert only what they add (a pending
 * card only, a version).
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
  if (rule.object !== 'people') return;
  const action = PEOPLE_ACTION[op] ?? 'view';
  const target =
    action === 'create'
      ? null
      : ((await firstRow<{ id: number; role: string }>(dbOf(), sql`SELECT id, role FROM users WHERE id = ${id} AND deleted_at IS NULL`)) ??
        null);
  assertPeopleRule(user, action, target, body as { role?: string; password?: string } | undefined);
}

const PEOPLE_ACTION: Partial<Record<OperationName, PeopleAction>> = {
  createUser: 'create',
  updateUser: 'edit',
  deleteUser: 'delete',
};

/** The people rule (shared/people-rule.ts) as an HTTP refusal; the users service re-checks it under the row lock. */
export function assertPeopleRule(
  user: AuthUser,
  action: PeopleAction,
  target: { id: number; role: string } | null,
  input?: { role?: string; password?: string },
): void {
  const refused = peopleRefusal(user, action, target, input);
  if (refused) throw denied(refused);
}

import type { Role } from './constants';
import { MSG } from './messages';

export type PeopleAction = 'view' | 'create' | 'edit' | 'delete';

interface Person {
  id: number;
  role: Role | string;
}

/**
 * The people rule, written once (issue 29, issue 51): staff accounts are an admin's; a manager reads staff, and creates
 * and edits sellers but never their role or password; nobody changes their own role or deletes their own account.
 * Answers null when the action is allowed, or the refusal's message (MSG.forbidden: a plain 403). The server checks
 * it before the handler (http/object-access.ts) and again under the row lock; the users screens grey out what it
 * refuses.
 */
export function peopleRefusal(
  actor: Person,
  action: PeopleAction,
  target: Person | null,
  input: { role?: string; password?: string } = {},
): string | null {
  if (action === 'create') return input.role !== 'seller' && actor.role !== 'admin' ? MSG.onlyAdminStaff : null;
  if (!target) return null;
  const self = actor.id === target.id;
  const roleChange = action === 'edit' && target.role !== 'admin' && input.role !== undefined && input.role !== target.role;
  if (action === 'delete' && self) return MSG.cannotDeleteSelf;
  if (self && roleChange) return MSG.ownRole;
  if (actor.role === 'admin' || self) return null;
  if (action === 'view') return target.role === 'admin' ? MSG.forbidden : null;
  if (target.role !== 'seller') return MSG.onlyAdminStaff;
  if (roleChange) return MSG.onlyAdminRole;
  if (action === 'edit' && input.password) return MSG.onlyAdminPassword;
  return null;
}

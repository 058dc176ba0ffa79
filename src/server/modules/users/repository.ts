import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Tx } from '../../db/client';
import type { Role } from '../../../shared/constants';
import type { UserRow } from './shape';
import { inOrder, rowsOf } from '../../db/rows';

const columns = { id: users.id, name: users.name, email: users.email, role: users.role, rate: users.rate, version: users.version };

/** These users, in this order. */
export async function usersByIds(tx: Tx, ids: number[]): Promise<UserRow[]> {
  if (!ids.length) return [];
  return inOrder(ids, await tx.select(columns).from(users).where(inArray(users.id, ids)));
}

export async function findUser(tx: Tx, id: number, opts: { forUpdate?: boolean } = {}): Promise<UserRow | null> {
  const q = tx
    .select(columns)
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  const rows = opts.forUpdate ? await q.for('update') : await q;
  return rows[0] ?? null;
}

export async function emailTaken(tx: Tx, email: string, exceptId?: number): Promise<boolean> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(isNull(users.deletedAt), sql`lower(${users.email}) = ${email.toLowerCase()}`, exceptId ? ne(users.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

export async function insertUser(tx: Tx, u: { name: string; email: string; role: Role; passwordHash: string; rate: string | null }) {
  const rows = await tx.insert(users).values(u).returning({ id: users.id });
  return rows[0].id;
}

export async function updateUser(
  tx: Tx,
  id: number,
  u: { name: string; email: string; role: Role; rate: string | null; passwordHash?: string },
) {
  // The version follows what a person edits, not the password hash (a password reset leaves an open form valid).
  const edited = sql`(${users.name}, ${users.email}, ${users.role}, ${users.rate}) IS DISTINCT FROM (${u.name}::text, ${u.email}::text, ${u.role}::text, ${u.rate}::numeric)`;
  await tx
    .update(users)
    .set({ ...u, version: sql`CASE WHEN ${edited} THEN ${users.version} + 1 ELSE ${users.version} END`, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

export async function softDeleteUser(tx: Tx, id: number) {
  await tx
    .update(users)
    .set({ deletedAt: sql`now()` })
    .where(eq(users.id, id));
}

export async function anyAdmin(tx: Tx): Promise<boolean> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.deletedAt)))
    .limit(1);
  return rows.length > 0;
}

/** A seller with cards or payouts on record (such an account never becomes staff). */
export async function hasSellerHistory(tx: Tx, id: number): Promise<boolean> {
  const r = await rowsOf<{ yes: boolean }>(
    tx,
    sql`SELECT EXISTS (SELECT 1 FROM gift_cards WHERE seller_id = ${id}) OR EXISTS (SELECT 1 FROM transactions WHERE seller_id = ${id}) AS yes`,
  );
  return r[0]?.yes === true;
}

import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { authTokens, users } from '../../db/schema';
import type { Tx } from '../../db/client';
import { prepared } from '../../db/adapter/prepared';
import { firstRow } from '../../db/rows';

export async function findLoginCandidates(tx: Tx, login: string) {
  const l = login.trim().toLowerCase();
  return tx
    .select({ id: users.id, name: users.name, email: users.email, role: users.role, passwordHash: users.passwordHash })
    .from(users)
    .where(and(isNull(users.deletedAt), or(sql`lower(${users.email}) = ${l}`, sql`lower(${users.name}) = ${l}`)))
    .limit(5);
}

export async function insertToken(tx: Tx, userId: number, tokenHash: string, expiresAt: Date) {
  await tx.insert(authTokens).values({ userId, tokenHash, expiresAt: expiresAt.toISOString() });
}

/** Runs on every authenticated request: a named prepared statement, planned once per connection. */
export async function findUserByTokenHash(tx: Tx, tokenHash: string) {
  const lookup = prepared(tx, 'auth_token_lookup', (t) =>
    t
      .select({ id: users.id, name: users.name, email: users.email, role: users.role })
      .from(authTokens)
      .innerJoin(users, eq(users.id, authTokens.userId))
      .where(
        and(
          eq(authTokens.tokenHash, sql.placeholder('hash')),
          isNull(authTokens.revokedAt),
          gt(authTokens.expiresAt, sql`now()`),
          isNull(users.deletedAt),
        ),
      )
      .limit(1)
      .prepare('auth_token_lookup'),
  );
  const rows = await lookup.execute({ hash: tokenHash });
  return rows[0] ?? null;
}

export async function revokeToken(tx: Tx, tokenHash: string) {
  await tx
    .update(authTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(authTokens.tokenHash, tokenHash), isNull(authTokens.revokedAt)));
}

export async function revokeUserTokens(tx: Tx, userId: number) {
  await tx
    .update(authTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt)));
}

/** The most failed attempts any of these keys counted in the window (or while still waiting out a delay). */
export async function recentFailures(tx: Tx, keys: string[], windowSeconds: number): Promise<number> {
  const row = await firstRow<{ failed: number }>(
    tx,
    sql`SELECT coalesce(max(failures), 0)::int AS failed FROM login_attempts WHERE key IN (${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )}) AND (window_start >= now() - make_interval(secs => ${windowSeconds}) OR locked_until > now())`,
  );
  return Number(row?.failed ?? 0);
}

/**
 * Counts one login attempt on each key (migration 0003's login_attempt, one row lock per key, keys in a fixed
 * order) and answers the longest wait any binding key asks for (`binding: false` counts the attempt without
 * holding it back): 0 lets the attempt go ahead.
 */
export async function countLoginAttempt(
  tx: Tx,
  limits: { key: string; windowSeconds: number; free: number; baseDelaySeconds: number; maxDelaySeconds: number; binding?: boolean }[],
): Promise<number> {
  const calls = [...limits]
    .sort((a, b) => (a.key < b.key ? -1 : 1))
    .map((l) => {
      const wait = sql`login_attempt(${l.key}, ${l.windowSeconds}, ${l.free}, ${l.baseDelaySeconds}, ${l.maxDelaySeconds})`;
      return l.binding === false ? sql`least(${wait}, 0)` : wait;
    });
  const row = await firstRow<{ wait: number }>(tx, sql`SELECT greatest(${sql.join(calls, sql`, `)}) AS wait`);
  return Number(row?.wait ?? 0);
}

/** A successful login: the pair starts over; the address and the account get this attempt back. */
export async function loginSucceeded(tx: Tx, keys: { pair: string; address: string; account: string }) {
  await tx.execute(
    sql`SELECT login_succeeded(${keys.pair}, true), login_succeeded(${keys.address}, false), login_succeeded(${keys.account}, false)`,
  );
}

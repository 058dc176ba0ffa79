import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { authTokens, loginAttempts, users } from '../../db/schema';
import type { Tx } from '../../db/client';
import { prepared } from '../../db/prepared';

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

/** Seconds the key is still locked for, or 0. */
export async function lockedSeconds(tx: Tx, key: string): Promise<number> {
  const rows = await tx
    .select({ s: sql<number>`GREATEST(0, CEIL(EXTRACT(EPOCH FROM (${loginAttempts.lockedUntil} - now()))))::int` })
    .from(loginAttempts)
    .where(eq(loginAttempts.key, key));
  return Number(rows[0]?.s ?? 0);
}

/** Counts a failure in a sliding window; locks the key for lockSeconds once it reaches maxFailures. */
export async function recordFailure(tx: Tx, key: string, windowSeconds: number, maxFailures: number, lockSeconds: number) {
  await tx.execute(sql`
    INSERT INTO login_attempts (key, failures, window_start) VALUES (${key}, 1, now())
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN login_attempts.window_start < now() - make_interval(secs => ${windowSeconds}) THEN 1 ELSE login_attempts.failures + 1 END,
      window_start = CASE WHEN login_attempts.window_start < now() - make_interval(secs => ${windowSeconds}) THEN now() ELSE login_attempts.window_start END`);
  await tx.execute(sql`
    UPDATE login_attempts SET locked_until = now() + make_interval(secs => ${lockSeconds}), failures = 0, window_start = now()
    WHERE key = ${key} AND failures >= ${maxFailures}`);
}

export async function clearFailures(tx: Tx, key: string) {
  await tx.delete(loginAttempts).where(eq(loginAttempts.key, key));
}

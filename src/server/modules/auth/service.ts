import argon2 from 'argon2';
import type { Database } from '../../db/client';
import type { Role } from '../../../shared/constants';
import type { LoginResponse } from '../../../shared/types';
import { MSG } from '../../../shared/messages';
import { HttpError } from '../../http/errors';
import { hashToken, newToken } from '../../http/auth';
import * as repo from './repository';
import { recordAudit } from '../audit/repository';

export interface AuthUser {
  id: number;
  name: string;
  email: string;
  role: Role;
}

export const LOGIN_LIMITS = {
  account: { maxFailures: 5, windowSeconds: 15 * 60, lockSeconds: 5 * 60 },
  address: { maxFailures: 30, windowSeconds: 15 * 60, lockSeconds: 5 * 60 },
};

const ARGON_OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
export const hashPassword = (password: string) => argon2.hash(password, ARGON_OPTIONS);
let dummyHash: Promise<string> | null = null;

export function createAuthService(database: Database, opts: { tokenTtlHours: number }) {
  const { db } = database;

  async function throttled(keys: string[]) {
    for (const key of keys) {
      const seconds = await repo.lockedSeconds(db, key);
      if (seconds > 0) {
        const minutes = Math.ceil(seconds / 60);
        throw new HttpError(429, {
          message: `${MSG.tooManyAttempts} (about ${minutes} minute${minutes === 1 ? '' : 's'})`,
          errorMsg: MSG.tooManyAttempts,
        });
      }
    }
  }

  return {
    async login(login: string, password: string, address: string): Promise<LoginResponse> {
      const candidates = await repo.findLoginCandidates(db, login);
      const l = login.trim().toLowerCase();
      const user = candidates.find((c) => c.email.toLowerCase() === l) ?? (candidates.length === 1 ? candidates[0] : undefined);
      // Throttle per account (whichever name it is reached by) and per address.
      const accountKey = user ? `user:${user.id}` : `account:${l}`;
      const addressKey = `address:${address}`;
      await throttled([accountKey, addressKey]);
      // Verify against a dummy hash when there is no user, so timing does not reveal which accounts exist.
      dummyHash ??= hashPassword('not-a-real-password');
      const ok = await argon2.verify(user?.passwordHash ?? (await dummyHash), password).catch(() => false);
      if (!user || !ok) {
        await repo.recordFailure(
          db,
          accountKey,
          LOGIN_LIMITS.account.windowSeconds,
          LOGIN_LIMITS.account.maxFailures,
          LOGIN_LIMITS.account.lockSeconds,
        );
        await repo.recordFailure(
          db,
          addressKey,
          LOGIN_LIMITS.address.windowSeconds,
          LOGIN_LIMITS.address.maxFailures,
          LOGIN_LIMITS.address.lockSeconds,
        );
        throw new HttpError(401, { message: MSG.loginFailed, errorMsg: MSG.loginFailed });
      }
      const token = newToken();
      await db.transaction(async (tx) => {
        await repo.clearFailures(tx, accountKey);
        await repo.insertToken(tx, user.id, hashToken(token), new Date(Date.now() + opts.tokenTtlHours * 3600_000));
        await recordAudit(tx, { actorId: user.id, action: 'login', entity: 'session', entityId: user.id });
      });
      return { token, user: { id: user.id, name: user.name, email: user.email, role: user.role } };
    },

    async authenticate(token: string): Promise<AuthUser | null> {
      return repo.findUserByTokenHash(db, hashToken(token));
    },

    async logout(token: string, user: AuthUser): Promise<void> {
      await db.transaction(async (tx) => {
        await repo.revokeToken(tx, hashToken(token));
        await recordAudit(tx, { actorId: user.id, action: 'logout', entity: 'session', entityId: user.id });
      });
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

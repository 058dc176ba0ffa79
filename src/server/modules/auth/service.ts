import argon2 from 'argon2';
import type { Database } from '../../db/client';
import type { Role } from '../../../shared/constants';
import type { LoginResponse } from '../../../shared/types';
import { LIMITS } from '../../../shared/limits';
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

const windowSeconds = LIMITS.auth.loginWindowSeconds.value;
const baseDelaySeconds = LIMITS.auth.loginBaseDelaySeconds.value;
const maxDelaySeconds = LIMITS.auth.loginMaxDelaySeconds.value;
/**
 * OWASP-style throttling, counted before the password is checked: `free` tries per window, then each try waits a
 * doubling delay. Per account and address pair (the owner elsewhere is never slowed by a stranger's guesses), per
 * address (one address trying many accounts) and a higher per-account ceiling (guesses spread over many addresses),
 * which holds back only addresses with `ownFailures` failures of their own in the window (on this account or any):
 * every attempt counts toward it, but the owner who mistyped once or twice is never refused with the right password
 * because of other addresses' guesses.
 */
export const LOGIN_LIMITS = {
  pair: { free: LIMITS.auth.loginFreePerPair.value, windowSeconds, baseDelaySeconds, maxDelaySeconds },
  address: { free: LIMITS.auth.loginFreePerAddress.value, windowSeconds, baseDelaySeconds, maxDelaySeconds },
  account: {
    free: LIMITS.auth.loginFreePerAccount.value,
    windowSeconds,
    baseDelaySeconds: LIMITS.auth.loginAccountBaseDelaySeconds.value,
    maxDelaySeconds,
    ownFailures: LIMITS.auth.loginOwnFailures.value,
  },
};

const waitText = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

const ARGON_OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
export const hashPassword = (password: string) => argon2.hash(password, ARGON_OPTIONS);
let dummyHash: Promise<string> | null = null;

export function createAuthService(database: Database, opts: { tokenTtlHours: number }) {
  const { db } = database;

  /** Counts this attempt on every key at once; a 429 when any of them says to wait. */
  async function countAttempt(keys: { pair: string; address: string; account: string }) {
    const failedHere = await repo.recentFailures(db, [keys.pair, keys.address], LOGIN_LIMITS.address.windowSeconds);
    const { ownFailures, ...account } = LOGIN_LIMITS.account;
    const seconds = await repo.countLoginAttempt(db, [
      { key: keys.pair, ...LOGIN_LIMITS.pair },
      { key: keys.address, ...LOGIN_LIMITS.address },
      { key: keys.account, ...account, binding: failedHere >= ownFailures },
    ]);
    if (seconds > 0)
      throw new HttpError(429, { message: `${MSG.tooManyAttempts} (about ${waitText(seconds)})`, errorMsg: MSG.tooManyAttempts });
  }

  return {
    async login(login: string, password: string, address: string): Promise<LoginResponse> {
      const candidates = await repo.findLoginCandidates(db, login);
      const l = login.trim().toLowerCase();
      const byEmail = candidates.find((c) => c.email.toLowerCase() === l);
      // User names are not unique: a name shared by several accounts signs in none of them (no guess is made).
      if (!byEmail && candidates.length > 1)
        throw new HttpError(422, { message: MSG.ambiguousName, errorMsg: MSG.ambiguousName, errors: { email: [MSG.ambiguousName] } });
      const user = byEmail ?? candidates[0];
      // Throttle per account (whichever name it is reached by), per address, and per the pair of both.
      const accountKey = user ? `user:${user.id}` : `account:${l}`;
      const keys = { pair: `${accountKey}|${address}`, address: `address:${address}`, account: accountKey };
      await countAttempt(keys);
      // Verify against a dummy hash when there is no user, so timing does not reveal which accounts exist.
      dummyHash ??= hashPassword('not-a-real-password');
      const ok = await argon2.verify(user?.passwordHash ?? (await dummyHash), password).catch(() => false);
      if (!user || !ok) throw new HttpError(401, { message: MSG.loginFailed, errorMsg: MSG.loginFailed });
      const token = newToken();
      await db.transaction(async (tx) => {
        await repo.loginSucceeded(tx, keys);
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

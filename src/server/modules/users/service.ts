import { checkVersion } from '../../http/versions';
import type { Database } from '../../db/client';
import { PAGE_SIZE } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { centsToDecimal } from '../../../shared/money';
import { HttpError, notFound, pgCode, refusal } from '../../http/errors';
import { assertPeopleRule } from '../../http/object-access';
import { listResult, splitQuery } from '../../http/page';
import { listPage } from '../../db/lists/list-page';
import type { PlanLog } from '../../db/lists/types';
import type { UserListQuery } from '../../../shared/list-queries';
import { userList } from './list';
import { recordAudit } from '../audit/repository';
import { hashPassword, type AuthUser } from '../auth/service';
import { revokeUserTokens } from '../auth/repository';
import { userOut } from './shape';
import * as repo from './repository';

export interface UserInput {
  name: string;
  email: string;
  role: 'manager' | 'seller';
  password?: string;
  rate?: number;
}

const emailTakenError = () =>
  new HttpError(422, { message: MSG.emailTaken, errorMsg: MSG.emailTaken, errors: { email: [MSG.emailTaken] } });

export function createUserService(database: Database) {
  const { db } = database;

  return {
    async list(q: UserListQuery, log?: PlanLog) {
      const per = q.per_page ?? PAGE_SIZE.users;
      const { filter, request } = splitQuery(q, per, log);
      const p = await listPage(db, userList, filter, request);
      return listResult((await repo.usersByIds(db, p.ids)).map(userOut), q, per, p);
    },

    async get(id: number) {
      const row = await repo.findUser(db, id);
      if (!row) throw notFound();
      return { user: userOut(row) };
    },

    async create(actor: AuthUser, input: UserInput & { password: string }) {
      const passwordHash = await hashPassword(input.password);
      try {
        await db.transaction(async (tx) => {
          if (await repo.emailTaken(tx, input.email)) throw emailTakenError();
          const id = await repo.insertUser(tx, {
            name: input.name,
            email: input.email,
            role: input.role,
            passwordHash,
            rate: input.rate === undefined ? null : centsToDecimal(input.rate),
          });
          await recordAudit(tx, {
            actorId: actor.id,
            action: 'create',
            entity: 'user',
            entityId: id,
            details: { name: input.name, email: input.email, role: input.role },
          });
        });
      } catch (err) {
        if (pgCode(err) === '23505') throw emailTakenError();
        throw err;
      }
      return { msg: 'User created successfully' };
    },

    async update(actor: AuthUser, id: number, input: UserInput, version?: number) {
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      try {
        await db.transaction(async (tx) => {
          const current = await repo.findUser(tx, id, { forUpdate: true });
          if (!current) throw notFound();
          // The people rule again, now that the row is locked: its role may have changed since the policy's check.
          assertPeopleRule(actor, 'edit', current, input);
          checkVersion('user', current.version, version);
          if (await repo.emailTaken(tx, input.email, id)) throw emailTakenError();
          // An admin stays an admin: accounts are only ever made managers or sellers through the API.
          const role = current.role === 'admin' ? 'admin' : input.role;
          if (current.role === 'seller' && role !== 'seller' && (await repo.hasSellerHistory(tx, id))) throw refusal(MSG.sellerWithHistory);
          const rate = input.rate === undefined ? null : centsToDecimal(input.rate);
          await repo.updateUser(tx, id, { name: input.name, email: input.email, role, rate, ...(passwordHash ? { passwordHash } : {}) });
          if (passwordHash || role !== current.role) await revokeUserTokens(tx, id);
          await recordAudit(tx, {
            actorId: actor.id,
            action: 'update',
            entity: 'user',
            entityId: id,
            details: {
              before: { name: current.name, email: current.email, role: current.role },
              after: { name: input.name, email: input.email, role },
              passwordChanged: Boolean(passwordHash),
            },
          });
        });
      } catch (err) {
        if (pgCode(err) === '23505') throw emailTakenError();
        throw err;
      }
      return { msg: MSG.userUpdated };
    },

    async remove(actor: AuthUser, id: number, version?: number) {
      await db.transaction(async (tx) => {
        const current = await repo.findUser(tx, id, { forUpdate: true });
        if (!current) throw notFound();
        assertPeopleRule(actor, 'delete', current);
        checkVersion('user', current.version, version);
        // Soft delete: the user's cards, comments and payouts stay on record.
        await repo.softDeleteUser(tx, id);
        await revokeUserTokens(tx, id);
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'delete',
          entity: 'user',
          entityId: id,
          details: { name: current.name, email: current.email, role: current.role },
        });
      });
      return { msg: 'User deleted successfully' };
    },
  };
}
export type UserService = ReturnType<typeof createUserService>;

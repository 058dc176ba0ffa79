import { sql } from 'drizzle-orm';
import { anyOf, containing, type ListDef } from '../../db/list-query';
import { counterSum } from '../../db/values';
import type { UserListQuery } from '../../../shared/list-queries';

export type UserFilter = Omit<UserListQuery, 'page' | 'per_page' | 'cursor'>;
const id = sql`u.id`;

/** Live users; q searches name or email. */
export const userList: ListDef<UserFilter> = {
  from: sql`users u`,
  id,
  base: sql`u.deleted_at IS NULL`,
  filters: {
    role: (v) => sql`u.role = ${v}`,
    q: (q) => anyOf([sql`u.name ILIKE ${containing(q)}`, sql`u.email ILIKE ${containing(q)}`]),
  },
  sorts: {
    created_at: { key: id, type: 'int' },
    name: { key: sql`lower(u.name)`, type: 'text' },
    email: { key: sql`lower(u.email)`, type: 'text' },
  },
  defaultSort: '-created_at',
  counter: (f) => (f.q === undefined && f.role === undefined ? counterSum(sql`'users'`) : undefined),
};

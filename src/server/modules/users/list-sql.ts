import { sql, type SQL } from 'drizzle-orm';
import { allOf, anyOf, containsPattern, lit, orderBy } from '../../db/list-sql';
import type { UserListQuery } from '../../../shared/list-queries';

/** The filters, search and sorts of the user list, over `users u` (live users only, whatever the filters). */
export type UserFilter = Omit<UserListQuery, 'page' | 'per_page'>;

export function userWhere(f: UserFilter): SQL {
  const pattern = f.q === undefined ? '' : containsPattern(f.q);
  return allOf([
    sql`u.deleted_at IS NULL`,
    f.role !== undefined && sql`u.role = ${lit(f.role)}`,
    f.q !== undefined && anyOf([sql`u.name ILIKE ${lit(pattern)}`, sql`u.email ILIKE ${lit(pattern)}`]),
  ]);
}

const SORT_COLUMNS = { created_at: sql`u.id`, name: sql`lower(u.name)`, email: sql`lower(u.email)` };
export const userOrder = (sort?: UserFilter['sort']): SQL => orderBy(sort, SORT_COLUMNS, sql`u.id`, '-created_at');

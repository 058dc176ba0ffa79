import { sql, type SQL } from 'drizzle-orm';
import { allOf, anyOf, containsPattern, lit, orderBy } from '../../db/list-sql';
import type { SellerListQuery } from '../../../shared/list-queries';

/** The filters, search and sorts of the seller list, over `users u` (live sellers only, whatever the filters). */
export type SellerFilter = Omit<SellerListQuery, 'page' | 'per_page'>;

export function sellerWhere(f: SellerFilter): SQL {
  const pattern = f.q === undefined ? '' : containsPattern(f.q);
  return allOf([
    sql`u.role = 'seller' AND u.deleted_at IS NULL`,
    f.has_due === 1 && sql`u.seller_due > 0`,
    f.has_due === 0 && sql`u.seller_due <= 0`,
    f.q !== undefined && anyOf([sql`u.name ILIKE ${lit(pattern)}`, sql`u.email ILIKE ${lit(pattern)}`]),
  ]);
}

const SORT_COLUMNS = { created_at: sql`u.id`, name: sql`lower(u.name)`, due: sql`u.seller_due` };
export const sellerOrder = (sort?: SellerFilter['sort']): SQL => orderBy(sort, SORT_COLUMNS, sql`u.id`, '-created_at');

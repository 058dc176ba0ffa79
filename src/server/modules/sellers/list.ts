import { sql } from 'drizzle-orm';
import { anyOf, containing, type ListDef } from '../../db/list-query';
import { counterSum } from '../../db/values';
import type { SellerListQuery } from '../../../shared/list-queries';

export type SellerFilter = Omit<SellerListQuery, 'page' | 'per_page' | 'cursor'>;
const id = sql`u.id`;

/** Live sellers; q searches name or email. */
export const sellerList: ListDef<SellerFilter> = {
  from: sql`users u`,
  id,
  base: sql`u.role = 'seller' AND u.deleted_at IS NULL`,
  filters: {
    has_due: (v) => (v === 1 ? sql`u.seller_due > 0` : sql`u.seller_due <= 0`),
    q: (q) => anyOf([sql`u.name ILIKE ${containing(q)}`, sql`u.email ILIKE ${containing(q)}`]),
  },
  sorts: {
    created_at: { key: id, type: 'int' },
    name: { key: sql`lower(u.name)`, type: 'text' },
    due: { key: sql`u.seller_due`, type: 'numeric' },
  },
  defaultSort: '-created_at',
  counter: (f) => (f.q === undefined && f.has_due === undefined ? counterSum(sql`'sellers'`) : undefined),
};

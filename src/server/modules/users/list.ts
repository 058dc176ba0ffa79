import { sql } from 'drizzle-orm';
import { anyOf, containing } from '../../db/lists/conditions';
import type { ListDef, SortKey } from '../../db/lists/types';
import { counterSum } from '../../db/values';
import type { SellerListQuery, UserListQuery } from '../../../shared/list-queries';

/** The people lists, both over the users table: q searches name or email; newest first, or by name. */
export type UserFilter = Omit<UserListQuery, 'page' | 'per_page' | 'cursor'>;
export type SellerFilter = Omit<SellerListQuery, 'page' | 'per_page' | 'cursor'>;
const id = sql`u.id`;
const nameOrEmail = (q: string) => anyOf([sql`u.name ILIKE ${containing(q)}`, sql`u.email ILIKE ${containing(q)}`]);
const byName: Record<string, SortKey> = { created_at: { key: id, type: 'int' }, name: { key: sql`lower(u.name)`, type: 'text' } };

/** Live users. */
export const userList: ListDef<UserFilter> = {
  from: sql`users u`,
  id,
  base: sql`u.deleted_at IS NULL`,
  filters: { role: (v) => sql`u.role = ${v}`, q: nameOrEmail },
  sorts: { ...byName, email: { key: sql`lower(u.email)`, type: 'text' } },
  defaultSort: '-created_at',
  counter: (f) => (f.q === undefined && f.role === undefined ? counterSum(sql`'users'`) : undefined),
};

/** Live sellers. */
export const sellerList: ListDef<SellerFilter> = {
  from: sql`users u`,
  id,
  base: sql`u.role = 'seller' AND u.deleted_at IS NULL`,
  filters: {
    has_due: (v) => (v === 1 ? sql`u.seller_due > 0` : sql`u.seller_due <= 0`),
    q: nameOrEmail,
    // Seller trust: the band's scores (trust_bands, the one rule of bands), read by the index users_seller_trust.
    trust_band: (v) => sql`u.trust_score >= (SELECT b.lo FROM trust_bands b WHERE b.band = ${v})
                          AND u.trust_score < (SELECT b.hi FROM trust_bands b WHERE b.band = ${v})`,
  },
  sorts: { ...byName, due: { key: sql`u.seller_due`, type: 'numeric' }, trust: { key: sql`u.trust_score`, type: 'int' } },
  defaultSort: '-created_at',
  counter: (f) => (f.q === undefined && f.has_due === undefined && f.trust_band === undefined ? counterSum(sql`'sellers'`) : undefined),
};

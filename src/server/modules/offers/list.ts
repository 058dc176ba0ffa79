import { sql } from 'drizzle-orm';
import { containing } from '../../db/lists/conditions';
import type { ListDef } from '../../db/lists/types';
import { counterSum } from '../../db/values';
import type { OfferListQuery } from '../../../shared/list-queries';

export type OfferFilter = Omit<OfferListQuery, 'page' | 'per_page' | 'cursor'>;
const id = sql`o.id`;

/** Offers; q searches the title. */
export const offerList: ListDef<OfferFilter> = {
  from: sql`gift_card_offers o`,
  id,
  filters: {
    is_active: (v) => sql`o.is_active = ${v}`,
    q: (q) => sql`o.title ILIKE ${containing(q)}`,
  },
  sorts: { created_at: { key: id, type: 'int' }, title: { key: sql`lower(o.title)`, type: 'text' } },
  defaultSort: '-created_at',
  counter: (f) => (f.q === undefined && f.is_active === undefined ? counterSum(sql`'offers'`) : undefined),
};

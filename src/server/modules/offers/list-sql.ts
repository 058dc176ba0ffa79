import { sql, type SQL } from 'drizzle-orm';
import { allOf, containsPattern, lit, orderBy } from '../../db/list-sql';
import type { OfferListQuery } from '../../../shared/list-queries';

/** The filters, search and sorts of the offer list, over `gift_card_offers o`. */
export type OfferFilter = Omit<OfferListQuery, 'page' | 'per_page'>;

export function offerWhere(f: OfferFilter): SQL {
  return allOf([
    f.is_active !== undefined && sql`o.is_active = ${lit(f.is_active)}`,
    f.q !== undefined && sql`o.title ILIKE ${lit(containsPattern(f.q))}`,
  ]);
}

const SORT_COLUMNS = { created_at: sql`o.id`, title: sql`lower(o.title)` };
export const offerOrder = (sort?: OfferFilter['sort']): SQL => orderBy(sort, SORT_COLUMNS, sql`o.id`, '-created_at');

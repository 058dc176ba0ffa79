import { sql, type SQL } from 'drizzle-orm';
import { allOf, amountRange, anyOf, containsPattern, dateRange, lit, orderBy, personPrefix, prefixPattern } from '../../db/list-sql';
import { cardDue, cardPayable } from '../../db/due-sql';
import type { CardListQuery } from '../../../shared/list-queries';

/**
 * The filters, search and sorts of the card lists, over `gift_cards g` (the list and the CSV export join the offer
 * as `o` and the seller as `u`; these conditions need neither). With `sellerId` only that seller's cards match,
 * whatever the filters say.
 */
export type CardFilter = Omit<CardListQuery, 'page' | 'per_page'>;

const DATE_COLUMNS = { submitted: sql`g.created_at`, approved: sql`g.approval_date`, rejected: sql`g.rejection_date` } as const;

/**
 * q matches a card number by its normalised prefix (case, spaces and dashes ignored), a seller by the start of their
 * name or email (staff only) or an offer by title. Sellers and offers are looked up first (small tables), so each arm is an index
 * scan on gift_cards and the planner can OR them as bitmaps.
 */
function searchCondition(q: string, staff: boolean): SQL {
  const pattern = containsPattern(q);
  const key = numberKey(q);
  const arms = [sql`g.giftcard_offer_id = ANY (ARRAY(SELECT id FROM gift_card_offers WHERE title ILIKE ${lit(pattern)}))`];
  if (key !== '') arms.push(sql`(g.card_number IS NOT NULL AND card_number_key(g.card_number) LIKE ${lit(prefixPattern(key))})`);
  if (staff) arms.push(sql`g.seller_id = ANY (ARRAY(SELECT id FROM users WHERE role = 'seller' AND ${personPrefix(q)}))`);
  return anyOf(arms);
}
/** The same normalisation as the database's card_number_key(): lower case, letters and digits only. */
export const numberKey = (s: string): string =>
  s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

export function cardWhere(f: CardFilter, sellerId?: number): SQL {
  const dateColumn = DATE_COLUMNS[f.date_field ?? 'submitted'];
  return allOf([
    sellerId !== undefined && sql`g.seller_id = ${lit(sellerId)}`,
    sellerId === undefined && f.seller_id !== undefined && sql`g.seller_id = ${lit(f.seller_id)}`,
    f.status !== undefined && sql`g.card_status = ${lit(f.status)}`,
    f.offer_id !== undefined && sql`g.giftcard_offer_id = ${lit(f.offer_id)}`,
    dateRange(dateColumn, f.from, f.to),
    amountRange(sql`g.price`, f.min_price, f.max_price),
    f.has_due === 1 && cardPayable('g'),
    f.has_due === 0 && sql`NOT ${cardPayable('g')}`,
    f.q !== undefined && searchCondition(f.q, sellerId === undefined),
  ]);
}

const SORT_COLUMNS = {
  created_at: sql`g.id`,
  price: sql`g.price`,
  due: cardDue('g'),
  approval_date: sql`g.approval_date`,
};
/** Cards without an approval date come last in both directions (an index for each direction, migration 0013). */
const NULLS_LAST = new Set(['approval_date']);
/** `-created_at` (the spec's newest first) unless another allow-listed key is given; the id breaks ties. */
export const cardOrder = (sort?: CardFilter['sort']): SQL => orderBy(sort, SORT_COLUMNS, sql`g.id`, '-created_at', NULLS_LAST);

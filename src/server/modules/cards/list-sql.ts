import { sql, type SQL } from 'drizzle-orm';
import { allOf, amountRange, anyOf, containsPattern, dateRange, idArray, lit, orderBy, startsWith } from '../../db/list-sql';
import { sellerArm, sellersMatching, type Arm } from '../../db/search';
import { cardDue, cardPayable } from '../../db/due-sql';
import { cardNumberKey } from '../../../shared/identifiers';
import type { CardListQuery } from '../../../shared/list-queries';

/**
 * The filters, search and sorts of the card lists, over `gift_cards g` (the list and the CSV export join the offer
 * as `o` and the seller as `u`; these conditions need neither). With `sellerId` only that seller's cards match,
 * whatever the filters say.
 */
export type CardFilter = Omit<CardListQuery, 'page' | 'per_page'>;

const DATE_COLUMNS = { submitted: sql`g.created_at`, approved: sql`g.approval_date`, rejected: sql`g.rejection_date` } as const;

/**
 * The ways q matches a card (any of them): a card number by the prefix of its skeleton (shared/identifiers.ts: look-alikes, case, spaces and dashes ignored),
 * a seller by the start of their name or email (staff only) or an offer by title. Sellers and offers are looked up
 * first (small tables), so each arm is an index scan on gift_cards.
 */
export function searchArms(q: string, staff: boolean): SQL[] {
  const key = cardNumberKey(q);
  const arms = [offerArm(sql`ARRAY(${offersMatching(q)})`)];
  if (key !== '') arms.push(numberArm(key));
  if (staff) arms.push(sql`g.seller_id = ANY (ARRAY(${sellersMatching(q)}))`);
  return arms;
}
const offersMatching = (q: string) => sql`SELECT id FROM gift_card_offers WHERE title ILIKE ${lit(containsPattern(q))} ORDER BY id`;
const offerArm = (ids: SQL) => sql`g.giftcard_offer_id = ANY (${ids})`;
const numberArm = (key: string) => sql`(g.number_key IS NOT NULL AND ${startsWith(sql`g.number_key`, lit(key))})`;

export type SearchFound = { offers: number[]; sellers: number[]; numbers: boolean };

/** The arms that can match, with the ids found written in: the planner then knows how many cards each one reads. */
export function foundArms(q: string, found: SearchFound): Arm[] {
  const arms: Arm[] = [];
  if (found.offers.length) arms.push({ where: offerArm(idArray(found.offers)), planned: true });
  if (found.numbers) arms.push({ where: numberArm(cardNumberKey(q)), planned: false });
  return [...arms, ...sellerArm(sql`g.seller_id`, q, found.sellers)];
}

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
    f.q !== undefined && anyOf(searchArms(f.q, sellerId === undefined)),
  ]);
}

const SORT_COLUMNS = {
  created_at: sql`g.id`,
  price: sql`g.price`,
  due: cardDue('g'),
  approval_date: sql`g.approval_date`,
  status: sql`g.card_status`,
  rate: sql`g.rate`,
  paid: sql`g.paid_amount`,
  payable: sql`(g.price - g.rate)`,
  // The review queue's order (issue 32): the earliest due (overdue) first; an index over pending cards (0025).
  review_due: sql`g.review_due_at`,
};
/** Cards without an approval date come last in both directions (an index for each direction, migration 0013). */
const NULLS_LAST = new Set(['approval_date']);
/** `-created_at` (the spec's newest first) unless another allow-listed key is given; the id breaks ties. */
export const cardOrder = (sort?: CardFilter['sort']): SQL => orderBy(sort, SORT_COLUMNS, sql`g.id`, '-created_at', NULLS_LAST);

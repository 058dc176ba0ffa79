import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { boundedCount, lit, searchCount } from '../../db/list-sql';
import { readCounter } from '../../db/values';
import { cardOrder, cardWhere, type CardFilter } from './list-sql';
import { cardViewsInOrder, sellerCardCount } from './repository';
import { DEEP_PAGE_OFFSET, deepPageIds } from './deep-pages';
import type { CardViewRow } from './shape';
import { rowsOf } from '../../db/rows';

/**
 * The matching cards as `g`. A search is fenced (OFFSET 0): its matches are gathered through the indexes of each arm
 * and then sorted. Unfenced, the planner guesses a search matches 0.5% of the cards and walks the sort order's index
 * hoping to meet 5 soon, which reads the whole table when a card number matches one card.
 */
const matching = (f: CardFilter, sellerId?: number): SQL =>
  f.q === undefined
    ? sql`(SELECT * FROM gift_cards g WHERE ${cardWhere(f, sellerId)}) g`
    : sql`(SELECT * FROM gift_cards g WHERE ${cardWhere(f, sellerId)} OFFSET 0) g`;

/**
 * One page of a filtered card list: the page's ids first (an index scan that reads only ids), then those cards' views,
 * in the page's order. A deep page of all cards or of one status, newest first, is found through the id blocks.
 */
export async function listCardsFiltered(tx: Tx, f: CardFilter, limit: number, offset: number, sellerId?: number): Promise<CardViewRow[]> {
  const newestFirst = f.sort === undefined || f.sort === '-created_at';
  if (sellerId === undefined && newestFirst && offset >= DEEP_PAGE_OFFSET && onlyKeys(f, ['status']))
    return cardViewsInOrder(tx, await deepPageIds(tx, f.status ?? -1, offset, limit));
  const ids = await rowsOf<{ id: number }>(
    tx,
    sql`SELECT g.id FROM ${matching(f, sellerId)} ORDER BY ${cardOrder(f.sort)} LIMIT ${lit(limit)} OFFSET ${lit(offset)}`,
  );
  return cardViewsInOrder(
    tx,
    ids.map((r) => r.id),
  );
}

const UNFILTERED = ['page', 'per_page', 'sort'];
/** True when no filter other than `keys` is given (paging and sorting do not filter). */
const onlyKeys = (f: CardFilter, keys: (keyof CardFilter)[]) =>
  Object.entries(f).every(([k, v]) => v === undefined || UNFILTERED.includes(k) || keys.includes(k as keyof CardFilter));

/**
 * The number of matches: exact from the counters the triggers keep when the filter is one status or one seller (or
 * the seller's own list unfiltered), else counted up to TOTAL_CAP (`capped` above it).
 */
export async function countCards(tx: Tx, f: CardFilter, sellerId?: number): Promise<{ total: number; capped: boolean }> {
  if (sellerId === undefined && onlyKeys(f, [])) return { total: await readCounter(tx, 'gift_cards'), capped: false };
  if (sellerId === undefined && f.status !== undefined && onlyKeys(f, ['status']))
    return { total: await readCounter(tx, `gift_cards_status_${f.status}`), capped: false };
  const seller = sellerId ?? f.seller_id;
  if (seller !== undefined && onlyKeys(f, sellerId === undefined ? ['seller_id'] : []))
    return { total: await sellerCardCount(tx, seller), capped: false };
  return f.q !== undefined ? searchCount(tx, matching(f, sellerId)) : boundedCount(tx, matching(f, sellerId), sql`TRUE`);
}

export async function cardStatusCounts(
  tx: Tx,
): Promise<{ pending: number; approved: number; rejected: number; disputed: number; oldest_pending_at: string | null }> {
  const [pending, approved, rejected, disputed] = await Promise.all([0, 1, 2, 3].map((s) => readCounter(tx, `gift_cards_status_${s}`)));
  const oldest = await rowsOf<{ at: string }>(
    tx,
    sql`SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
          FROM gift_cards WHERE card_status = 0 ORDER BY id LIMIT 1`,
  );
  return { pending: pending!, approved: approved!, rejected: rejected!, disputed: disputed!, oldest_pending_at: oldest[0]?.at ?? null };
}

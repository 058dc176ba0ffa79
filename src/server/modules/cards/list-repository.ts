import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { boundedCount, lit, onlyFilters, type Count } from '../../db/list-sql';
import { searchPage } from '../../db/search';
import { readCounter } from '../../db/values';
import { cardOrder, cardWhere, foundArms, type CardFilter } from './list-sql';
import { lookupPrepared, numberSearchPage } from './search-prepared';
import { cardViewsInOrder, sellerCardCount } from './repository';
import { DEEP_PAGE_OFFSET, deepPageIds } from './deep-pages';
import type { CardViewRow } from './shape';
import { queuePage, queueShape } from './queue-page';
import { rowsOf } from '../../db/rows';

/**
 * One page of a filtered card list and the number of matches. The page's ids come first (an index scan that reads
 * only ids), then those cards' views (with duplicate counts for staff), in the page's order. A search finds what
 * it can match first, then is bounded (db/search.ts), unless all it can match is one seller's cards.
 */
export async function cardPage(
  tx: Tx,
  f: CardFilter,
  limit: number,
  offset: number,
  sellerId?: number,
): Promise<{ rows: CardViewRow[]; count: Count }> {
  if (f.q !== undefined) {
    const found = await lookupPrepared(tx, f.q, sellerId === undefined);
    // Only one seller's cards can match (an email, most often): that is the list filtered to the seller.
    if (found.sellers.length === 1 && !found.offers.length && !found.numbers && f.seller_id === undefined)
      return cardPage(tx, { ...f, q: undefined, seller_id: found.sellers[0] }, limit, offset, sellerId);
    const byId = f.sort === undefined || f.sort === '-created_at' || f.sort === 'created_at';
    if (!found.offers.length && !found.sellers.length && found.numbers && byId && onlyFilters(f, ['q'])) {
      const { ids, count } = await numberSearchPage(tx, f.q, f.sort !== 'created_at', limit, offset, sellerId);
      return { rows: await cardViewsInOrder(tx, ids, sellerId === undefined), count };
    }
    const { ids, count } = await searchPage(tx, {
      table: 'gift_cards',
      alias: 'g',
      base: cardWhere({ ...f, q: undefined }, sellerId),
      arms: foundArms(f.q, found),
      order: cardOrder(f.sort),
      orderById: byId,
      limit,
      offset,
    });
    return { rows: await cardViewsInOrder(tx, ids, sellerId === undefined), count };
  }
  const shape = queueShape(f, sellerId);
  if (shape && !isDeepPage(f, offset, sellerId)) {
    return queuePage(tx, shape, f, limit, offset, sellerId);
  }
  const [ids, count] = await Promise.all([pageIds(tx, f, limit, offset, sellerId), countCards(tx, f, sellerId)]);
  return { rows: await cardViewsInOrder(tx, ids, sellerId === undefined), count };
}

const page = (limit: number, offset: number) => sql`LIMIT ${lit(limit)} OFFSET ${lit(offset)}`;

/** The page's ids in the sort order's index; a deep page of all cards or of one status, newest first, through the id blocks. */
async function pageIds(tx: Tx, f: CardFilter, limit: number, offset: number, sellerId?: number): Promise<number[]> {
  if (isDeepPage(f, offset, sellerId)) return deepPageIds(tx, f.status ?? -1, offset, limit);
  const rows = await rowsOf<{ id: number }>(
    tx,
    sql`SELECT g.id FROM gift_cards g WHERE ${cardWhere(f, sellerId)} ORDER BY ${cardOrder(f.sort)} ${page(limit, offset)}`,
  );
  return rows.map((r) => r.id);
}

/** A newest-first page of all cards or of one status far enough down to be found through the id blocks. */
const isDeepPage = (f: CardFilter, offset: number, sellerId?: number) =>
  sellerId === undefined && (f.sort === undefined || f.sort === '-created_at') && offset >= DEEP_PAGE_OFFSET && onlyFilters(f, ['status']);

/**
 * The number of matches without a search: exact from the counters the triggers keep when the filter is one status or
 * one seller (or the seller's own list unfiltered), else counted up to TOTAL_CAP (`capped` above it).
 */
async function countCards(tx: Tx, f: CardFilter, sellerId?: number): Promise<Count> {
  if (sellerId === undefined && onlyFilters(f, [])) return { total: await readCounter(tx, 'gift_cards'), capped: false };
  if (sellerId === undefined && f.status !== undefined && onlyFilters(f, ['status']))
    return { total: await readCounter(tx, `gift_cards_status_${f.status}`), capped: false };
  const seller = sellerId ?? f.seller_id;
  if (seller !== undefined && onlyFilters(f, sellerId === undefined ? ['seller_id'] : []))
    return { total: await sellerCardCount(tx, seller), capped: false };
  return boundedCount(tx, sql`gift_cards g`, cardWhere(f, sellerId));
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

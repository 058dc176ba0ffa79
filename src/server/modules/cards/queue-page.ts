import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { dayEnd, dayStart, onlyFilters, type Count } from '../../db/list-sql';
import { counterSum } from '../../db/values';
import { TOTAL_CAP } from '../../../shared/list-queries';
import { cardOrder, type CardFilter } from './list-sql';
import { pageViews } from './repository';
import type { CardViewRow } from './shape';

/**
 * The work queues' everyday shapes: filters that are equalities on status, seller (or the seller's own list) and
 * offer (also one offer's cards approved in a date range), in an order an index gives with them (migrations 0013,
 * 0015). Each shape is one prepared statement (its plan cached per connection, as page 1's is) that answers the page's
 * cards (for staff with their duplicate marks) and the total together: exact from the counters
 * the triggers keep (all cards, one status, one seller, one seller's status: 0017), else counted up to TOTAL_CAP.
 * Any other filter, a search or a sort without such an index is planned for its values (list-repository.ts): a
 * generic plan there could walk an index hoping to meet a rare value soon.
 */
interface Shape {
  status: boolean;
  seller: boolean;
  offer: boolean;
  byPrice: boolean;
  /** One offer's cards approved from and/or to a day: the (offer, approval_date, id) index gives both. */
  approvedFrom: boolean;
  approvedTo: boolean;
}

const EQUALITIES = ['status', 'seller_id', 'offer_id'];
const APPROVED_RANGE = ['date_field', 'from', 'to'];

export function queueShape(f: CardFilter, ownSeller?: number): Shape | null {
  if (!onlyFilters(f, [...EQUALITIES, ...(f.date_field === 'approved' ? APPROVED_RANGE : [])])) return null;
  const shape = {
    status: f.status !== undefined,
    seller: ownSeller !== undefined || f.seller_id !== undefined,
    offer: f.offer_id !== undefined,
    byPrice: f.sort === 'price' || f.sort === '-price',
    approvedFrom: f.from !== undefined,
    approvedTo: f.to !== undefined,
  };
  const byId = f.sort === undefined || f.sort === '-created_at' || f.sort === 'created_at';
  if (!byId && !shape.byPrice) return null;
  if (shape.approvedFrom || shape.approvedTo) return shape.offer && !shape.status && !shape.seller && byId ? shape : null;
  // The indexes: (card_status, id | price), (seller_id, id), (seller_id, card_status, id | price), (offer, card_status, id).
  if (shape.offer) return shape.status && !shape.seller && byId ? shape : null;
  if (shape.seller && !shape.status) return byId ? shape : null;
  return shape;
}

const param = (name: string) => sql`${sql.placeholder(name)}::int`;

function total(s: Shape, where: SQL): SQL<number> {
  if (s.offer)
    return sql<number>`(SELECT count(*)::int FROM (SELECT 1 FROM gift_cards g WHERE ${where} LIMIT ${sql.raw(String(TOTAL_CAP + 1))}) m)`;
  if (s.seller && s.status)
    return sql<number>`coalesce((SELECT n FROM seller_card_counts WHERE seller_id = ${param('seller')} AND status = ${param('status')}), 0)`;
  if (s.seller) return sql<number>`(SELECT card_count FROM users WHERE id = ${param('seller')})`;
  if (s.status) return counterSum(sql`'gift_cards_status_' || ${param('status')}`);
  return counterSum(sql`'gift_cards'`);
}

/** One page of a queue shape: the cards' views in order (with duplicate counts for staff) and the total (see above). */
export async function queuePage(
  tx: Tx,
  s: Shape,
  f: CardFilter,
  limit: number,
  offset: number,
  ownSeller?: number,
): Promise<{ rows: CardViewRow[]; count: Count }> {
  const where = sql.join(
    [
      sql`TRUE`,
      ...(s.seller ? [sql`g.seller_id = ${param('seller')}`] : []),
      ...(s.status ? [sql`g.card_status = ${param('status')}`] : []),
      ...(s.offer ? [sql`g.giftcard_offer_id = ${param('offer')}`] : []),
      ...(s.approvedFrom ? [sql`g.approval_date >= ${dayStart(sql`${sql.placeholder('from')}::text`)}`] : []),
      ...(s.approvedTo ? [sql`g.approval_date < ${dayEnd(sql`${sql.placeholder('to')}::text`)}`] : []),
    ],
    sql` AND `,
  );
  const sort = f.sort ?? '-created_at';
  const range = `${s.approvedFrom ? 'f' : ''}${s.approvedTo ? 't' : ''}`;
  const staff = ownSeller === undefined;
  const name = `queue_${s.seller ? 'u' : ''}${s.status ? 's' : ''}${s.offer ? 'o' : ''}${range}_${sort.replace('-', 'd_')}_${limit}${staff ? '_dup' : ''}`;
  // The page size is written in (one statement per size): a LIMIT parameter makes the generic plan expect many rows.
  const page = sql`SELECT ARRAY(SELECT g.id FROM gift_cards g WHERE ${where}
    ORDER BY ${cardOrder(f.sort)} LIMIT ${sql.raw(String(Math.trunc(limit)))} OFFSET ${sql.placeholder('offset')}) AS ids,
    ${total(s, where)} AS n`;
  const { rows, n } = await pageViews(
    tx,
    name,
    page,
    { seller: ownSeller ?? f.seller_id, status: f.status, offer: f.offer_id, from: f.from, to: f.to, offset },
    staff,
  );
  return {
    rows,
    count: n > TOTAL_CAP && (s.offer || s.approvedFrom || s.approvedTo) ? { total: TOTAL_CAP, capped: true } : { total: n, capped: false },
  };
}

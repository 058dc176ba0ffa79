import { sql, type SQL } from 'drizzle-orm';
import { atLeast, atMost, containing, dayFrom, dayTo, oneOf } from '../../db/lists/conditions';
import { aSellerStarting, lookUp } from '../../db/lists/seller-lookup';
import type { ListDef } from '../../db/lists/types';
import type { Tx } from '../../db/client';
import { counterSum } from '../../db/values';
import { cardDue, cardPayable } from '../../db/due-sql';
import { cardNumberKey } from '../../../shared/identifiers';
import { keySearch } from '../../db/key-search';
import type { CardListQuery } from '../../../shared/list-queries';

/** A card list's query; `own`: a seller's own list (only their cards; the search does not look at sellers). */
export type CardFilter = Omit<CardListQuery, 'page' | 'per_page' | 'cursor'> & {
  own?: number;
  found?: { offers: number[]; sellers: number[]; number?: { holds: SQL; dense: boolean }; wrong?: SQL };
  /** `number`'s condition, looked up by `resolve`. */
  holding?: SQL;
};
const DATE_COLUMNS = { submitted: sql`g.created_at`, approved: sql`g.approval_date`, rejected: sql`g.rejection_date` } as const;
const id = sql`g.id`;
/** Pending past its review target: what the dashboard counts as overdue (dashboard/repository.ts). */
const overdue = sql`(g.card_status = 0 AND g.review_due_at < now()) IS TRUE`;
/** A pending card's review target; none for a decided card (indexed, 0042). */
const reviewDue = sql`(CASE WHEN g.card_status = 0 THEN g.review_due_at END)`;

/** `number` matches only a card whose number holds its key; then q (resolveSearch). */
async function resolve(tx: Tx, f: CardFilter, guess: boolean): Promise<CardFilter> {
  if (f.number === undefined) return resolveSearch(tx, f, guess);
  const key = cardNumberKey(f.number);
  const holding = key ? (await keySearch(tx, 'gift_cards', 'number_key', key)).holds : sql`false`;
  return resolveSearch(tx, { ...f, holding }, guess);
}

/** q matches a card whose number holds q's key (shared/identifiers.ts), an offer by title, or (staff) a seller by the start of
 * name or email; offers and sellers are looked up first, or for q typed as a card number guessed to be none (docs/lists.md). */
async function resolveSearch(tx: Tx, f: CardFilter, guess: boolean): Promise<CardFilter> {
  if (f.q === undefined) return f;
  const [q, key, offers] = [f.q, cardNumberKey(f.q), sql`gift_card_offers WHERE title ILIKE ${containing(f.q)}`];
  const number = key ? await keySearch(tx, 'gift_cards', 'number_key', key) : undefined;
  if (guess && (q.match(/\p{N}/gu)?.length ?? 0) > (q.match(/\p{L}/gu)?.length ?? 0)) {
    const sellers = f.own === undefined ? sql` OR ${aSellerStarting(q)}` : sql``;
    return { ...f, found: { offers: [], sellers: [], number, wrong: sql`(EXISTS (SELECT FROM ${offers})${sellers}) IS TRUE` } };
  }
  return { ...f, found: { ...(await lookUp(tx, q, sql`ARRAY(SELECT id FROM ${offers})`, f.own === undefined)), number } };
}

export const cardList: ListDef<CardFilter> = {
  from: sql`gift_cards g`,
  id,
  resolve,
  filters: {
    own: (v) => sql`g.seller_id = ${v}`,
    seller_id: (v, f) => (f.own === undefined ? sql`g.seller_id = ${v}` : undefined),
    status: (v) => sql`g.card_status = ${v}`,
    offer_id: (v) => sql`g.giftcard_offer_id = ${v}`,
    from: (v, f) => dayFrom(DATE_COLUMNS[f.date_field ?? 'submitted'], v),
    to: (v, f) => dayTo(DATE_COLUMNS[f.date_field ?? 'submitted'], v),
    min_price: (v) => atLeast(sql`g.price`, v),
    max_price: (v) => atMost(sql`g.price`, v),
    has_due: (v) => (v === 1 ? cardPayable('g') : sql`NOT ${cardPayable('g')}`),
    overdue: (v) => (v === 1 ? overdue : sql`NOT ${overdue}`),
    number: (_, f) => f.holding,
    q: (_, { found }) => ({
      ways: [oneOf(sql`g.giftcard_offer_id`, found?.offers), found?.number?.holds].filter((w): w is SQL => w !== undefined),
      each: { column: sql`g.seller_id`, ids: found?.sellers ?? [] },
      dense: found?.number?.dense,
      wrong: found?.wrong,
    }),
  },
  sorts: {
    created_at: { key: id, type: 'int' },
    price: { key: sql`g.price`, type: 'numeric' },
    due: { key: cardDue('g'), type: 'numeric' },
    approval_date: { key: sql`g.approval_date`, type: 'timestamptz', nullsLast: true },
    status: { key: sql`g.card_status`, type: 'int' },
    rate: { key: sql`g.rate`, type: 'numeric' },
    paid: { key: sql`g.paid_amount`, type: 'numeric' },
    payable: { key: sql`(g.price - g.rate)`, type: 'numeric' },
    // The review queue's order (issue 32): the earliest due (overdue) first. Only a pending card waits for a review: a
    // decided card's due time is its past target, so on All it comes after the pending ones, not among them (issue 55).
    review_due: { key: reviewDue, type: 'timestamptz', nullsLast: true },
    // The list's columns (issue 55): Seller (staff) by name, one seller's cards together; Card Info by the offer's
    // title (then the id it shows); Card Number by its stored key (shared/identifiers.ts), cards without one last.
    seller: {
      key: sql`(lower(su.name) || chr(1) || lpad(su.id::text, 10, '0'))`,
      type: 'text',
      join: sql` JOIN users su ON su.id = g.seller_id`,
    },
    offer: { key: sql`lower(so.title)`, type: 'text', join: sql` JOIN gift_card_offers so ON so.id = g.giftcard_offer_id` },
    card_number: { key: sql`g.number_key`, type: 'text', nullsLast: true },
  },
  defaultSort: '-created_at',
  /** Exact totals the triggers keep: all cards, one status, one seller, one seller's status (migrations 0005, 0013, 0017). */
  counter(f) {
    const { sort: _sort, status, own, seller_id, found: _found, ...rest } = f;
    const seller = own ?? seller_id;
    if (Object.values(rest).some((v) => v !== undefined)) return undefined;
    if (seller !== undefined && status !== undefined)
      return sql`coalesce((SELECT n FROM seller_card_counts WHERE seller_id = ${seller} AND status = ${status}), 0)`;
    if (seller !== undefined) return sql`(SELECT card_count FROM users WHERE id = ${seller})`;
    return counterSum(sql`${status === undefined ? 'gift_cards' : `gift_cards_status_${status}`}`);
  },
};

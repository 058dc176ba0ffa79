import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { comments, giftCardImages, giftCards, offers, users } from '../../db/schema';
import type { Tx } from '../../db/client';
import { prepared } from '../../db/adapter/prepared';
import { centsOf, readCounter } from '../../db/values';
import { rowsOf } from '../../db/rows';
import type { Cents } from '../../../shared/money';
import type { CardStatus, RejectReason } from '../../../shared/constants';
import type { CardViewRow } from './shape';
import { keySearch } from '../../db/key-search';
import { cardNumberKey } from '../../../shared/identifiers';
import { lockCardSeller } from '../ledger/repository';

/** A number's key as stored (its skeleton, shared/identifiers.ts); none for a number that is blank once compared. */
export const numberKey = (cardNumber: string | null): string | null => (cardNumber ? cardNumberKey(cardNumber) || null : null);

const viewColumns = {
  id: giftCards.id,
  offerId: giftCards.offerId,
  sellerId: giftCards.sellerId,
  cardNumber: giftCards.cardNumber,
  price: giftCards.price,
  rate: giftCards.rate,
  paidAmount: giftCards.paidAmount,
  description: giftCards.description,
  cardStatus: giftCards.cardStatus,
  approvalDate: giftCards.approvalDate,
  approvedBy: giftCards.approvedBy,
  rejectionDate: giftCards.rejectionDate,
  rejectReason: giftCards.rejectReason,
  rejectNote: giftCards.rejectNote,
  reviewDueAt: giftCards.reviewDueAt,
  createdAt: giftCards.createdAt,
  version: giftCards.version,
  title: offers.title,
  name: users.name,
  email: users.email,
};
const view = (tx: Tx, where: SQL | undefined) =>
  tx
    .select(viewColumns)
    .from(giftCards)
    .innerJoin(offers, eq(offers.id, giftCards.offerId))
    .innerJoin(users, eq(users.id, giftCards.sellerId))
    .where(where);

/**
 * How many other cards have this card's number, compared normalised (the review's duplicate mark), in a select from
 * gift_cards under its own name. A number is the one typed or the one read off the photos (card_number_reads), on
 * either side: a card whose photo shows a number already sent is marked before anyone types it.
 */
const readKeyOf = (card: SQL) => sql`(SELECT r0.number_key FROM card_number_reads r0 WHERE r0.gift_card_id = ${card})`;
export const duplicates = sql<number>`(SELECT count(*) FROM (
    SELECT d.id FROM gift_cards d
     WHERE d.number_key IN (gift_cards.number_key, ${readKeyOf(sql`gift_cards.id`)}) AND d.id <> gift_cards.id
    UNION
    SELECT r.gift_card_id FROM card_number_reads r
     WHERE r.number_key IN (gift_cards.number_key, ${readKeyOf(sql`gift_cards.id`)}) AND r.gift_card_id <> gift_cards.id) x)::int`;

/** A list page's card views (staff's with each one's duplicate count) in the page's order, in the page's own statement. */
export const cardViewsOfPage = (tx: Tx, withDuplicates: boolean) => (page: SQL) =>
  rowsOf<CardViewRow & { n: number; k: string | null }>(
    tx,
    sql`SELECT ${pageViewColumns}${withDuplicates ? sql`, ${duplicates} AS duplicates` : sql``}, pa.n, pr.k FROM ${page}
          LEFT JOIN gift_cards ON gift_cards.id = pr.id
          LEFT JOIN gift_card_offers ON gift_card_offers.id = gift_cards.giftcard_offer_id
          LEFT JOIN users ON users.id = gift_cards.seller_id
         ORDER BY pr.o`,
  );
/** viewColumns as SQL text, written once (building them per page cost more CPU than the round trip they save). */
const pageViewColumns = sql.raw(
  Object.entries(viewColumns)
    .map(([as, c]) => `${c.table === offers ? 'gift_card_offers' : c.table === users ? 'users' : 'gift_cards'}.${c.name} AS "${as}"`)
    .join(', '),
);

export async function findCardView(tx: Tx, id: number): Promise<CardViewRow | null> {
  const rows = (await prepared(tx, 'card_view', (t) => view(t, eq(giftCards.id, sql.placeholder('id'))).prepare('card_view')).execute({
    id,
  })) as CardViewRow[];
  return rows[0] ?? null;
}

/**
 * The Search Gift Card popup: a card whose number reads the same (its stored key, shared/identifiers cardNumberKey), so
 * `amz-1001-7781` and `AMZ10017781` find `AMZ-1001-7781`, an exact match first, then the newest; else, as the list's
 * search does (cards/list.ts), the newest card whose number holds it (`7781`). Only the seller's own with sellerId.
 */
export async function findCardByNumber(tx: Tx, cardNumber: string, sellerId?: number): Promise<CardViewRow | null> {
  const key = cardNumberKey(cardNumber);
  if (key === '') return null;
  const own = sellerId === undefined ? undefined : eq(giftCards.sellerId, sellerId);
  const exact = (await view(tx, and(eq(giftCards.numberKey, key), own))
    .orderBy(desc(sql`(${giftCards.cardNumber} = ${cardNumber})`), desc(giftCards.id))
    .limit(1)) as CardViewRow[];
  if (exact[0]) return exact[0];
  const holding = (await view(tx, and((await keySearch(tx, 'gift_cards', 'number_key', key)).holds, own))
    .orderBy(desc(giftCards.id))
    .limit(1)) as CardViewRow[];
  return holding[0] ?? null;
}

/** The stored fields of a card, money in cents, for the rules; `lock` holds the row until the transaction ends. */
export interface CardRecord {
  id: number;
  offerId: number;
  sellerId: number;
  cardNumber: string | null;
  description: string | null;
  status: CardStatus;
  price: Cents;
  rate: Cents;
  paid: Cents;
  rejectReason: RejectReason | null;
  rejectNote: string | null;
  version: number;
}
export async function findCard(tx: Tx, id: number, lock = false): Promise<CardRecord | null> {
  const q = tx
    .select({
      id: giftCards.id,
      offerId: giftCards.offerId,
      sellerId: giftCards.sellerId,
      cardNumber: giftCards.cardNumber,
      description: giftCards.description,
      status: giftCards.cardStatus,
      price: giftCards.price,
      rate: giftCards.rate,
      paid: giftCards.paidAmount,
      rejectReason: giftCards.rejectReason,
      rejectNote: giftCards.rejectNote,
      version: giftCards.version,
    })
    .from(giftCards)
    .where(eq(giftCards.id, id));
  const rows = lock ? await q.for('update') : await q;
  const r = rows[0];
  if (!r) return null;
  return {
    ...r,
    rejectReason: r.rejectReason as RejectReason | null,
    status: r.status as CardStatus,
    price: centsOf(r.price),
    rate: centsOf(r.rate),
    paid: centsOf(r.paid),
  };
}

/**
 * Locks a card for a change that moves its seller's due: the seller row first (FOR NO KEY UPDATE), then the
 * card, the same order as the payments ledger, so a card edit and a payment never deadlock.
 */
export async function lockCardForWrite(tx: Tx, id: number): Promise<CardRecord | null> {
  await lockCardSeller(tx, id);
  return findCard(tx, id, true);
}

export interface CardValues {
  offerId: number;
  cardNumber: string | null;
  description: string | null;
  price: string;
  rate: string;
  cardStatus: CardStatus;
  rejectReason: RejectReason | null;
  rejectNote: string | null;
}

export async function insertCard(
  tx: Tx,
  sellerId: number,
  v: Omit<CardValues, 'cardStatus' | 'rejectReason' | 'rejectNote'> & { idempotencyKey?: string | null },
): Promise<number> {
  const rows = await tx
    .insert(giftCards)
    .values({ ...v, numberKey: numberKey(v.cardNumber), sellerId })
    .returning({ id: giftCards.id });
  return rows[0].id;
}

/** The card this seller submitted with this key, if any. */
export async function findCardIdByIdempotencyKey(tx: Tx, sellerId: number, key: string): Promise<number | null> {
  const rows = await tx
    .select({ id: giftCards.id })
    .from(giftCards)
    .where(and(eq(giftCards.sellerId, sellerId), eq(giftCards.idempotencyKey, key)));
  return rows[0]?.id ?? null;
}

/** Updates a card; the status dates follow the status (approve: approval date now, reject: rejection date now, pending: none). */
export async function updateCard(tx: Tx, id: number, v: CardValues, statusChanged: boolean, actorId: number): Promise<void> {
  const dates = !statusChanged
    ? {}
    : v.cardStatus === 1
      ? { approvalDate: sql`now()`, approvedBy: actorId, rejectionDate: null }
      : v.cardStatus === 2
        ? { approvalDate: null, approvedBy: null, rejectionDate: sql`now()` }
        : { approvalDate: null, approvedBy: null, rejectionDate: null };
  await tx
    .update(giftCards)
    .set({ ...v, numberKey: numberKey(v.cardNumber), ...dates, version: sql`${giftCards.version} + 1`, updatedAt: sql`now()` })
    .where(eq(giftCards.id, id));
}

export async function deleteCard(tx: Tx, id: number): Promise<void> {
  await tx.delete(giftCards).where(eq(giftCards.id, id));
}

export async function listImages(tx: Tx, cardId: number): Promise<{ id: number; image: string }[]> {
  const rows = await tx
    .select({ id: giftCardImages.id, image: giftCardImages.image })
    .from(giftCardImages)
    .where(eq(giftCardImages.giftCardId, cardId))
    .orderBy(asc(giftCardImages.id));
  return rows;
}

export async function insertImages(tx: Tx, cardId: number, names: string[]): Promise<void> {
  if (names.length) await tx.insert(giftCardImages).values(names.map((image) => ({ giftCardId: cardId, image })));
}

export async function findImage(tx: Tx, imageId: number): Promise<{ id: number; cardId: number; image: string } | null> {
  const rows = await tx
    .select({ id: giftCardImages.id, cardId: giftCardImages.giftCardId, image: giftCardImages.image })
    .from(giftCardImages)
    .where(eq(giftCardImages.id, imageId));
  return rows[0] ?? null;
}

export async function deleteImage(tx: Tx, imageId: number): Promise<void> {
  await tx.delete(giftCardImages).where(eq(giftCardImages.id, imageId));
}

/** Every file a card owns on disk: its images and its comments' images. */
export async function cardFiles(tx: Tx, cardId: number): Promise<string[]> {
  const imgs = await tx.select({ image: giftCardImages.image }).from(giftCardImages).where(eq(giftCardImages.giftCardId, cardId));
  const comm = await tx.select({ image: comments.image }).from(comments).where(eq(comments.giftCardId, cardId));
  return [...imgs.map((r) => r.image), ...comm.map((r) => r.image).filter((n): n is string => !!n)];
}

/** A seller's card count, kept by the gift_cards trigger. */

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

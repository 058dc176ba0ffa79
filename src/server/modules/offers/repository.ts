import { desc, eq, inArray, sql } from 'drizzle-orm';
import { giftCards, offers } from '../../db/schema';
import type { Tx } from '../../db/client';
import type { OfferRow } from './shape';
import { inOrder } from '../../db/rows';

const columns = {
  id: offers.id,
  title: offers.title,
  isActive: offers.isActive,
  priceType: offers.priceType,
  minPrice: offers.minPrice,
  maxPrice: offers.maxPrice,
  // As text so that both drivers hand back exact decimal strings.
  fixedPrice: sql<string[] | null>`${offers.fixedPrice}::text[]`,
  rateType: offers.rateType,
  rate: offers.rate,
  reviewMinutes: offers.reviewMinutes,
  codePattern: offers.codePattern,
  codeCheck: offers.codeCheck,
  holdDays: offers.holdDays,
  version: offers.version,
};
/** Every offer, newest first (for selects). */
export async function listOffers(tx: Tx): Promise<OfferRow[]> {
  return (await tx.select(columns).from(offers).orderBy(desc(offers.id))) as OfferRow[];
}

/** These offers, in this order. */
export async function offersByIds(tx: Tx, ids: number[]): Promise<OfferRow[]> {
  if (!ids.length) return [];
  return inOrder(ids, (await tx.select(columns).from(offers).where(inArray(offers.id, ids))) as OfferRow[]);
}

/** One offer; `lock` takes a row lock for the rest of the transaction. */
export async function findOffer(tx: Tx, id: number, lock?: 'update' | 'share'): Promise<OfferRow | null> {
  const q = tx.select(columns).from(offers).where(eq(offers.id, id));
  const rows = (lock ? await q.for(lock) : await q) as OfferRow[];
  return rows[0] ?? null;
}

/** What an offer is written with: its row without the id. */
export type OfferValues = Omit<OfferRow, 'id' | 'reviewMinutes' | 'codePattern' | 'codeCheck' | 'holdDays' | 'version'> &
  Partial<Pick<OfferRow, 'reviewMinutes' | 'codePattern' | 'codeCheck' | 'holdDays'>>;

export async function insertOffer(tx: Tx, v: OfferValues): Promise<number> {
  const rows = await tx.insert(offers).values(v).returning({ id: offers.id });
  return rows[0].id;
}

export async function updateOffer(tx: Tx, id: number, v: OfferValues): Promise<void> {
  await tx
    .update(offers)
    .set({ ...v, version: sql`${offers.version} + 1`, updatedAt: sql`now()` })
    .where(eq(offers.id, id));
}

export async function deleteOffer(tx: Tx, id: number): Promise<void> {
  await tx.delete(offers).where(eq(offers.id, id));
}

export async function offerHasCards(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx.select({ id: giftCards.id }).from(giftCards).where(eq(giftCards.offerId, id)).limit(1);
  return rows.length > 0;
}

import { desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { giftCards, offers } from '../../db/schema';
import type { Tx } from '../../db/client';
import type { OfferRow } from './shape';
import { lit } from '../../db/list-sql';
import { rowsOf } from '../../db/rows';

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
};
export async function listOffers(tx: Tx, limit?: number, offset = 0): Promise<OfferRow[]> {
  const q = tx.select(columns).from(offers).orderBy(desc(offers.id));
  const rows = limit === undefined ? await q : await q.limit(limit).offset(offset);
  return rows as OfferRow[];
}

/** One page of a filtered offer list (conditions from offerWhere over `gift_card_offers o`): ids first, then the offers. */
export async function listOffersFiltered(tx: Tx, where: SQL, order: SQL, limit: number, offset: number): Promise<OfferRow[]> {
  const ids = (
    await rowsOf<{ id: number }>(
      tx,
      sql`SELECT o.id FROM gift_card_offers o WHERE ${where} ORDER BY ${order} LIMIT ${lit(limit)} OFFSET ${lit(offset)}`,
    )
  ).map((r) => r.id);
  if (!ids.length) return [];
  const found = (await tx.select(columns).from(offers).where(inArray(offers.id, ids))) as OfferRow[];
  const byId = new Map(found.map((o) => [o.id, o]));
  return ids.map((id) => byId.get(id)).filter((o): o is OfferRow => o !== undefined);
}

/** One offer; `lock` takes a row lock for the rest of the transaction. */
export async function findOffer(tx: Tx, id: number, lock?: 'update' | 'share'): Promise<OfferRow | null> {
  const q = tx.select(columns).from(offers).where(eq(offers.id, id));
  const rows = (lock ? await q.for(lock) : await q) as OfferRow[];
  return rows[0] ?? null;
}

/** What an offer is written with: its row without the id. */
export type OfferValues = Omit<OfferRow, 'id' | 'reviewMinutes'> & { reviewMinutes?: number };

export async function insertOffer(tx: Tx, v: OfferValues): Promise<number> {
  const rows = await tx.insert(offers).values(v).returning({ id: offers.id });
  return rows[0].id;
}

export async function updateOffer(tx: Tx, id: number, v: OfferValues): Promise<void> {
  await tx
    .update(offers)
    .set({ ...v, updatedAt: sql`now()` })
    .where(eq(offers.id, id));
}

export async function deleteOffer(tx: Tx, id: number): Promise<void> {
  await tx.delete(offers).where(eq(offers.id, id));
}

export async function offerHasCards(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx.select({ id: giftCards.id }).from(giftCards).where(eq(giftCards.offerId, id)).limit(1);
  return rows.length > 0;
}

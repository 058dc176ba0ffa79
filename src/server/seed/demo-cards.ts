import { sql } from 'drizzle-orm';
import type { DemoSeeder } from './seeder';
import { centsToDecimal, computeRateCents, parseCents } from '../../shared/money';
import type { CardStatus } from '../../shared/constants';
import { solidPng } from '../modules/images/png';
import { insertOffer, type OfferValues } from '../modules/offers/repository';
import { insertComment } from '../modules/comments/repository';
import { insertCard, insertImages } from '../modules/cards/repository';

const c = (amount: number | string) => parseCents(amount) as number;

const OFFERS: (OfferValues & { key: string })[] = [
  {
    key: 'amazon',
    title: 'Amazon',
    isActive: 1,
    priceType: 0,
    minPrice: '10.00',
    maxPrice: '500.00',
    fixedPrice: null,
    rateType: 0,
    rate: '10.00',
  },
  {
    key: 'steam',
    title: 'Steam',
    isActive: 1,
    priceType: 1,
    minPrice: null,
    maxPrice: null,
    fixedPrice: ['20.00', '50.00', '100.00'],
    rateType: 1,
    rate: '2.50',
  },
  {
    key: 'google',
    title: 'Google Play',
    isActive: 1,
    priceType: 0,
    minPrice: '5.00',
    maxPrice: '200.00',
    fixedPrice: null,
    rateType: 0,
    rate: '12.50',
  },
  {
    key: 'itunes',
    title: 'iTunes',
    isActive: 0,
    priceType: 1,
    minPrice: null,
    maxPrice: null,
    fixedPrice: ['25.00', '50.00'],
    rateType: 0,
    rate: '8.00',
  },
];

// [offer, seller (0 first, 1 second), price, status, days ago of the decision, card number]
const CARDS: [string, 0 | 1, string, CardStatus, number, string | null][] = [
  ['amazon', 0, '100.00', 1, 20, 'AMZ-1001-7781'],
  ['steam', 0, '50.00', 1, 12, 'STM-5520-0042'],
  ['google', 0, '40.00', 1, 5, 'GPL-0040-3131'],
  ['amazon', 0, '75.50', 2, 9, 'AMZ-1002-1203'],
  ['steam', 0, '20.00', 0, 0, null],
  ['itunes', 0, '25.00', 0, 0, null],
  ['amazon', 1, '250.00', 1, 15, 'AMZ-2001-9912'],
  ['google', 1, '33.33', 1, 2, 'GPL-2002-4545'],
  ['steam', 1, '100.00', 2, 4, 'STM-2003-1111'],
  ['google', 1, '60.00', 2, 1, 'GPL-2004-0007'],
  ['amazon', 1, '15.00', 0, 0, null],
  ['steam', 1, '50.00', 0, 0, 'STM-2006-3030'],
];

/** Demo offers (range and fixed, percentage and fixed rate), a dozen cards in every status with a small PNG each, and a few comments. */
export const seedDemoCards: DemoSeeder = async ({ database, services, ids }) => {
  const sellers = [ids['seller@example.com'], ids['seller2@example.com']];
  const [admin] = await database.query<{ id: number }>(
    sql`SELECT id FROM users WHERE role = 'admin' AND deleted_at IS NULL ORDER BY id LIMIT 1`,
  );
  if (!sellers[0] || !sellers[1] || !admin) return;
  const images = CARDS.map((_, i) => solidPng(48, 30, [(i * 67) % 256, (i * 131 + 90) % 256, (i * 29 + 160) % 256]));
  await services.images.withSaved(
    images.map((data) => ({ data, ext: 'png' as const })),
    (names, saveIn) =>
      database.db.transaction(async (tx) => {
        await saveIn(tx);
        const offerIds = new Map<string, { id: number; values: OfferValues }>();
        for (const { key, ...values } of OFFERS) offerIds.set(key, { id: await insertOffer(tx, values), values });
        const cardIds: number[] = [];
        for (const [i, [offerKey, seller, price, status, daysAgo, number]] of CARDS.entries()) {
          const offer = offerIds.get(offerKey)!;
          const rate = computeRateCents(c(price), offer.values.rateType, c(offer.values.rate));
          const id = await insertCard(tx, sellers[seller], {
            offerId: offer.id,
            price,
            rate: centsToDecimal(rate),
            cardNumber: number,
            description: `Demo card ${i + 1}`,
          });
          await insertImages(tx, id, [names[i]]);
          if (status !== 0) {
            const at = sql`now() - make_interval(days => ${daysAgo})`;
            await tx.execute(sql`UPDATE gift_cards SET card_status = ${status},
            approval_date = ${status === 1 ? at : null}, rejection_date = ${status === 2 ? at : null} WHERE id = ${id}`);
          }
          cardIds.push(id);
        }
        await insertComment(tx, {
          giftCardId: cardIds[4],
          userId: admin.id,
          comment: 'Please upload a photo of the back of the card.',
          image: null,
        });
        await insertComment(tx, { giftCardId: cardIds[4], userId: sellers[0], comment: 'Sure, I will add it today.', image: null });
        await insertComment(tx, { giftCardId: cardIds[8], userId: admin.id, comment: 'This card was already redeemed.', image: null });
      }),
  );
};

import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client';
import type { DemoSeeder } from './seeder';
import { centsToDecimal, computeRateCents, parseCents } from '../../shared/money';
import type { CardStatus } from '../../shared/constants';
import { cardPhoto, groupedDigits, type CardFace } from './demo-photos';
import { insertOffer, type OfferValues } from '../modules/offers/repository';
import { insertComment } from '../modules/comments/repository';
import { insertCard, insertImages } from '../modules/cards/repository';
import { queueCardRead } from '../modules/ocr/repository';

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

/** The face of each offer's cards. */
const FACES: Record<string, CardFace> = {
  amazon: { brand: 'Amazon', from: '#232f3e', to: '#ff9900' },
  steam: { brand: 'Steam', from: '#171a21', to: '#2a475e' },
  google: { brand: 'Google Play', from: '#0f9d58', to: '#4285f4' },
  itunes: { brand: 'iTunes', from: '#fc3c44', to: '#a23fd2' },
};

/**
 * A plausible month: [offer, seller (0 first, 1 second), price, status, submitted days ago, decided days after
 * submission, the 16 digits printed on the card, whether the seller typed the number in]. Pending cards were
 * submitted in the last days; every decision comes after its submission.
 */
const CARDS: [string, 0 | 1, string, CardStatus, number, number, string, boolean][] = [
  ['amazon', 0, '100.00', 1, 27, 1, '6035771001787781', true],
  ['steam', 0, '50.00', 1, 22, 2, '4410552000420042', true],
  ['google', 0, '40.00', 1, 12, 1, '5290004031310040', true],
  ['amazon', 0, '75.50', 2, 18, 3, '6035771002120377', true],
  ['steam', 0, '20.00', 0, 2, 0, '4410552006618820', false],
  ['itunes', 0, '25.00', 0, 1, 0, '7210090025004417', false],
  ['amazon', 1, '250.00', 1, 25, 2, '6035772001991204', true],
  ['google', 1, '33.33', 1, 6, 1, '5290004545200233', true],
  ['steam', 1, '100.00', 2, 9, 1, '4410552003111100', true],
  ['google', 1, '60.00', 2, 4, 1, '5290000072004060', true],
  ['amazon', 1, '15.00', 0, 1, 0, '6035772006150015', false],
  ['steam', 1, '50.00', 0, 0, 0, '4410552006303030', true],
];

/** An audit entry (a card's history) dated when it happened in the demo month, not when the seed ran. */
async function recordAuditAt(tx: Tx, actorId: number, action: string, cardId: number, details: object, at: SQL): Promise<void> {
  await tx.execute(sql`INSERT INTO audit_log (actor_id, action, entity, entity_id, details, created_at)
    VALUES (${actorId}, ${action}, 'gift_card', ${cardId}, ${JSON.stringify(details)}::jsonb, LEAST(${at}, now()))`);
}

/** Demo offers (range and fixed, percentage and fixed rate), a dozen cards in every status with a small PNG each, and a few comments. */
export const seedDemoCards: DemoSeeder = async ({ database, services, ids }) => {
  const sellers = [ids['seller@example.com'], ids['seller2@example.com']];
  const [admin] = await database.query<{ id: number }>(
    sql`SELECT id FROM users WHERE role = 'admin' AND deleted_at IS NULL ORDER BY id LIMIT 1`,
  );
  if (!sellers[0] || !sellers[1] || !admin) return;
  const images = await Promise.all(
    CARDS.map(([offer, , price, , , , digits]) => cardPhoto(FACES[offer]!, digits, `$${price.replace(/\.00$/, '')}`)),
  );
  await services.images.withSaved(
    images.map((data) => ({ data, ext: 'png' as const })),
    (names, saveIn) =>
      database.db.transaction(async (tx) => {
        await saveIn(tx);
        const offerIds = new Map<string, { id: number; values: OfferValues }>();
        for (const { key, ...values } of OFFERS) offerIds.set(key, { id: await insertOffer(tx, values), values });
        const cardIds: number[] = [];
        for (const [i, [offerKey, seller, price, status, submitted, decidedAfter, digits, typed]] of CARDS.entries()) {
          const offer = offerIds.get(offerKey)!;
          const rate = computeRateCents(c(price), offer.values.rateType, c(offer.values.rate));
          const id = await insertCard(tx, sellers[seller], {
            offerId: offer.id,
            price,
            rate: centsToDecimal(rate),
            cardNumber: typed ? groupedDigits(digits) : null,
            description: `Demo card ${i + 1}`,
          });
          await insertImages(tx, id, [names[i]]);
          // Its photo is read like a submitted card's (without a read queued, its page said "Reading..." for ever).
          await queueCardRead(tx, id);
          // Submitted in the morning of its day, decided in the afternoon of a later (or the same) day.
          const submittedAt = sql`date_trunc('day', now()) - make_interval(days => ${submitted}) + interval '9 hours' + make_interval(mins => ${i * 7})`;
          const decidedAt = sql`${submittedAt} + make_interval(days => ${decidedAfter}) + interval '5 hours'`;
          // Setting the offer (unchanged) fires the trigger of migration 0025 again: due for review from this date.
          await tx.execute(
            sql`UPDATE gift_cards SET created_at = LEAST(${submittedAt}, now()), updated_at = LEAST(${submittedAt}, now()),
              giftcard_offer_id = giftcard_offer_id WHERE id = ${id}`,
          );
          await recordAuditAt(tx, sellers[seller], 'create', id, { price: Number(price), rate: rate / 100, images: 1 }, submittedAt);
          if (status !== 0) {
            const at = sql`LEAST(${decidedAt}, now())`;
            await tx.execute(sql`UPDATE gift_cards SET card_status = ${status},
            approval_date = ${status === 1 ? at : null}, rejection_date = ${status === 2 ? at : null},
            reject_reason = ${status === 2 ? 'used_or_zero_balance' : null}, updated_at = ${at} WHERE id = ${id}`);
            const details =
              status === 2
                ? { from: 0, to: 2, via: 'review', reason: 'used_or_zero_balance', note: null }
                : { from: 0, to: status, via: 'review' };
            await recordAuditAt(tx, admin.id, status === 1 ? 'approve' : 'reject', id, details, at);
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

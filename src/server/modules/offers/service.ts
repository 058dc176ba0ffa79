import { checkVersion } from '../../http/versions';
import type { Database } from '../../db/client';
import { PAGE_SIZE, PRICE_TYPE, RATE_TYPE } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { centsToDecimal, type Cents } from '../../../shared/money';
import { invalidFields, notFound, pgCode, refusal } from '../../http/errors';
import { listResult, splitQuery } from '../../http/page';
import { listPage } from '../../db/lists/list-page';
import type { PlanLog } from '../../db/lists/types';
import type { OfferListQuery } from '../../../shared/list-queries';
import { offerList } from './list';
import { recordAudit } from '../audit/repository';
import type { AuthUser } from '../auth/service';
import * as repo from './repository';
import { offerOut } from './shape';

/** The offer body as the contract's zod schema outputs it (money in cents). */
export interface OfferInput {
  title: string;
  is_active: 0 | 1;
  price_type: 0 | 1;
  min_price?: Cents;
  max_price?: Cents;
  fixed_price?: Cents[];
  rate_type: 0 | 1;
  rate: Cents;
  review_minutes?: number;
  code_pattern?: string | null;
  code_check?: 'luhn' | null;
  hold_days?: number;
}

/** Range offers keep min/max, fixed offers keep their list; a fixed fee may not exceed the lowest price. */
function toValues(input: OfferInput): repo.OfferValues {
  const range = input.price_type === PRICE_TYPE.range;
  const lowest = range ? (input.min_price ?? 0) : Math.min(...(input.fixed_price ?? [0]));
  if (input.rate_type === RATE_TYPE.fixed && input.rate > lowest) {
    throw invalidFields({ rate: ['The rate field may not be more than the lowest price of the offer.'] });
  }
  return {
    title: input.title,
    isActive: input.is_active,
    priceType: input.price_type,
    minPrice: range && input.min_price !== undefined ? centsToDecimal(input.min_price) : null,
    maxPrice: range && input.max_price !== undefined ? centsToDecimal(input.max_price) : null,
    fixedPrice: range ? null : (input.fixed_price ?? []).map(centsToDecimal),
    rateType: input.rate_type,
    rate: centsToDecimal(input.rate),
    // Left out: the column's default on a new offer, the current target on an edit.
    reviewMinutes: input.review_minutes,
    // Issue 52, the same: left out, none on a new offer and unchanged on an edit; null clears it.
    codePattern: input.code_pattern,
    codeCheck: input.code_check,
    // Issue 54, the same: left out, 0 on a new offer and unchanged on an edit.
    holdDays: input.hold_days,
  };
}

export function createOfferService(database: Database) {
  const { db } = database;
  return {
    /** Every offer, newest first (for selects). */
    all: async () => (await repo.listOffers(db)).map(offerOut),

    async list(q: OfferListQuery, log?: PlanLog) {
      const per = q.per_page ?? PAGE_SIZE.offers;
      const { filter, request } = splitQuery(q, per, log);
      const p = await listPage(db, offerList, filter, request);
      return listResult((await repo.offersByIds(db, p.ids)).map(offerOut), q, per, p);
    },

    async get(id: number) {
      const found = await repo.findOffer(db, id);
      if (!found) throw notFound();
      return { data: offerOut(found) };
    },

    async create(actor: AuthUser, input: OfferInput) {
      const values = toValues(input);
      await db.transaction(async (tx) => {
        const id = await repo.insertOffer(tx, values);
        await recordAudit(tx, { actorId: actor.id, action: 'create', entity: 'offer', entityId: id, details: { title: values.title } });
      });
      return { msg: 'Gift card offer created successfully' };
    },

    async update(actor: AuthUser, id: number, input: OfferInput, version?: number) {
      const values = toValues(input);
      await db.transaction(async (tx) => {
        const current = await repo.findOffer(tx, id, 'update');
        if (!current) throw notFound();
        checkVersion('offer', current.version, version);
        await repo.updateOffer(tx, id, values);
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'update',
          entity: 'offer',
          entityId: id,
          details: { before: offerOut(current), after: { ...values } },
        });
      });
      return { msg: 'Gift card offer updated successfully' };
    },

    async remove(actor: AuthUser, id: number, version?: number) {
      try {
        await db.transaction(async (tx) => {
          const current = await repo.findOffer(tx, id, 'update');
          if (!current) throw notFound();
          checkVersion('offer', current.version, version);
          if (await repo.offerHasCards(tx, id)) throw refusal(MSG.offerHasCards);
          await repo.deleteOffer(tx, id);
          await recordAudit(tx, {
            actorId: actor.id,
            action: 'delete',
            entity: 'offer',
            entityId: id,
            details: { title: current.title },
          });
        });
      } catch (err) {
        // A card submitted at the same moment: the foreign key refuses the delete.
        if (pgCode(err) === '23503') throw refusal(MSG.offerHasCards);
        throw err;
      }
      return { msg: 'Gift card offer deleted successfully' };
    },
  };
}
export type OfferService = ReturnType<typeof createOfferService>;

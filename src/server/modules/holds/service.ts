import type { Database } from '../../db/client';
import { MSG } from '../../../shared/messages';
import type { PayoutHold } from '../../../shared/types';
import { invalidFields, notFound, refusal } from '../../http/errors';
import { clock, nowParam } from '../../clock';
import { recordAudit } from '../audit/repository';
import type { AuthUser } from '../auth/service';
import { lockSellers } from '../ledger/repository';
import * as store from './store';

const DAY_MS = 24 * 60 * 60 * 1000;
const LIST_MAX = 100;

/** A hold's end as refusals name it: "2026-12-08 16:30 UTC"; null: until staff release it. */
export const holdDateText = (iso: string | null): string | null => (iso === null ? null : `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`);

/**
 * Payout holds placed and released by staff (docs/money.md "Payout holds"). Both lock the seller first, as a payment
 * does, so a payment running meanwhile sees the hold once it holds the lock, or has paid before it was placed.
 */
export function createHoldService(database: Database, opts: { fourEyes: boolean }) {
  const { db } = database;
  return {
    async place(
      actor: AuthUser,
      b: { seller_id?: number; gift_card_id?: number; reason: string; days?: number },
    ): Promise<{ msg: string; data: PayoutHold }> {
      return db.transaction(async (tx) => {
        const cardId = b.gift_card_id ?? null;
        const sellerId = cardId !== null ? await store.cardSeller(tx, cardId) : (b.seller_id ?? null);
        if (cardId !== null && sellerId === null) throw invalidFields({ gift_card_id: ['The selected gift card id is invalid.'] });
        if (sellerId === null || !(await store.isLiveSeller(tx, sellerId)))
          throw invalidFields({ seller_id: ['The selected seller id is invalid.'] });
        await lockSellers(tx, [sellerId]);
        const until = b.days === undefined ? null : new Date(clock.now().getTime() + b.days * DAY_MS).toISOString();
        const id = await store.insertHold(tx, {
          sellerId: cardId === null ? sellerId : null,
          cardId,
          reason: b.reason,
          until,
          by: actor.id,
        });
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'hold_placed',
          entity: 'payout_hold',
          entityId: id,
          details: { seller_id: sellerId, gift_card_id: cardId, reason: b.reason, until },
        });
        return { msg: MSG.holdPlaced, data: (await store.findHold(tx, id, nowParam()))! };
      });
    },

    async release(actor: AuthUser, id: number, b: { note?: string }): Promise<{ msg: string; data: PayoutHold }> {
      return db.transaction(async (tx) => {
        const seen = await store.findHold(tx, id, nowParam());
        if (!seen) throw notFound();
        const sellerId = seen.seller_id ?? (await store.cardSeller(tx, seen.gift_card_id!));
        if (sellerId !== null) await lockSellers(tx, [sellerId]);
        const hold = await store.findHold(tx, id, nowParam(), true);
        if (!hold) throw notFound();
        if (hold.released_at !== null) throw refusal(MSG.holdAlreadyReleased);
        if (!hold.active) throw refusal(MSG.holdEnded);
        // Issue 53: an adjusted approval's hold ends with the seller's answer or its window, not by staff.
        if (await store.waitsForAdjustment(tx, id)) throw refusal(MSG.adjustmentHoldRelease, 409);
        // FOUR_EYES (docs/money.md): one staff member places a hold, another releases it.
        if (opts.fourEyes && hold.placed_by === actor.id) throw refusal(MSG.holdSamePerson, 403);
        const note = b.note ?? null;
        await store.releaseHold(tx, id, actor.id, note);
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'hold_released',
          entity: 'payout_hold',
          entityId: id,
          details: { seller_id: hold.seller_id, gift_card_id: hold.gift_card_id, reason: hold.reason, placed_by: hold.placed_by, note },
        });
        return { msg: MSG.holdReleased, data: (await store.findHold(tx, id, nowParam()))! };
      });
    },

    async list(q: { seller_id?: number; gift_card_id?: number }): Promise<{ data: PayoutHold[] }> {
      const where = q.gift_card_id !== undefined ? { cardId: q.gift_card_id } : { sellerId: q.seller_id };
      return { data: await store.listHolds(db, where, nowParam(), LIST_MAX) };
    },
  };
}
export type HoldService = ReturnType<typeof createHoldService>;

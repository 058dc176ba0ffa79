import type { Database } from '../../db/client';
import { MSG } from '../../../shared/messages';
import type { SellerLink } from '../../../shared/types';
import { invalidFields, notFound, refusal } from '../../http/errors';
import { recordAudit } from '../audit/repository';
import type { AuthUser } from '../auth/service';
import { cardSeller } from '../holds/store';
import * as repo from './repository';
import { linkOut } from './shape';

const LIST_MAX = 100;

/**
 * Linked sellers (issue 54): sellers sharing a card number, a photo or a payout code, linked by the database as the
 * cards, photos and payouts are written (docs/linked-sellers.md); staff read them and mark them known-good.
 */
export function createLinkService(database: Database) {
  const { db } = database;
  return {
    async list(q: { seller_id?: number; gift_card_id?: number }): Promise<{ data: SellerLink[] }> {
      return db.transaction(async (tx) => {
        let seller = q.seller_id ?? null;
        if (q.gift_card_id !== undefined) {
          seller = await cardSeller(tx, q.gift_card_id);
          if (seller === null) throw invalidFields({ gift_card_id: ['The selected gift card id is invalid.'] });
        } else if (seller === null || !(await repo.isSeller(tx, seller)))
          throw invalidFields({ seller_id: ['The selected seller id is invalid.'] });
        return { data: (await repo.linksOf(tx, seller, LIST_MAX)).map(linkOut) };
      });
    },

    async markKnownGood(actor: AuthUser, id: number, b: { note?: string }): Promise<{ msg: string; data: SellerLink }> {
      return db.transaction(async (tx) => {
        const link = await repo.findLink(tx, id);
        if (!link) throw notFound();
        if (link.known_good_at !== null) throw refusal(MSG.linkAlreadyKnownGood);
        const note = b.note ?? null;
        await repo.markKnownGood(tx, id, actor.id, note);
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'link_known_good',
          entity: 'seller_link',
          entityId: id,
          details: {
            signal: link.signal,
            seller_ids: [Number(link.seller_id), Number(link.other_seller_id)],
            gift_card_ids: [link.gift_card_id, link.other_gift_card_id],
            transaction_ids: [link.transaction_id, link.other_transaction_id],
            note,
          },
        });
        return { msg: MSG.linkKnownGood, data: linkOut((await repo.findLink(tx, id))!) };
      });
    },
  };
}
export type LinkService = ReturnType<typeof createLinkService>;

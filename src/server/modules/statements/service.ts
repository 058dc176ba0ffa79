import type { Database } from '../../db/client';
import { centsToNumber } from '../../../shared/money';
import type { SellerStatement } from '../../../shared/types';
import { forbidden, invalidFields } from '../../http/errors';
import type { AuthUser } from '../auth/service';
import { checkedDayCount } from '../reports/service';
import * as repo from './repository';
import { holdFigures, sellerHold } from '../holds/repository';
import { sellerDueCents } from '../sellers/repository';

export interface StatementInput {
  start_date: string;
  end_date: string;
  seller_id?: number;
}

export function createStatementService(database: Database) {
  const { db } = database;
  return {
    /**
     * Staff: any seller's statement (seller_id required). Seller: their own (another seller's id is a 403).
     * Opening due, then every change of the due in order with the running due; the closing due is seller-due as
     * of the end of the end date. Read in one transaction so that the opening and the events agree.
     */
    async statement(actor: AuthUser, input: StatementInput): Promise<SellerStatement> {
      if (actor.role === 'seller' && input.seller_id !== undefined && input.seller_id !== actor.id) throw forbidden();
      const sellerId = actor.role === 'seller' ? actor.id : input.seller_id;
      if (sellerId === undefined) throw invalidFields({ seller_id: ['The seller id field is required.'] });
      checkedDayCount(input.start_date, input.end_date);
      return db.transaction(async (tx) => {
        const seller = await repo.findUser(tx, sellerId);
        if (!seller || seller.role !== 'seller') throw invalidFields({ seller_id: ['The selected seller id is invalid.'] });
        const opening = await repo.dueBefore(tx, sellerId, input.start_date);
        const dueNow = await sellerDueCents(tx, sellerId);
        const hold = await sellerHold(tx, sellerId);
        const rows = await repo.eventsBetween(tx, sellerId, input.start_date, input.end_date);
        let due = opening;
        const events = rows.map((e) => {
          due += e.amount;
          return {
            at: e.at,
            kind: e.kind,
            amount: centsToNumber(e.amount),
            due: centsToNumber(due),
            gift_card_id: e.giftCardId,
            transaction_id: e.transactionId,
            code: e.code,
            cards: e.cards,
          };
        });
        return {
          seller: { id: seller.id, name: seller.name, email: seller.email },
          start_date: input.start_date,
          end_date: input.end_date,
          opening_due: centsToNumber(opening),
          closing_due: centsToNumber(due),
          events,
          today: { due: centsToNumber(dueNow), ...holdFigures(dueNow, hold) },
        };
      });
    },
  };
}
export type StatementService = ReturnType<typeof createStatementService>;

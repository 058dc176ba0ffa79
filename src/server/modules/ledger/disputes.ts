import type { Database, Tx } from '../../db/client';
import { CARD_STATUS, DISPUTE_REASONS, type DisputeReason } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { centsToNumber } from '../../../shared/money';
import type { Msg } from '../../../shared/types';
import { notFound, refusal } from '../../http/errors';
import { recordAudit } from '../audit/repository';
import type { AuthUser } from '../auth/service';
import { RetryTransaction, inTransaction } from './retry';
import { checkVersion } from '../../http/versions';
import * as repo from './repository';
import type { LockedCard } from './repository';
import type { ProofInput } from '../../../shared/proof';
import { attachProof } from '../proof/service';
import { findCard } from '../cards/repository';
import { queueTrustOfCard } from '../trust/repository';

/**
 * Clawbacks. Staff mark an approved card that has payments Disputed: its due becomes minus what was paid on it
 * (the triggers move the seller's due and write the journal), and a negative transaction entry records the
 * clawback. Resolving puts the card back to approved and writes the reversing entry. Both lock the seller's row
 * first, then the card, and check again under the locks, like the payments.
 */

const checkDisputable = (c: LockedCard) => {
  if (c.status === CARD_STATUS.disputed) throw refusal(MSG.cardDisputed);
  if (c.status !== CARD_STATUS.approved || c.paid <= 0) throw refusal(MSG.disputeNeedsPaidCard);
};
const checkResolvable = (c: LockedCard) => {
  if (c.status !== CARD_STATUS.disputed) throw refusal(MSG.cardNotDisputed);
};

/** Peeks the card (refusals need no lock), locks its seller then the card, and checks again. */
async function lockCard(tx: Tx, cardId: number, check: (c: LockedCard) => void, version?: number): Promise<LockedCard> {
  const seen = await repo.peekCard(tx, cardId);
  if (!seen) throw notFound();
  check(seen);
  await repo.lockSellers(tx, [seen.sellerId]);
  const [card] = await repo.lockCardsById(tx, [cardId]);
  if (!card) throw notFound();
  if (card.sellerId !== seen.sellerId) throw new RetryTransaction();
  checkVersion('card', card.version, version);
  check(card);
  return card;
}

/**
 * Resolves a dispute inside the caller's transaction: the card is approved again and the reversing entry written. The
 * one path of a resolution: gift-card-dispute-resolve and a reversed appeal of the clawback (issue 53) both come here.
 */
export async function resolveIn(tx: Tx, actor: AuthUser, cardId: number, input: { note?: string }, version?: number): Promise<void> {
  const card = await lockCard(tx, cardId, checkResolvable, version);
  await repo.setDisputed(tx, cardId, false);
  const entry = await repo.insertClawbackEntry(tx, {
    kind: 'clawback_reversed',
    sellerId: card.sellerId,
    cardId,
    amount: card.paid,
    createdBy: actor.id,
  });
  await recordAudit(tx, {
    actorId: actor.id,
    action: 'dispute_resolved',
    entity: 'gift_card',
    entityId: cardId,
    details: {
      from: CARD_STATUS.disputed,
      to: CARD_STATUS.approved,
      note: input.note ?? null,
      seller_id: card.sellerId,
      paid_amount: centsToNumber(card.paid),
      reversal: { transaction_id: entry.id, code: entry.code, amount: centsToNumber(card.paid) },
    },
  });
  await queueTrustOfCard(tx, cardId);
}

export function createDisputeService(database: Database) {
  const { db } = database;
  return {
    async dispute(
      actor: AuthUser,
      cardId: number,
      input: { reason: DisputeReason; note?: string; proof?: ProofInput },
      version?: number,
    ): Promise<Msg> {
      await inTransaction(db, async (tx) => {
        const card = await lockCard(tx, cardId, checkDisputable, version);
        await repo.setDisputed(tx, cardId, true);
        const entry = await repo.insertClawbackEntry(tx, {
          kind: 'clawback',
          sellerId: card.sellerId,
          cardId,
          amount: -card.paid,
          createdBy: actor.id,
        });
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'dispute',
          entity: 'gift_card',
          entityId: cardId,
          details: {
            from: CARD_STATUS.approved,
            to: CARD_STATUS.disputed,
            reason: input.reason,
            reason_label: DISPUTE_REASONS[input.reason],
            note: input.note ?? null,
            seller_id: card.sellerId,
            paid_amount: centsToNumber(card.paid),
            clawback: { transaction_id: entry.id, code: entry.code, amount: centsToNumber(-card.paid) },
          },
        });
        await queueTrustOfCard(tx, cardId);
        // Issue 53: boxes on the photos and the evidence found, shown to the seller with the clawback.
        if (input.proof) await attachProof(tx, actor.id, cardId, 'clawback', input.proof, (await findCard(tx, cardId))?.cardNumber ?? null);
      });
      return { msg: MSG.cardDisputedOk };
    },

    async resolve(actor: AuthUser, cardId: number, input: { note?: string }, version?: number): Promise<Msg> {
      await inTransaction(db, (tx) => resolveIn(tx, actor, cardId, input, version));
      return { msg: MSG.disputeResolvedOk };
    },
  };
}
export type DisputeService = ReturnType<typeof createDisputeService>;

import type { Database, Tx } from '../../db/client';
import { checkVersion } from '../../http/versions';
import { CARD_STATUS, REJECT_REASONS, REJECT_REASON_LABEL, type RejectReason } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { centsToDecimal } from '../../../shared/money';
import type { BulkReviewResult, CardDuplicates, RejectReasonCount, ReviewLease } from '../../../shared/types';
import { isoOrNull } from '../../db/values';
import { HttpError, invalidFields, notFound, pgCode, refusal } from '../../http/errors';
import { recordAudit } from '../audit/repository';
import type { AuthUser } from '../auth/service';
import * as cards from '../cards/repository';
import { checkDuplicateApproval, recordStatusChange, type DuplicateOverride } from '../cards/decide';
import { reportDays, type ChartInput } from '../reports/service';
import * as repo from './repository';
import { SIMILAR_IMAGE_BITS, claimOut, duplicateOut, imageMatchOut } from './shape';
import { findCardRead } from '../ocr/repository';
import { readOut } from '../ocr/shape';
import type { ImageSigner } from '../images/signing';
import { LIMITS } from '../../../shared/limits';
import type { ProofInput } from '../../../shared/proof';
import { attachProof } from '../proof/service';
import { priceAdjustment, recordAdjustment, type AdjustInput } from '../adjustments/service';
import { moneyOut } from '../../db/values';

export interface ReviewInput extends DuplicateOverride, AdjustInput {
  action: 'approve' | 'reject';
  /** The number typed with the decision; left out, the card's stays. */
  card_number?: string;
  reject_reason?: RejectReason;
  reject_note?: string;
  /** Decide a card another reviewer holds (audited); without it such a card is a 409 naming the holder. */
  take_over?: boolean;
  /** Issue 53: boxes on the photos and the evidence found, attached to a rejection (the seller sees them). */
  proof?: ProofInput;
}

/** A card another reviewer leased meanwhile is passed over; after this many such races the queue answers none. */
const LEASE_ATTEMPTS = LIMITS.review.leaseAttempts.value;
/** How often a server with JOBS on looks for cards that became overdue (the desktop app's notification). */
export const OVERDUE_SWEEP_MS = LIMITS.review.overdueSweepMs.value;

/**
 * A review lease means something (issue 48): deciding a card another reviewer holds is a 409 naming them, unless the
 * caller takes it over, which is in the card's history.
 */
async function checkLease(tx: Tx, user: AuthUser, cardId: number, takeOver: boolean): Promise<void> {
  const holder = await repo.heldByOther(tx, cardId, user.id, LIMITS.review.claimMinutes.value);
  if (!holder) return;
  if (!takeOver) {
    const text = MSG.reviewHeldBy(holder.name);
    throw new HttpError(409, { message: text, errorMsg: text });
  }
  await recordAudit(tx, {
    actorId: user.id,
    action: 'review_taken_over',
    entity: 'gift_card',
    entityId: cardId,
    details: { from_user_id: Number(holder.user_id) },
  });
}

export function createReviewService(database: Database, signer: ImageSigner) {
  const { db } = database;
  /** One card approved or rejected in its own transaction; refusals are HttpErrors with the reason. */
  const reviewOne = (user: AuthUser, id: number, input: ReviewInput, via: 'review' | 'bulk', version?: number): Promise<string> =>
    db.transaction(async (tx) => {
      const card = await cards.lockCardForWrite(tx, id);
      if (!card) throw notFound();
      checkVersion('card', card.version, version);
      await checkLease(tx, user, id, input.take_over === true);
      if (card.status === CARD_STATUS.disputed) throw refusal(MSG.cardDisputed);
      const approve = input.action === 'approve';
      if (approve && card.status === CARD_STATUS.approved) throw refusal(MSG.cardAlreadyApproved);
      if (!approve && card.status === CARD_STATUS.rejected) throw refusal(MSG.cardAlreadyRejected);
      if (!approve && card.paid > 0) throw refusal(MSG.cardHasPayments);
      if (!approve && !input.reject_reason) throw refusal(MSG.rejectReasonRequired);
      if (input.card_number !== undefined && !cards.numberKey(input.card_number))
        throw invalidFields({ card_number: [MSG.cardNumberBlank] });
      const number = input.card_number ?? card.cardNumber;
      if (number !== card.cardNumber && card.paid > 0) throw refusal(MSG.cardHasPayments);
      const override = approve ? await checkDuplicateApproval(tx, id, number, input) : null;
      // Issue 53: approved at a lower value than asked: the card's price and rate become the adjusted value's.
      const adjusted = approve ? await priceAdjustment(tx, card, input) : null;
      const to = approve ? CARD_STATUS.approved : CARD_STATUS.rejected;
      const reason = approve ? null : (input.reject_reason ?? null);
      const note = approve ? null : (input.reject_note ?? null);
      await cards.updateCard(
        tx,
        id,
        {
          offerId: card.offerId,
          cardNumber: number,
          description: card.description,
          price: centsToDecimal(adjusted?.price ?? card.price),
          rate: centsToDecimal(adjusted?.rate ?? card.rate),
          cardStatus: to,
          rejectReason: reason,
          rejectNote: note,
        },
        true,
        user.id,
      );
      if (number !== card.cardNumber)
        await recordAudit(tx, {
          actorId: user.id,
          action: 'update',
          entity: 'gift_card',
          entityId: id,
          details: { before: { cardNumber: card.cardNumber }, after: { cardNumber: number } },
        });
      const adjustedAudit = adjusted && {
        asked_price: moneyOut(centsToDecimal(card.price)),
        price: moneyOut(centsToDecimal(adjusted.price)),
        reason: adjusted.reason,
        note: adjusted.note,
      };
      await recordStatusChange(tx, user.id, id, {
        from: card.status,
        to,
        reason,
        note,
        override,
        via,
        adjusted: adjustedAudit ?? undefined,
      });
      if (adjusted) await recordAdjustment(tx, user.id, card, adjusted);
      if (!approve) await attachProof(tx, user.id, id, 'reject', input.proof, number);
      return adjusted ? MSG.cardApprovedAdjusted : approve ? MSG.cardApproved : MSG.cardRejected;
    });

  return {
    async review(user: AuthUser, id: number, input: ReviewInput, version?: number) {
      return { msg: await reviewOne(user, id, input, 'review', version) };
    },

    /** Each card as if reviewed alone (no override in bulk), in the order sent; one card's refusal never stops the rest. */
    async reviewMany(
      user: AuthUser,
      input: {
        ids: number[];
        action: 'approve' | 'reject';
        reject_reason?: RejectReason;
        reject_note?: string;
        versions?: Record<string, number>;
        take_over?: boolean;
      },
    ) {
      const results: BulkReviewResult['results'] = [];
      for (const id of [...new Set(input.ids)]) {
        try {
          const msg = await reviewOne(
            user,
            id,
            { action: input.action, reject_reason: input.reject_reason, reject_note: input.reject_note, take_over: input.take_over },
            'bulk',
            input.versions?.[String(id)],
          );
          results.push({ id, ok: true, msg });
        } catch (err) {
          if (!(err instanceof HttpError)) throw err;
          results.push({ id, ok: false, msg: err.body.errorMsg ?? (err.status === 404 ? 'No gift card with this id' : err.body.message) });
        }
      }
      const passed = results.filter((r) => r.ok).length;
      const refused = results.length - passed;
      const done = input.action === 'approve' ? 'approved' : 'rejected';
      return { msg: `${passed} ${done}, ${refused} refused`, passed, refused, results } satisfies BulkReviewResult;
    },

    /** Staff: other cards with this number (the one being typed, else the stored one) and photos seen on other cards. */
    async duplicates(user: AuthUser, id: number, cardNumber: string | undefined): Promise<CardDuplicates> {
      const card = await cards.findCard(db, id);
      if (!card) throw notFound();
      const number = cardNumber ?? card.cardNumber;
      const key = cards.numberKey(number);
      const [numbers, images, read] = await Promise.all([
        repo.cardsWithNumber(db, id, number),
        repo.imageMatches(db, id, SIMILAR_IMAGE_BITS),
        findCardRead(db, id),
      ]);
      const { read_number, read_status } = readOut(read);
      const photoUrl = (name: string) => signer.url(name, user.id);
      const differs = read_status === 'read' && key !== null && key !== read?.number_key;
      return {
        key,
        numbers: numbers.map((r) => duplicateOut(r, photoUrl)),
        images: images.map((r) => imageMatchOut(r, photoUrl)),
        read_number,
        read_status,
        differs_from_photo: differs,
      };
    },

    /** Staff opening a pending card: a soft claim for 10 minutes, or another staff member's claim to warn about. */
    async claim(user: AuthUser, id: number) {
      const card = await cards.findCard(db, id);
      if (!card) throw notFound();
      if (card.status !== CARD_STATUS.pending) return { claim: null };
      try {
        const held = await repo.claim(db, id, user.id, LIMITS.review.claimMinutes.value);
        return { claim: held && claimOut(held) };
      } catch (err) {
        if (pgCode(err) === '23503') throw notFound(); // deleted meanwhile
        throw err;
      }
    },

    /**
     * Start reviewing / next card: the caller's other claims end, then the queue leases them the card due first that
     * nobody else holds. A card leased by someone else between picking and leasing is passed over (a few tries).
     */
    async startReview(user: AuthUser, skip: number[] = []): Promise<ReviewLease> {
      await repo.releaseOwnClaims(db, user.id);
      for (let attempt = 0; attempt < LEASE_ATTEMPTS; attempt++) {
        const { picked, leased } = await repo.leaseNext(db, user.id, LIMITS.review.claimMinutes.value, skip);
        if (leased)
          return { card: { id: leased.id, review_due_at: isoOrNull(leased.review_due_at), lease_until: isoOrNull(leased.until) ?? '' } };
        if (picked === null) return { card: null };
      }
      return { card: null };
    },

    /** Cards that became overdue get their one 'review.overdue' event (the scheduler's 'review-overdue' task). */
    sweepOverdue: () => repo.noticeOverdue(db),

    /** Leaving a card releases the caller's own claim on it. */
    async release(user: AuthUser, id: number) {
      await repo.releaseOwnClaim(db, id, user.id);
      return { msg: MSG.claimReleased };
    },

    /** Rejections per reason over a range (up to 366 days); a seller gets their own, staff a seller's or everyone's (0). */
    async rejectReasons(actor: AuthUser, input: ChartInput): Promise<{ reasons: RejectReasonCount[] }> {
      reportDays(input.start_date, input.end_date);
      const seller = actor.role === 'seller' ? actor.id : input.seller_id;
      const counts = new Map((await repo.rejectReasonCounts(db, seller, input.start_date, input.end_date)).map((r) => [r.reason, r.total]));
      return {
        reasons: [
          ...REJECT_REASONS.map((reason) => ({ reason, label: REJECT_REASON_LABEL[reason], total: counts.get(reason) ?? 0 })),
          { reason: 'none' as const, label: 'No reason given', total: counts.get('none') ?? 0 },
        ],
      };
    },
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;

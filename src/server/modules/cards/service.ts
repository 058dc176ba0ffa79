import type { Database, Tx } from '../../db/client';
import { CARD_STATUS, PAGE_SIZE, type CardStatus } from '../../../shared/constants';
import { LIMITS } from '../../../shared/limits';
import { MSG } from '../../../shared/messages';
import { centsToDecimal, centsToNumber } from '../../../shared/money';
import { HttpError, invalidFields, notFound, pgCode, refusal } from '../../http/errors';
import { checkDeadline } from '../../http/deadline';
import type { UploadedFile } from '../../http/body';
import { listResult, splitQuery } from '../../http/page';
import { listPage } from '../../db/lists/list-page';
import type { PlanLog } from '../../db/lists/types';
import { cardList } from './list';
import { cardOut, cardWithDuplicates, type CardViewRow } from './shape';
import { type CardListQuery, type MyCardListQuery } from '../../../shared/list-queries';
import { recordAudit } from '../audit/repository';
import type { AuthUser } from '../auth/service';
import type { CheckedImage, ImageStore } from '../images/store';
import * as repo from './repository';
import type { ImageSigner } from '../images/signing';
import { checkVersion } from '../../http/versions';
import { assertMayEdit, imageRequired, isSeller, priceCard } from './rules';
import { checkDuplicateApproval, recordStatusChange } from './decide';
import { editAuditDetails, planCardEdit, type CardInput } from './edit-plan';

import { heldByOther, setImageHashes } from '../review/repository';
import { imageHashes, type ImageHashes } from '../images/hash';
import type { JobBell } from '../jobs/bell';
import { findCardRead, queueCardRead } from '../ocr/repository';
import { readOut } from '../ocr/shape';
import { findRemedy } from '../remedies/repository';
import { cardRecourse } from '../appeals/card';
import { DEFAULT_WINDOWS, type RecourseWindows } from '../appeals/recourse';
import { proofOfCard } from '../proof/service';
import { adjustmentOfCard, adjustmentsOfCards } from '../adjustments/service';

/** A card number is compared by its skeleton: one that is blank there (only invisible characters) is refused. */
function checkNumberVisible(cardNumber: string | undefined): void {
  if (cardNumber && !repo.numberKey(cardNumber)) throw invalidFields({ card_number: [MSG.cardNumberBlank] });
}

/** Each photo's content and perceptual hashes, after the checks (type, header, pixel limit) have passed. */
export const hashAll = async (checked: CheckedImage[]) => {
  const out = [];
  for (const c of checked) out.push(await imageHashes(c.data));
  return out;
};
export const saveHashes = async (tx: Tx, cardId: number, names: string[], hashes: ImageHashes[]) => {
  for (const [i, name] of names.entries()) await setImageHashes(tx, cardId, name, hashes[i]!);
};

const created = (id: number) => ({ msg: 'Gift card added successfully', id });
const notFoundByNumber = () => new HttpError(404, { message: MSG.cardNotFound, errorMsg: MSG.cardNotFound });

export function createCardService(
  database: Database,
  images: ImageStore,
  signer: ImageSigner,
  jobs: JobBell,
  windows: RecourseWindows = DEFAULT_WINDOWS,
) {
  const { db } = database;

  return {
    async list(q: CardListQuery, log?: PlanLog) {
      const per = q.per_page ?? PAGE_SIZE.cards;
      const { filter, request } = splitQuery(q, per, log);
      const p = await listPage(db, cardList, filter, { ...request, read: repo.cardViewsOfPage(db, true) });
      return listResult(
        (p.rows as unknown as CardViewRow[]).map((r) => cardWithDuplicates(r, Number(r.duplicates ?? 0))),
        q,
        per,
        p,
      );
    },

    async mine(user: AuthUser, q: MyCardListQuery, log?: PlanLog) {
      const per = q.per_page ?? PAGE_SIZE.cards;
      const { filter, request } = splitQuery(q, per, log);
      const p = await listPage(db, cardList, { ...filter, own: user.id }, { ...request, read: repo.cardViewsOfPage(db, false) });
      const cards = (p.rows as unknown as CardViewRow[]).map(cardOut);
      // Issue 53: a card approved at an adjusted value says so in its row (no key without one).
      const adjusted = await adjustmentsOfCards(
        db,
        cards.map((c) => c.id),
      );
      const rows = cards.map((c) => (adjusted.has(c.id) ? { ...c, adjustment: adjusted.get(c.id)! } : c));
      return { data: listResult(rows, q, per, p) };
    },

    statusCounts: async () => ({ data: await repo.cardStatusCounts(db) }),

    async get(user: AuthUser, id: number) {
      const row = await repo.findCardView(db, id);
      if (!row) throw notFound();
      const card = cardOut(row);
      // Staff see what the photos say and who approved the card; a seller's answer never carries it (their response schema leaves it out too).
      if (!isSeller(user)) Object.assign(card, readOut(await findCardRead(db, id)), { approved_by: row.approvedBy ?? null });
      const stored = await repo.listImages(db, id);
      // A rejected card's seller is told what to do about its reason.
      const remedy = row.cardStatus === CARD_STATUS.rejected && row.rejectReason ? await findRemedy(db, row.rejectReason) : null;
      // Issue 53: what its seller may still do about its latest rejection or clawback, and their latest recourse.
      const recourse = await cardRecourse(db, { id, status: row.cardStatus as CardStatus }, windows);
      // Issue 53: the proof of its current decision, when the reviewer attached one (no key otherwise: as before).
      const proof = await proofOfCard(db, id, row.cardStatus);
      // Issue 53: its latest adjusted approval (no key without one).
      const adjustment = await adjustmentOfCard(db, id);
      const images = stored.map((i) => ({ ...i, url: signer.url(i.image, user.id) }));
      return { data: card, images, remedy, ...recourse, ...(proof ? { proof } : {}), ...(adjustment ? { adjustment } : {}) };
    },

    async search(user: AuthUser, cardNumber: string) {
      const row = await repo.findCardByNumber(db, cardNumber, isSeller(user) ? user.id : undefined);
      if (!row) throw notFoundByNumber();
      return { data: cardOut(row) };
    },

    /**
     * A seller submits a card: images checked by content, files written, then one transaction; files removed if it
     * fails. A submission with the key of one this seller already made answers that card (a retry after a lost answer);
     * past the answer's deadline (`signal`: the client gone or too slow) nothing is committed.
     */
    async create(user: AuthUser, input: CardInput, files: UploadedFile[], signal?: AbortSignal) {
      const key = input.idempotency_key ?? null;
      const earlier = key === null ? null : await repo.findCardIdByIdempotencyKey(db, user.id, key);
      if (earlier !== null) return created(earlier);
      if (files.length === 0) throw imageRequired();
      checkNumberVisible(input.card_number);
      const checked = images.check(files, 'gallery');
      // Cheap refusals before anything is written; repeated under lock inside the transaction.
      await priceCard(db, input.giftcard_offer_id, input.price, { requireActive: true, lock: false });
      const hashes = await hashAll(checked);
      checkDeadline(signal);
      let id: number;
      try {
        id = await images.withSaved(checked, (names, saveIn) =>
          db.transaction(async (tx) => {
            await saveIn(tx);
            const rate = await priceCard(tx, input.giftcard_offer_id, input.price, { requireActive: true, lock: true });
            const cardId = await repo.insertCard(tx, user.id, {
              offerId: input.giftcard_offer_id,
              price: centsToDecimal(input.price),
              rate: centsToDecimal(rate),
              cardNumber: input.card_number ?? null,
              description: input.description ?? null,
              idempotencyKey: key,
            });
            await repo.insertImages(tx, cardId, names);
            await saveHashes(tx, cardId, names, hashes);
            await queueCardRead(tx, cardId);
            await recordAudit(tx, {
              actorId: user.id,
              action: 'create',
              entity: 'gift_card',
              entityId: cardId,
              details: { price: centsToNumber(input.price), rate: centsToNumber(rate), images: names.length },
            });
            checkDeadline(signal);
            return cardId;
          }),
        );
      } catch (err) {
        // The same submission arriving twice at once: the second one's insert met the first one's key.
        const first = key !== null && pgCode(err) === '23505' ? await repo.findCardIdByIdempotencyKey(db, user.id, key) : null;
        if (first === null) throw err;
        return created(first);
      }
      jobs.ring();
      return created(id);
    },

    /**
     * Sellers: own pending cards only, card_status and card_number ignored. Staff: every field incl. status.
     * A card with payments keeps its approved status, price and offer. New images are appended.
     */
    async update(
      user: AuthUser,
      id: number,
      input: CardInput,
      rawFields: Record<string, unknown>,
      files: UploadedFile[],
      version?: number,
    ) {
      if (!isSeller(user)) checkNumberVisible(input.card_number); // a seller's card_number is ignored on edit
      const checked = images.check(files, 'gallery');
      const hashes = await hashAll(checked);
      await images.withSaved(checked, (names, saveIn) =>
        db.transaction(async (tx) => {
          await saveIn(tx);
          const card = await repo.lockCardForWrite(tx, id);
          if (!card) throw notFound();
          assertMayEdit(user, card);
          checkVersion('card', card.version, version);
          if (card.status === CARD_STATUS.disputed) throw refusal(MSG.cardDisputed);
          const seller = isSeller(user);
          // A correction never changes what a reviewer is looking at: it waits until their lease ends (issue 53).
          if (seller && (await heldByOther(tx, id, user.id, LIMITS.review.claimMinutes.value)))
            throw new HttpError(409, { message: MSG.cardBeingReviewed, errorMsg: MSG.cardBeingReviewed });
          const plan = planCardEdit(card, input, rawFields, seller);
          const rate = plan.repriced
            ? await priceCard(tx, input.giftcard_offer_id, input.price, { requireActive: plan.offerChanged, lock: true })
            : card.rate;
          const { fields } = plan;
          const values: repo.CardValues = {
            ...fields,
            offerId: input.giftcard_offer_id,
            price: centsToDecimal(input.price),
            rate: centsToDecimal(rate),
          };
          const approving = plan.decided && fields.cardStatus === CARD_STATUS.approved;
          const override = approving ? await checkDuplicateApproval(tx, id, fields.cardNumber, input) : null;
          await repo.updateCard(tx, id, values, plan.decided, user.id);
          await repo.insertImages(tx, id, names);
          await saveHashes(tx, id, names, hashes);
          if (names.length) await queueCardRead(tx, id);
          const after = { offerId: input.giftcard_offer_id, price: input.price, rate };
          await recordAudit(tx, {
            actorId: user.id,
            action: 'update',
            entity: 'gift_card',
            entityId: id,
            details: editAuditDetails(card, after, fields, names.length),
          });
          if (plan.decided || (fields.cardStatus === CARD_STATUS.rejected && plan.reasonSent)) {
            await recordStatusChange(tx, user.id, id, {
              from: card.status,
              to: fields.cardStatus,
              reason: fields.rejectReason,
              note: fields.rejectNote,
              override,
              via: 'update',
              withdrawn: plan.withdrawn,
              reapproved: plan.approvesAgain,
            });
          }
        }),
      );
      if (checked.length) jobs.ring();
      return { msg: 'Gift card updated successfully' };
    },

    /** Sellers: own pending cards. Staff: any card without payments. Files go after the commit. */
    async remove(user: AuthUser, id: number, version?: number) {
      let files: string[];
      try {
        files = await db.transaction(async (tx) => {
          const card = await repo.lockCardForWrite(tx, id);
          if (!card) throw notFound();
          assertMayEdit(user, card);
          checkVersion('card', card.version, version);
          if (card.paid > 0) throw refusal(MSG.cardHasPayments);
          const owned = await repo.cardFiles(tx, id);
          await repo.deleteCard(tx, id);
          await recordAudit(tx, {
            actorId: user.id,
            action: 'delete',
            entity: 'gift_card',
            entityId: id,
            details: { sellerId: card.sellerId, price: centsToNumber(card.price), status: card.status },
          });
          return owned;
        });
      } catch (err) {
        // A payout row still pointing at the card.
        if (pgCode(err) === '23503') throw refusal(MSG.cardHasPayments);
        throw err;
      }
      await images.remove(files);
      return { msg: 'Gift card deleted successfully' };
    },

    /** Same permission as editing the card; the file goes after the commit. */
    async removeImage(user: AuthUser, imageId: number) {
      const name = await db.transaction(async (tx) => {
        const img = await repo.findImage(tx, imageId);
        if (!img) throw notFound();
        const card = await repo.findCard(tx, img.cardId, true);
        if (!card) throw notFound();
        assertMayEdit(user, card);
        await repo.deleteImage(tx, imageId);
        await queueCardRead(tx, card.id);
        await recordAudit(tx, { actorId: user.id, action: 'delete', entity: 'image', entityId: imageId, details: { giftCardId: card.id } });
        return img.image;
      });
      jobs.ring();
      await images.remove([name]);
      return { msg: 'Image deleted successfully' };
    },
  };
}
export type CardService = ReturnType<typeof createCardService>;

import type { Database, Tx } from '../../db/client';
import { CARD_STATUS } from '../../../shared/constants';
import { LIMITS } from '../../../shared/limits';
import { MSG } from '../../../shared/messages';
import { centsToDecimal } from '../../../shared/money';
import type { AppealListQuery } from '../../../shared/list-queries';
import type { AppealOutcome, Msg } from '../../../shared/types';
import type { UploadedFile } from '../../http/body';
import { forbidden, notFound, refusal } from '../../http/errors';
import { listResult, splitQuery } from '../../http/page';
import { listPage } from '../../db/lists/list-page';
import type { PlanLog } from '../../db/lists/types';
import { recordAudit } from '../audit/repository';
import type { AuthUser } from '../auth/service';
import * as cards from '../cards/repository';
import { recordStatusChange } from '../cards/decide';
import { imageRequired } from '../cards/rules';
import { hashAll, saveHashes } from '../cards/service';
import type { ImageStore } from '../images/store';
import type { ImageSigner } from '../images/signing';
import type { JobBell } from '../jobs/bell';
import { resolveIn } from '../ledger/disputes';
import { inTransaction } from '../ledger/retry';
import { queueCardRead } from '../ocr/repository';
import { appealList } from './list';
import { assertOpen, recourseOf, type RecourseWindows } from './recourse';
import * as repo from './repository';
import { queueTrustOfCard } from '../trust/repository';
import { appealOut, imageIdsOf } from './shape';

/** A rejected card Pending again, as it was otherwise (its reason and note cleared, as a staff member's set_pending does). */
async function backToPending(tx: Tx, card: cards.CardRecord, actorId: number): Promise<void> {
  await cards.updateCard(
    tx,
    card.id,
    {
      offerId: card.offerId,
      cardNumber: card.cardNumber,
      description: card.description,
      price: centsToDecimal(card.price),
      rate: centsToDecimal(card.rate),
      cardStatus: CARD_STATUS.pending,
      rejectReason: null,
      rejectNote: null,
    },
    true,
    actorId,
  );
}

/**
 * Issue 53: a seller's recourse against a decision on their card (resubmit a rejected card, appeal a rejection, contest
 * a clawback), once per decision and within its window; staff's appeals queue, decided by someone other than the
 * decision's maker.
 */
export function createAppealService(database: Database, images: ImageStore, signer: ImageSigner, jobs: JobBell, windows: RecourseWindows) {
  const { db } = database;

  /** Photos checked and stored with the card, then `work` in the same transaction with the locked card and the photos' ids. */
  async function withPhotos<T>(
    user: AuthUser,
    id: number,
    files: UploadedFile[],
    work: (tx: Tx, card: cards.CardRecord, imageIds: number[]) => Promise<T>,
  ): Promise<T> {
    const checked = images.check(files, 'gallery');
    const hashes = await hashAll(checked);
    const out = await images.withSaved(checked, (names, saveIn) =>
      db.transaction(async (tx) => {
        await saveIn(tx);
        const card = await cards.lockCardForWrite(tx, id);
        if (!card) throw notFound();
        if (card.sellerId !== user.id) throw forbidden();
        const run = async (ids: number[]) => {
          await saveHashes(tx, id, names, hashes);
          if (names.length) await queueCardRead(tx, id);
          return ids;
        };
        return work(tx, card, await run(await repo.insertCardImages(tx, id, names)));
      }),
    );
    if (checked.length) jobs.ring();
    return out;
  }

  const fileRecourse = async (tx: Tx, card: cards.CardRecord, kind: 'resubmit' | 'appeal', note: string | null, imageIds: number[]) => {
    const r = assertOpen(await recourseOf(tx, card, windows));
    if (kind === 'resubmit' && r.decision !== 'rejection') throw refusal(MSG.resubmitNeedsRejection, 409);
    const appealId = await repo.insertAppeal(tx, {
      cardId: card.id,
      sellerId: card.sellerId,
      decision: r.decision,
      decisionRow: r.row,
      kind,
      note,
      imageIds,
    });
    if (appealId === null) throw refusal(MSG.appealAlreadyMade, 409);
    return { r, appealId };
  };

  return {
    /** A rejected card again with new photos: Pending at once, the same card (its history shows both submissions). */
    async resubmit(user: AuthUser, id: number, input: { note?: string }, files: UploadedFile[]): Promise<Msg> {
      if (files.length === 0) throw imageRequired();
      await withPhotos(user, id, files, async (tx, card, imageIds) => {
        if (card.status !== CARD_STATUS.rejected) throw refusal(MSG.resubmitNeedsRejection, 409);
        const { r, appealId } = await fileRecourse(tx, card, 'resubmit', input.note ?? null, imageIds);
        await backToPending(tx, card, user.id);
        await recordAudit(tx, {
          actorId: user.id,
          action: 'resubmit',
          entity: 'gift_card',
          entityId: id,
          details: { from: card.status, to: CARD_STATUS.pending, appeal_id: appealId, decision_id: r.row.id, images: imageIds.length },
        });
      });
      return { msg: MSG.cardResubmitted };
    },

    /** An appeal of the card's rejection or a contest of its clawback, with a note and photos: into staff's queue. */
    async appeal(user: AuthUser, id: number, input: { note: string }, files: UploadedFile[]): Promise<Msg> {
      await withPhotos(user, id, files, async (tx, card, imageIds) => {
        const { r, appealId } = await fileRecourse(tx, card, 'appeal', input.note, imageIds);
        await recordAudit(tx, {
          actorId: user.id,
          action: 'appeal',
          entity: 'gift_card',
          entityId: id,
          details: { appeal_id: appealId, decision: r.decision, decision_id: r.row.id, images: imageIds.length, note: input.note },
        });
      });
      return { msg: MSG.appealFiled };
    },

    async list(user: AuthUser, q: AppealListQuery, log?: PlanLog) {
      const per = q.per_page ?? LIMITS.lists.appealsPerPage.value;
      const { filter, request } = splitQuery(q, per, log);
      const p = await listPage(db, appealList, filter, request);
      const rows = await repo.appealRowsByIds(db, p.ids);
      return listResult(
        rows.map((r) => appealOut(r, user.id)),
        q,
        per,
        p,
      );
    },

    async get(user: AuthUser, id: number) {
      const row = await repo.findAppeal(db, id);
      if (!row || row.kind !== 'appeal') throw notFound();
      const wanted = new Set(imageIdsOf(row));
      const photos = (await cards.listImages(db, row.gift_card_id)).filter((i) => wanted.has(Number(i.id)));
      return { data: { ...appealOut(row, user.id), images: photos.map((i) => ({ id: i.id, url: signer.url(i.image, user.id) })) } };
    },

    /** Upheld: nothing changes but the answer. Reversed: a rejected card is Pending again; a clawback is resolved. */
    async decide(user: AuthUser, id: number, input: { outcome: AppealOutcome; note: string }): Promise<Msg> {
      await inTransaction(db, async (tx) => {
        const a = await repo.findAppeal(tx, id, true);
        if (!a || a.kind !== 'appeal') throw notFound();
        if (a.outcome) throw refusal(MSG.appealAlreadyDecided, 409);
        if (a.decided_by !== null && Number(a.decided_by) === user.id) throw refusal(MSG.appealOwnDecision, 403);
        const cardId = Number(a.gift_card_id);
        if (input.outcome === 'reversed') {
          const card = await cards.lockCardForWrite(tx, cardId);
          if (!card) throw notFound();
          const r = await recourseOf(tx, card, windows);
          // Only the decision appealed is reversed: a card decided again since stays as it is.
          if (!r || r.row.id !== a.decision_id) throw refusal(MSG.appealDecisionChanged, 409);
          if (a.decision === 'clawback') await resolveIn(tx, user, cardId, { note: input.note });
          else {
            await backToPending(tx, card, user.id);
            await recordStatusChange(tx, user.id, cardId, { from: card.status, to: CARD_STATUS.pending, via: 'appeal' });
          }
        }
        await repo.setOutcome(tx, id, input.outcome, input.note, user.id);
        // An appeal upheld against the seller counts in their trust score (a reversal queued it above).
        if (input.outcome === 'upheld') await queueTrustOfCard(tx, cardId);
        await recordAudit(tx, {
          actorId: user.id,
          action: 'appeal_decided',
          entity: 'gift_card',
          entityId: cardId,
          details: { appeal_id: id, decision: a.decision, outcome: input.outcome, note: input.note },
        });
      });
      return { msg: input.outcome === 'reversed' ? MSG.appealDecidedReversed : MSG.appealDecidedUpheld };
    },
  };
}
export type AppealService = ReturnType<typeof createAppealService>;

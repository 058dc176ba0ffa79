import type { Database } from '../../db/client';
import { moneyOut } from '../../db/values';
import type { RejectReason } from '../../../shared/constants';
import { QA_MSG, type QaDecision, type QaReview, type QaReviewDetail, type QaTab } from '../../../shared/qa';
import { notFound, refusal } from '../../http/errors';
import { recordAudit } from '../audit/repository';
import type { AuthUser } from '../auth/service';
import { listImages } from '../cards/repository';
import type { ImageSigner } from '../images/signing';
import * as repo from './repository';

const LIST_LIMIT = 200;

function sampleOut(r: repo.QaRow): QaReview {
  const name = (v: string | null) => v ?? 'Deleted user';
  const open = r.status === 'open';
  return {
    id: Number(r.id),
    gift_card_id: Number(r.gift_card_id),
    status: r.status,
    sampled_at: r.sampled_at,
    first: open
      ? null
      : {
          decision: r.decision,
          reason: r.reject_reason as RejectReason | null,
          by: { id: Number(r.decided_by), name: name(r.decided_by_name) },
          at: r.sampled_at,
        },
    qa:
      r.qa_by === null || r.qa_decision === null
        ? null
        : {
            decision: r.qa_decision,
            reason: r.qa_reason as RejectReason | null,
            note: r.qa_note,
            by: { id: Number(r.qa_by), name: name(r.qa_by_name) },
            at: r.qa_at ?? '',
          },
    resolution:
      r.resolved_by === null || r.resolution === null
        ? null
        : {
            result: r.resolution,
            note: r.resolved_note ?? '',
            by: { id: Number(r.resolved_by), name: name(r.resolved_by_name) },
            at: r.resolved_at ?? '',
          },
  };
}

/** QA sampling (issue 54): the second, blind look at a share of decisions; disagreements resolved by an admin. */
export function createQaService(database: Database, signer: ImageSigner) {
  const { db } = database;
  return {
    async policy() {
      return { data: (await repo.policy(db)).map((p) => ({ decision: p.decision, percent: Number(p.percent) })) };
    },

    async setPolicy(actor: AuthUser, input: { decision: QaDecision; percent: number }) {
      await db.transaction(async (tx) => {
        const before = await repo.setPolicy(tx, input.decision, input.percent, actor.id);
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'update',
          entity: 'qa_review',
          entityId: null,
          details: { policy: input.decision, before, after: input.percent },
        });
      });
      return { msg: QA_MSG.policySaved };
    },

    async list(viewer: AuthUser, tab: QaTab) {
      return { data: (await repo.listSamples(db, tab, viewer.id, LIST_LIMIT)).map(sampleOut) };
    },

    async get(viewer: AuthUser, id: number): Promise<{ data: QaReviewDetail }> {
      const row = await repo.findSample(db, id);
      if (!row) throw notFound();
      const card = await repo.cardForSecondLook(db, row.gift_card_id);
      if (!card) throw notFound();
      const images = await listImages(db, row.gift_card_id);
      return {
        data: {
          ...sampleOut(row),
          card: {
            offer: card.offer,
            price: moneyOut(card.price),
            card_number: card.card_number,
            description: card.description,
            images: images.map((i) => ({ id: i.id, url: signer.url(i.image, viewer.id) })),
          },
        },
      };
    },

    /** The second look: blind, by someone else than the first decider, once. */
    async decide(actor: AuthUser, id: number, look: { decision: QaDecision; reason?: RejectReason; note?: string }) {
      const data = await db.transaction(async (tx) => {
        const row = await repo.findSample(tx, id, true);
        if (!row) throw notFound();
        if (Number(row.decided_by) === actor.id) throw refusal(QA_MSG.ownDecision, 403);
        if (row.status !== 'open') throw refusal(QA_MSG.notOpen, 409);
        const reason = look.decision === 'reject' ? (look.reason ?? null) : null;
        const agrees = look.decision === row.decision && (look.decision === 'approve' || reason === row.reject_reason);
        await repo.recordSecondLook(tx, id, actor.id, { decision: look.decision, reason, note: look.note ?? null, agrees });
        await recordAudit(tx, {
          actorId: actor.id,
          action: agrees ? 'qa_agreed' : 'qa_disagreed',
          entity: 'gift_card',
          entityId: Number(row.gift_card_id),
          details: { sample: id, decision: look.decision, reason, first: row.decision, first_reason: row.reject_reason },
        });
        return sampleOut((await repo.findSample(tx, id))!);
      });
      return { msg: data.status === 'agreed' ? QA_MSG.agreed : QA_MSG.disagreed, data };
    },

    async resolve(admin: AuthUser, id: number, input: { resolution: 'first' | 'qa'; note: string }) {
      await db.transaction(async (tx) => {
        const row = await repo.findSample(tx, id, true);
        if (!row) throw notFound();
        if (row.status !== 'disagreed') throw refusal(QA_MSG.notDisagreed, 409);
        await repo.recordResolution(tx, id, admin.id, input.resolution, input.note);
        await recordAudit(tx, {
          actorId: admin.id,
          action: 'qa_resolved',
          entity: 'gift_card',
          entityId: Number(row.gift_card_id),
          details: { sample: id, resolution: input.resolution, note: input.note, first: row.decision },
        });
      });
      return { msg: QA_MSG.resolved };
    },
  };
}
export type QaService = ReturnType<typeof createQaService>;

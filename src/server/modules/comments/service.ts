import type { Database } from '../../db/client';
import { PAGE_SIZE } from '../../../shared/constants';
import { forbidden, invalidFields, notFound, pgCode } from '../../http/errors';
import type { UploadedFile } from '../../http/body';
import { pageOffset, pageResult } from '../../http/page';
import { listPage } from '../../db/lists/list-page';
import type { PlanLog } from '../../db/lists/types';
import { commentList } from './list';
import { recordAudit } from '../audit/repository';
import type { AuthUser } from '../auth/service';
import type { ImageStore } from '../images/store';
import { findCard } from '../cards/repository';
import { isSeller } from '../cards/rules';
import * as repo from './repository';
import type { ImageSigner } from '../images/signing';
import { commentOut, type CommentRow } from './shape';

const STAFF_AUTHOR = 'Staff';

/** Staff comment on any card; a seller on their own cards, and deletes only their own comments. */
export function createCommentService(database: Database, images: ImageStore, signer: ImageSigner) {
  const { db } = database;

  /** The card is there (whose it is, the access policy's 'own-card' rule checked before the handler). */
  async function assertCardExists(cardId: number) {
    if (!(await findCard(db, cardId))) throw notFound();
  }

  return {
    async list(user: AuthUser, cardId: number, page: number, log?: PlanLog) {
      await assertCardExists(cardId);
      const per = PAGE_SIZE.comments;
      const read = repo.commentsOfPage(db);
      const p = await listPage(db, commentList, { card: cardId }, { limit: per, offset: pageOffset(page, per), read, log });
      const rows = p.rows as unknown as CommentRow[];
      // A seller sees their own name on their comments and "Staff", without an id, on staff's (staff stay with staff).
      const seen =
        user.role === 'seller' ? rows.map((c) => (c.userId === user.id ? c : { ...c, userId: null, userName: STAFF_AUTHOR })) : rows;
      const signed = seen.map((c) => commentOut(c, c.image ? signer.url(c.image, user.id) : null));
      return { data: pageResult(signed, page, per, p.count.total) };
    },

    async add(user: AuthUser, cardId: number, comment: string, files: UploadedFile[]) {
      if (files.length > 1) throw invalidFields({ comment_image: ['The comment image field takes one image.'] });
      await assertCardExists(cardId);
      const checked = images.check(files, 'comment_image');
      try {
        await images.withSaved(checked, (names, saveIn) =>
          db.transaction(async (tx) => {
            await saveIn(tx);
            const id = await repo.insertComment(tx, { giftCardId: cardId, userId: user.id, comment, image: names[0] ?? null });
            await recordAudit(tx, { actorId: user.id, action: 'create', entity: 'comment', entityId: id, details: { giftCardId: cardId } });
          }),
        );
      } catch (err) {
        // The card was deleted in the meantime.
        if (pgCode(err) === '23503') throw notFound();
        throw err;
      }
      return { msg: 'Comment added successfully' };
    },

    async remove(user: AuthUser, commentId: number) {
      const image = await db.transaction(async (tx) => {
        const found = await repo.findComment(tx, commentId);
        if (!found) throw notFound();
        const card = await findCard(tx, found.cardId);
        if (!card) throw notFound();
        if (isSeller(user) && found.userId !== user.id) throw forbidden();
        await repo.deleteComment(tx, commentId);
        await recordAudit(tx, {
          actorId: user.id,
          action: 'delete',
          entity: 'comment',
          entityId: commentId,
          details: { giftCardId: found.cardId },
        });
        return found.image;
      });
      await images.remove([image]);
      return { msg: 'Comment deleted successfully' };
    },
  };
}
export type CommentService = ReturnType<typeof createCommentService>;

import { eq, sql, type SQL } from 'drizzle-orm';
import { comments } from '../../db/schema';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { CommentRow } from './shape';

/** A page of a card's comments (list.ts) in the page's order, each with its author's id and name (db/lists `read`). */
export const commentsOfPage = (tx: Tx) => (page: SQL) =>
  rowsOf<CommentRow & { n: number; k: string | null }>(
    tx,
    sql`SELECT c.id, c.gift_card_id AS "giftCardId", c.comment, c.image, c.user_id AS "userId", c.created_at AS "createdAt",
               u.name AS "userName", pa.n, pr.k
          FROM ${page} LEFT JOIN gift_card_comments c ON c.id = pr.id LEFT JOIN users u ON u.id = c.user_id
         ORDER BY pr.o`,
  );

export async function insertComment(
  tx: Tx,
  v: { giftCardId: number; userId: number; comment: string; image: string | null },
): Promise<number> {
  const rows = await tx.insert(comments).values(v).returning({ id: comments.id });
  return rows[0].id;
}

export async function findComment(
  tx: Tx,
  id: number,
): Promise<{ id: number; cardId: number; userId: number; image: string | null } | null> {
  const rows = await tx
    .select({ id: comments.id, cardId: comments.giftCardId, userId: comments.userId, image: comments.image })
    .from(comments)
    .where(eq(comments.id, id));
  return rows[0] ?? null;
}

export async function deleteComment(tx: Tx, id: number): Promise<void> {
  await tx.delete(comments).where(eq(comments.id, id));
}

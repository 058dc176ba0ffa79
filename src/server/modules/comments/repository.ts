import { count, desc, eq } from 'drizzle-orm';
import { comments, users } from '../../db/schema';
import type { Tx } from '../../db/client';
import type { CommentRow } from './shape';

/** A card's comments newest first, each with its author's id and name. */
export async function listComments(tx: Tx, cardId: number, limit: number, offset: number): Promise<CommentRow[]> {
  return tx
    .select({
      id: comments.id,
      giftCardId: comments.giftCardId,
      comment: comments.comment,
      image: comments.image,
      userId: comments.userId,
      createdAt: comments.createdAt,
      userName: users.name,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(eq(comments.giftCardId, cardId))
    .orderBy(desc(comments.id))
    .limit(limit)
    .offset(offset) as Promise<CommentRow[]>;
}

export async function countComments(tx: Tx, cardId: number): Promise<number> {
  const rows = await tx.select({ n: count() }).from(comments).where(eq(comments.giftCardId, cardId));
  return Number(rows[0]?.n ?? 0);
}

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

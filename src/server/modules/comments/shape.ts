import { isoOrNull } from '../../db/values';
import type { Comment } from '../../../shared/types';

/** A comment as the repository reads it, with its author's name. */
export interface CommentRow {
  id: number;
  giftCardId: number;
  comment: string;
  image: string | null;
  /** Null: a staff member's, as a seller sees it. */
  userId: number | null;
  createdAt: string;
  userName: string;
}

/** The API shape of a comment; `imageUrl` is the signed address of its image (null without one). */
export const commentOut = (r: CommentRow, imageUrl: string | null): Comment => ({
  id: r.id,
  gift_card_id: r.giftCardId,
  comment: r.comment,
  image: r.image,
  image_url: imageUrl,
  user_id: r.userId,
  created_at: isoOrNull(r.createdAt) ?? '',
  comment_user: { id: r.userId, name: r.userName },
});

import { sql } from 'drizzle-orm';
import type { ListDef } from '../../db/lists/types';

/** One card's comments (`card`), newest first. */
export type CommentFilter = { card: number };

export const commentList: ListDef<CommentFilter> = {
  from: sql`gift_card_comments c`,
  id: sql`c.id`,
  filters: { card: (v) => sql`c.gift_card_id = ${v}` },
  sorts: { created_at: { key: sql`c.id`, type: 'int' } },
  defaultSort: '-created_at',
  // Exact: one card's comments are few, counted in the card's index range.
  counter: (f) => sql`(SELECT count(*) FROM gift_card_comments WHERE gift_card_id = ${f.card})`,
};

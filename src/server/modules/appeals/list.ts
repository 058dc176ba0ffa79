import { sql } from 'drizzle-orm';
import type { ListDef } from '../../db/lists/types';
import type { AppealListQuery } from '../../../shared/list-queries';

/** Staff's appeals queue (resubmissions are not appeals: they go straight back to the review queue). */
export type AppealFilter = Omit<AppealListQuery, 'page' | 'per_page' | 'cursor'>;
const id = sql`ap.id`;

export const appealList: ListDef<AppealFilter> = {
  from: sql`card_appeals ap`,
  id,
  base: sql`ap.kind = 'appeal'`,
  filters: {
    state: (v) => (v === 'open' ? sql`ap.outcome IS NULL` : sql`ap.outcome IS NOT NULL`),
    decision: (v) => sql`ap.decision = ${v}`,
  },
  // Ids follow the order appeals were made in: the queue is oldest first.
  sorts: { created_at: { key: id, type: 'int' } },
  defaultSort: 'created_at',
};

import type { Database } from '../../db/client';
import { isStaff } from '../../../shared/constants';
import type { DashboardFigures } from '../../../shared/types';
import { centsOf, isoOrNull, moneyOut } from '../../db/values';
import { holdFigures, marketplaceHold, sellerHold } from '../holds/repository';
import type { AuthUser } from '../auth/service';
import { readFigures } from './repository';
import { backlog } from '../jobs/repository';
import { CARD_READ_JOB } from '../ocr/repository';
import { IMAGE_SHAPES_JOB } from '../images/shape-repository';
import { openAppealCounts } from '../appeals/repository';

/** The jobs the dashboard counts as photos to read (not, say, seller trust recomputes). */
const PHOTO_JOBS = [CARD_READ_JOB, IMAGE_SHAPES_JOB];

export function createDashboardService(database: Database) {
  return {
    /** Staff see the whole marketplace; a seller sees their own cards, due and payouts. */
    async figures(actor: AuthUser): Promise<DashboardFigures> {
      const staff = isStaff(actor.role);
      const [r, jobs, hold, appeals] = await Promise.all([
        readFigures(database.db, staff ? null : actor.id),
        staff ? backlog(database.db, PHOTO_JOBS) : null,
        staff ? marketplaceHold(database.db) : sellerHold(database.db, actor.id),
        staff ? openAppealCounts(database.db) : null,
      ]);
      return {
        scope: staff ? 'all' : 'own',
        pending: Number(r.pending),
        oldest_pending_at: isoOrNull(r.oldest_pending_at),
        overdue: Number(r.overdue),
        due: moneyOut(r.due),
        paid_this_month: moneyOut(r.paid_this_month),
        clawed_back_this_month: moneyOut(r.clawed_back_this_month),
        approved_this_month: Number(r.approved_this_month),
        rejected_this_month: Number(r.rejected_this_month),
        ...(jobs === null ? {} : { jobs_backlog: jobs }),
        ...(appeals === null ? {} : { appeals_open: appeals.open, appeals_overdue: appeals.overdue }),
        ...holdFigures(centsOf(r.due), hold),
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;

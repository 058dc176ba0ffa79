import type { Database } from '../../db/client';
import { PAGE_SIZE } from '../../../shared/constants';
import type { Page, SellerDue, SellerRow } from '../../../shared/types';
import { listResult, splitQuery } from '../../http/page';
import { listPage } from '../../db/lists/list-page';
import type { PlanLog } from '../../db/lists/types';
import type { SellerListQuery } from '../../../shared/list-queries';
import { sellerList } from '../users/list';
import type { AuthUser } from '../auth/service';
import * as repo from './repository';
import { sellerOut } from './shape';
import { holdFigures, NO_HOLD, sellerHold, sellerHolds } from '../holds/repository';
import { centsToNumber } from '../../../shared/money';

export function createSellerService(database: Database) {
  const { db } = database;
  return {
    async list(q: SellerListQuery, log?: PlanLog): Promise<Page<SellerRow>> {
      const per = q.per_page ?? PAGE_SIZE.sellers;
      const { filter, request } = splitQuery(q, per, log);
      const p = await listPage(db, sellerList, filter, request);
      const [rows, holds] = await Promise.all([repo.sellersByIds(db, p.ids), sellerHolds(db, p.ids)]);
      return listResult(
        rows.map((r) => sellerOut(r, holds.get(r.id) ?? NO_HOLD)),
        q,
        per,
        p,
      );
    },
    async due(actor: AuthUser): Promise<SellerDue> {
      return db.transaction(async (tx) => {
        const due = await repo.sellerDueCents(tx, actor.id);
        return { due: centsToNumber(due), ...holdFigures(due, await sellerHold(tx, actor.id)) };
      });
    },
  };
}
export type SellerService = ReturnType<typeof createSellerService>;

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

export function createSellerService(database: Database) {
  const { db } = database;
  return {
    async list(q: SellerListQuery, log?: PlanLog): Promise<Page<SellerRow>> {
      const per = q.per_page ?? PAGE_SIZE.sellers;
      const { filter, request } = splitQuery(q, per, log);
      const p = await listPage(db, sellerList, filter, request);
      return listResult((await repo.sellersByIds(db, p.ids)).map(sellerOut), q, per, p);
    },
    async due(actor: AuthUser): Promise<SellerDue> {
      return { due: await repo.sellerDue(db, actor.id) };
    },
  };
}
export type SellerService = ReturnType<typeof createSellerService>;

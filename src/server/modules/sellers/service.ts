import type { Database } from '../../db/client';
import { PAGE_SIZE } from '../../../shared/constants';
import type { Page, SellerDue, SellerRow } from '../../../shared/types';
import { sql } from 'drizzle-orm';
import { cappedPage, pageOffset, pageResult } from '../../http/page';
import { boundedCount } from '../../db/list-sql';
import { isPlainPage, type SellerListQuery } from '../../../shared/list-queries';
import { sellerOrder, sellerWhere } from './list-sql';
import { readCounter } from '../../db/values';
import type { AuthUser } from '../auth/service';
import * as repo from './repository';
import { sellerOut } from './shape';

export function createSellerService(database: Database) {
  const { db } = database;
  return {
    async list(q: SellerListQuery): Promise<Page<SellerRow>> {
      const per = q.per_page ?? PAGE_SIZE.sellers;
      if (isPlainPage(q)) {
        const [rows, total] = await Promise.all([repo.listSellers(db, per, pageOffset(q.page, per)), readCounter(db, 'sellers')]);
        return pageResult(rows.map(sellerOut), q.page, per, total);
      }
      const where = sellerWhere(q);
      const [rows, count] = await Promise.all([
        repo.listSellersFiltered(db, where, sellerOrder(q.sort), per, pageOffset(q.page, per)),
        q.q === undefined && q.has_due === undefined
          ? readCounter(db, 'sellers').then((total) => ({ total, capped: false }))
          : boundedCount(db, sql`users u`, where),
      ]);
      return cappedPage(rows.map(sellerOut), q.page, per, count);
    },
    async due(actor: AuthUser): Promise<SellerDue> {
      return { due: await repo.sellerDue(db, actor.id) };
    },
  };
}
export type SellerService = ReturnType<typeof createSellerService>;

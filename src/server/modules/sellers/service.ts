import type { Database } from '../../db/client';
import { PAGE_SIZE } from '../../../shared/constants';
import type { Page, SellerDue, SellerRow } from '../../../shared/types';
import { pageOffset, pageResult } from '../../http/page';
import { readCounter } from '../../db/values';
import type { AuthUser } from '../auth/service';
import * as repo from './repository';

export function createSellerService(database: Database) {
  const { db } = database;
  return {
    async list(page: number): Promise<Page<SellerRow>> {
      const per = PAGE_SIZE.sellers;
      const [rows, total] = await Promise.all([repo.listSellers(db, per, pageOffset(page, per)), readCounter(db, 'sellers')]);
      return pageResult(rows, page, per, total);
    },
    async due(actor: AuthUser): Promise<SellerDue> {
      return { due: await repo.sellerDue(db, actor.id) };
    },
  };
}
export type SellerService = ReturnType<typeof createSellerService>;

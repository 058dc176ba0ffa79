import type { Database } from '../../db/client';
import type { AuthUser } from '../auth/service';
import type { CardFilter } from '../cards/list';
import type { TransactionFilter } from '../ledger/list';
import type { SellerFilter, UserFilter } from '../users/list';
import type { OfferFilter } from '../offers/list';
import type { AuditFilter } from '../audit/list';
import type { AuditRow } from '../audit/repository';
import type { CsvColumn } from './csv';
import { auditColumns, cardColumns, offerColumns, sellerColumns, transactionColumns, userColumns } from './lists';
import * as repo from './repository';

/** One export: the file's name, its columns and its rows, read batch by batch as the reply streams. */
export interface CsvExport<R> {
  fileName: string;
  columns: CsvColumn<R>[];
  rows: AsyncIterable<R>;
}
const file = (name: string) => `${name}-${new Date().toISOString().slice(0, 10)}.csv`;

/** CSV exports of every list, with the list's own filters and search (issue 15); a seller's are their own rows. */
export function createExportService(database: Database) {
  const { db } = database;
  return {
    cards: (f: CardFilter): CsvExport<repo.CardExportRow> => ({
      fileName: file('gift-cards'),
      columns: cardColumns(true),
      rows: repo.cardExportRows(db, f),
    }),
    myCards: (user: AuthUser, f: CardFilter): CsvExport<repo.CardExportRow> => ({
      fileName: file('my-gift-cards'),
      columns: cardColumns(false),
      rows: repo.cardExportRows(db, { ...f, own: user.id }),
    }),
    transactions: (f: TransactionFilter): CsvExport<repo.TransactionExportRow> => ({
      fileName: file('transactions'),
      columns: transactionColumns,
      rows: repo.transactionExportRows(db, f),
    }),
    myTransactions: (user: AuthUser, f: TransactionFilter): CsvExport<repo.TransactionExportRow> => ({
      fileName: file('my-transactions'),
      columns: transactionColumns,
      rows: repo.transactionExportRows(db, { ...f, own: user.id }),
    }),
    sellers: (f: SellerFilter): CsvExport<repo.SellerExportRow> => ({
      fileName: file('sellers'),
      columns: sellerColumns,
      rows: repo.sellerExportRows(db, f),
    }),
    users: (f: UserFilter): CsvExport<repo.PersonExportRow> => ({
      fileName: file('users'),
      columns: userColumns,
      rows: repo.userExportRows(db, f),
    }),
    offers: (f: OfferFilter): CsvExport<repo.OfferExportRow> => ({
      fileName: file('offers'),
      columns: offerColumns,
      rows: repo.offerExportRows(db, f),
    }),
    auditLog: (f: AuditFilter): CsvExport<AuditRow> => ({
      fileName: file('audit-log'),
      columns: auditColumns,
      rows: repo.auditExportRows(db, f),
    }),
  };
}
export type ExportService = ReturnType<typeof createExportService>;

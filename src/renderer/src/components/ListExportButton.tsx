import { useSearchParams } from 'react-router-dom';
import type { ArgsOf } from '../../../shared/endpoints';
import { ExportButton } from './ExportButton';

export type ListExportOp =
  | 'exportCards'
  | 'exportMyCards'
  | 'exportTransactions'
  | 'exportMyTransactions'
  | 'exportSellers'
  | 'exportUsers'
  | 'exportOffers'
  | 'exportAuditLog';

/** Export CSV of a list with the filters and search it shows (they live in the URL); every matching row, not one page. */
export function ListExportButton({ op, fileBase }: { op: ListExportOp; fileBase: string }) {
  const [params] = useSearchParams();
  const query = Object.fromEntries([...params].filter(([k]) => k !== 'page' && k !== 'per_page' && k !== 'cursor'));
  return (
    <ExportButton op={op} args={{ query } as ArgsOf<ListExportOp>} fileName={`${fileBase}-${new Date().toISOString().slice(0, 10)}.csv`} />
  );
}

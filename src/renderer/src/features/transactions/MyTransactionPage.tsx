import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import { PAGE_SIZE, PAGINATION_THRESHOLD } from '../../../../shared/constants';
import { MSG } from '../../../../shared/messages';
import type { Transaction } from '../../../../shared/types';
import { useApiMutation } from '../../api/query';
import { Money } from '../../components/Money';
import { useNotify } from '../../components/notify';
import { PageHeader } from '../../components/PageHeader';
import { ListTable } from '../../components/ListTable';
import { useListQuery } from '../../components/useListQuery';
import { formatDate } from '../../components/format';

/** The seller's payouts: Code, amount and a Redeem switch (flips is_redeem, then the list reloads). */
export default function MyTransactionPage() {
  const list = useListQuery<Transaction>('myTransactions', PAGE_SIZE.transactions, 'Could not load your transactions');
  const redeem = useApiMutation('updateTransaction');
  const notify = useNotify();

  const toggle = (t: Transaction) =>
    redeem.mutateAsync({ id: t.id, body: {} }).then(
      () => notify.success(MSG.redeemUpdated),
      () => notify.error(MSG.serverError),
    );

  return (
    <>
      <PageHeader title="My Transaction" />
      <ListTable
        label="My transactions"
        columns={[{ label: 'Code' }, { label: 'Amount', align: 'right' }, { label: 'Date' }, { label: 'Redeem' }]}
        list={list}
        emptyText="No transactions yet"
        threshold={PAGINATION_THRESHOLD.transactions}
        cells={(t) => (
          <>
            <TableCell>{t.code}</TableCell>
            <TableCell align="right">
              <Money value={t.transaction_amount} />
            </TableCell>
            <TableCell>{formatDate(t.created_at)}</TableCell>
            <TableCell>
              <Switch checked={t.is_redeem === 1} onChange={() => toggle(t)} slotProps={{ input: { 'aria-label': `Redeem ${t.code}` } }} />
            </TableCell>
          </>
        )}
      />
    </>
  );
}

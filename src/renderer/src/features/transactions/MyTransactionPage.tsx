import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { PAGE_SIZE, PAGINATION_THRESHOLD } from '../../../../shared/constants';
import { MSG } from '../../../../shared/messages';
import type { Transaction } from '../../../../shared/types';
import { isOk, useApi } from '../../app/api';
import { TableStatusRow } from '../../components/DataTable';
import { Money } from '../../components/Money';
import { useNotify } from '../../components/notify';
import { PageHeader } from '../../components/PageHeader';
import { Pagination } from '../../components/Pagination';
import { usePagedList } from '../../components/usePagedList';
import { formatDate } from './TransactionListPage';

/** The seller's payouts: Code, amount and a Redeem switch (flips is_redeem, then the list reloads). */
export default function MyTransactionPage() {
  const list = usePagedList<Transaction>('myTransactions', PAGE_SIZE.transactions, 'Could not load your transactions');
  const { call } = useApi();
  const notify = useNotify();

  const toggle = async (t: Transaction) => {
    const r = await call('updateTransaction', { id: t.id, body: {} });
    if (isOk(r)) notify.success(MSG.redeemUpdated);
    else notify.error(MSG.serverError);
    await list.reload();
  };

  return (
    <>
      <PageHeader title="My Transaction" />
      <TableContainer component={Paper}>
        <Table aria-label="My transactions" aria-busy={list.loading}>
          <TableHead>
            <TableRow>
              <TableCell>Code</TableCell>
              <TableCell align="right">Amount</TableCell>
              <TableCell>Date</TableCell>
              <TableCell>Redeem</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <TableStatusRow
              colSpan={4}
              loading={list.loading}
              error={list.error}
              empty={list.rows.length === 0}
              emptyText="No transactions yet"
              onRetry={list.reload}
            />
            {!list.error &&
              list.rows.map((t) => (
                <TableRow key={t.id} hover>
                  <TableCell>{t.code}</TableCell>
                  <TableCell align="right">
                    <Money value={t.transaction_amount} />
                  </TableCell>
                  <TableCell>{formatDate(t.created_at)}</TableCell>
                  <TableCell>
                    <Switch
                      checked={t.is_redeem === 1}
                      onChange={() => toggle(t)}
                      slotProps={{ input: { 'aria-label': `Redeem ${t.code}` } }}
                    />
                  </TableCell>
                </TableRow>
              ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Pagination
        total={list.total}
        perPage={list.perPage}
        page={list.page}
        threshold={PAGINATION_THRESHOLD.transactions}
        onChange={list.setPage}
      />
    </>
  );
}

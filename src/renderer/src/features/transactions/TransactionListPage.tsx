import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import EditIcon from '@mui/icons-material/Edit';
import { PAGE_SIZE, PAGINATION_THRESHOLD } from '../../../../shared/constants';
import type { Transaction } from '../../../../shared/types';
import { TableStatusRow } from '../../components/DataTable';
import { Money } from '../../components/Money';
import { PageHeader } from '../../components/PageHeader';
import { Pagination } from '../../components/Pagination';
import { usePagedList } from '../../components/usePagedList';

export const formatDate = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleDateString();
};

export default function TransactionListPage() {
  const list = usePagedList<Transaction>('listTransactions', PAGE_SIZE.transactions, 'Could not load the transactions');
  const navigate = useNavigate();

  return (
    <>
      <PageHeader
        title="Transactions"
        actions={
          <Button variant="contained" component={RouterLink} to="/create-transaction">
            Create Transaction
          </Button>
        }
      />
      <TableContainer component={Paper}>
        <Table aria-label="Transactions" aria-busy={list.loading}>
          <TableHead>
            <TableRow>
              <TableCell>Seller</TableCell>
              <TableCell>Code</TableCell>
              <TableCell align="right">Transactions Amount</TableCell>
              <TableCell>Is Redeem</TableCell>
              <TableCell>Date</TableCell>
              <TableCell align="right">Action</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <TableStatusRow
              colSpan={6}
              loading={list.loading}
              error={list.error}
              empty={list.rows.length === 0}
              emptyText="No transactions yet"
              onRetry={list.reload}
            />
            {!list.error &&
              list.rows.map((t) => (
                <TableRow key={t.id} hover>
                  <TableCell>{t.seller?.name}</TableCell>
                  <TableCell>{t.code}</TableCell>
                  <TableCell align="right">
                    <Money value={t.transaction_amount} />
                  </TableCell>
                  <TableCell>
                    <Chip size="small" label={t.is_redeem === 1 ? 'Yes' : 'No'} color={t.is_redeem === 1 ? 'success' : 'default'} />
                  </TableCell>
                  <TableCell>{formatDate(t.created_at)}</TableCell>
                  <TableCell align="right">
                    <IconButton aria-label={`Edit transaction ${t.code}`} onClick={() => navigate(`/edit-transaction/${t.id}`)}>
                      <EditIcon />
                    </IconButton>
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

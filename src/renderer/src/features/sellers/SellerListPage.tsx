import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { PAGE_SIZE, PAGINATION_THRESHOLD } from '../../../../shared/constants';
import type { SellerRow } from '../../../../shared/types';
import { TableStatusRow } from '../../components/DataTable';
import { Money } from '../../components/Money';
import { PageHeader } from '../../components/PageHeader';
import { Pagination } from '../../components/Pagination';
import { usePagedList } from '../../components/usePagedList';
import { BulkPaymentDialog } from './BulkPaymentDialog';

export default function SellerListPage() {
  const list = usePagedList<SellerRow>('sellerList', PAGE_SIZE.sellers, 'Could not load the sellers');
  const [paying, setPaying] = useState<SellerRow | null>(null);

  return (
    <>
      <PageHeader
        title="Seller Lists"
        actions={
          <Button variant="contained" component={RouterLink} to="/create/user?role=seller">
            Add Seller
          </Button>
        }
      />
      <TableContainer component={Paper}>
        <Table aria-label="Sellers" aria-busy={list.loading}>
          <TableHead>
            <TableRow>
              <TableCell>Seller name</TableCell>
              <TableCell>Seller Email</TableCell>
              <TableCell align="right">Due</TableCell>
              <TableCell align="right">Action</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <TableStatusRow
              colSpan={4}
              loading={list.loading}
              error={list.error}
              empty={list.rows.length === 0}
              emptyText="No sellers yet"
              onRetry={list.reload}
            />
            {!list.error &&
              list.rows.map((s) => (
                <TableRow key={s.id} hover>
                  <TableCell>{s.name}</TableCell>
                  <TableCell>{s.email}</TableCell>
                  <TableCell align="right">
                    <Money value={s.seller_due} />
                  </TableCell>
                  <TableCell align="right">
                    {s.seller_due > 0 && (
                      <Button size="small" variant="outlined" onClick={() => setPaying(s)} aria-label={`Bulk Payment for ${s.name}`}>
                        Bulk Payment
                      </Button>
                    )}
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
        threshold={PAGINATION_THRESHOLD.sellers}
        onChange={list.setPage}
      />
      <BulkPaymentDialog
        seller={paying}
        onClose={() => setPaying(null)}
        onPaid={() => {
          setPaying(null);
          void list.reload();
        }}
      />
    </>
  );
}

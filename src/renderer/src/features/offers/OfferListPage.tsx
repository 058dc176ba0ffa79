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
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { PAGE_SIZE, PAGINATION_THRESHOLD } from '../../../../shared/constants';
import { MSG } from '../../../../shared/messages';
import type { Offer } from '../../../../shared/types';
import { TableStatusRow } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { Pagination } from '../../components/Pagination';
import { usePagedList } from '../../components/usePagedList';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';

/** Rate column: a percentage shows "12.5%", a fixed rate shows "Fixed". */
export const rateLabel = (o: Pick<Offer, 'rate_type' | 'rate'>) => (o.rate_type === 0 ? `${o.rate}%` : 'Fixed');

export default function OfferListPage() {
  const list = usePagedList<Offer>('listOffers', PAGE_SIZE.offers, 'Could not load the offers');
  const confirmedDelete = useConfirmedDelete();
  const navigate = useNavigate();

  const remove = async (o: Offer) => {
    if (await confirmedDelete('deleteOffer', o.id, MSG.deleteSuccess)) await list.reload();
  };

  return (
    <>
      <PageHeader
        title="Gift Card Offers"
        actions={
          <Button variant="contained" component={RouterLink} to="/add-gift-card-offer">
            Add Gift Card Offer
          </Button>
        }
      />
      <TableContainer component={Paper}>
        <Table aria-label="Gift card offers" aria-busy={list.loading}>
          <TableHead>
            <TableRow>
              <TableCell>Card Name</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Rate</TableCell>
              <TableCell align="right">Action</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <TableStatusRow
              colSpan={4}
              loading={list.loading}
              error={list.error}
              empty={list.rows.length === 0}
              emptyText="No offers yet"
              onRetry={list.reload}
            />
            {!list.error &&
              list.rows.map((o) => (
                <TableRow key={o.id} hover>
                  <TableCell>{o.title}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      label={o.is_active === 1 ? 'Active' : 'Maintenance'}
                      color={o.is_active === 1 ? 'success' : 'warning'}
                    />
                  </TableCell>
                  <TableCell>{rateLabel(o)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <IconButton aria-label={`Edit ${o.title}`} onClick={() => navigate(`/edit-gift-card-offer/${o.id}`)}>
                      <EditIcon />
                    </IconButton>
                    <IconButton aria-label={`Delete ${o.title}`} color="error" onClick={() => remove(o)}>
                      <DeleteIcon />
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
        threshold={PAGINATION_THRESHOLD.offers}
        onChange={list.setPage}
      />
    </>
  );
}

import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import PaymentsIcon from '@mui/icons-material/Payments';
import SearchIcon from '@mui/icons-material/Search';
import { CARD_STATUS, PAGE_SIZE, PAGINATION_THRESHOLD } from '../../../../shared/constants';
import { formatMoney } from '../../../../shared/money';
import type { GiftCard } from '../../../../shared/types';
import { useSession } from '../../app/session';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { TableStatusRow } from '../../components/DataTable';
import PageHeader from '../../components/PageHeader';
import Pagination from '../../components/Pagination';
import StatusBadge from '../../components/StatusBadge';
import { usePagedList } from '../../components/usePagedList';
import CardSearchDialog from './CardSearchDialog';
import PayDialog from './PayDialog';

const cardName = (c: GiftCard) => `card ${c.card_number || `#${c.id}`}`;

/** Gift Cards: all cards for staff, the seller's own for sellers. */
export default function GiftCardListPage() {
  const { isStaff, isSeller, refreshDue } = useSession();
  const confirmedDelete = useConfirmedDelete();
  const list = usePagedList<GiftCard>(isStaff ? 'listCards' : 'myCards', PAGE_SIZE.cards, 'Could not load the gift cards');
  const [searchOpen, setSearchOpen] = useState(false);
  const [paying, setPaying] = useState<GiftCard | null>(null);

  const remove = async (card: GiftCard) => {
    if ((await confirmedDelete('deleteCard', card.id)) !== null) await list.reload();
  };

  const columns = isStaff ? 8 : 7;
  return (
    <Box>
      <PageHeader
        title="Gift Cards"
        actions={
          <>
            <Button variant="outlined" startIcon={<SearchIcon />} onClick={() => setSearchOpen(true)}>
              Search Gift Card
            </Button>
            {isSeller && (
              <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/add-gift-cards">
                Add Gift Card
              </Button>
            )}
          </>
        }
      />
      <TableContainer component={Paper}>
        <Table size="small" aria-label="Gift cards">
          <TableHead>
            <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
              {isStaff && <TableCell>Seller Info</TableCell>}
              <TableCell>Card Info</TableCell>
              <TableCell>Card Number</TableCell>
              <TableCell>Status</TableCell>
              <TableCell align="right">Price</TableCell>
              <TableCell align="right">Rate</TableCell>
              <TableCell align="right">Paid Amount</TableCell>
              <TableCell align="center">Action</TableCell>
            </TableRow>
          </TableHead>
          <TableBody sx={{ opacity: list.loading && list.rows.length ? 0.6 : 1 }}>
            <TableStatusRow
              colSpan={columns}
              loading={list.loading}
              error={list.error}
              empty={list.rows.length === 0}
              emptyText="No gift cards yet"
              onRetry={list.reload}
            />
            {!list.error &&
              list.rows.map((c) => (
                <TableRow key={c.id} hover data-testid={`card-row-${c.id}`}>
                  {isStaff && (
                    <TableCell>
                      <Typography variant="body2">{c.name}</Typography>
                      <Typography variant="caption" color="text.secondary">
                        {c.email}
                      </Typography>
                    </TableCell>
                  )}
                  <TableCell>{c.title}</TableCell>
                  <TableCell>{c.card_number || '—'}</TableCell>
                  <TableCell>
                    <StatusBadge status={c.card_status} />
                  </TableCell>
                  <TableCell align="right">{formatMoney(c.price)}</TableCell>
                  <TableCell align="right">{formatMoney(c.rate)}</TableCell>
                  <TableCell align="right">{formatMoney(c.paid_amount)}</TableCell>
                  <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
                    {isStaff && (
                      <Tooltip title="Pay">
                        <IconButton aria-label={`Pay ${cardName(c)}`} onClick={() => setPaying(c)}>
                          <PaymentsIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                    {(isStaff || c.card_status === CARD_STATUS.pending) && (
                      <Tooltip title="Delete">
                        <IconButton aria-label={`Delete ${cardName(c)}`} onClick={() => remove(c)}>
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                    <Tooltip title="View / edit">
                      <IconButton aria-label={`View ${cardName(c)}`} component={RouterLink} to={`/gift-card/${c.id}`}>
                        <EditIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
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
        threshold={PAGINATION_THRESHOLD.cards}
        onChange={list.setPage}
      />
      <CardSearchDialog open={searchOpen} onClose={() => setSearchOpen(false)} />
      <PayDialog
        card={paying}
        onClose={() => setPaying(null)}
        onPaid={() => {
          void list.reload();
          void refreshDue();
        }}
      />
    </Box>
  );
}

import { useNavigate } from 'react-router-dom';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { PAGE_SIZE, PAGINATION_THRESHOLD } from '../../../../shared/constants';
import { MSG } from '../../../../shared/messages';
import type { Offer } from '../../../../shared/types';
import { ListPage } from '../../components/ListTable';
import { useFilteredList } from '../../components/filters/useFilteredList';
import { offerFields } from '../../components/filters/listFields';
import { formatMoney } from '../../lib/format';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';

/** Rate column: a percentage shows "12.5%", a fixed rate "Fixed" (the spec's word) with its amount: "Fixed $3.00". */
const rateLabel = (o: Pick<Offer, 'rate_type' | 'rate'>) => (o.rate_type === 0 ? `${o.rate}%` : `Fixed ${formatMoney(o.rate)}`);

/** Prices column: the range ("$10.00 – $500.00") or the fixed prices ("$25.00, $50.00"). */
function pricesLabel(o: Pick<Offer, 'price_type' | 'min_price' | 'max_price' | 'fixed_price'>): string {
  if (o.price_type === 0)
    return o.min_price === null || o.max_price === null ? '' : `${formatMoney(o.min_price)} – ${formatMoney(o.max_price)}`;
  try {
    const prices = JSON.parse(o.fixed_price ?? '[]') as unknown[];
    return prices.map((p) => formatMoney(Number(p))).join(', ');
  } catch {
    return '';
  }
}

export default function OfferListPage() {
  const { list, filters } = useFilteredList<Offer>('listOffers', PAGE_SIZE.offers, 'Could not load the offers', offerFields);
  const confirmedDelete = useConfirmedDelete();
  const navigate = useNavigate();

  return (
    <>
      <ListPage
        title="Gift Card Offers"
        exportAs={{ op: 'exportOffers', fileBase: 'offers' }}
        add={{ label: 'Add Gift Card Offer', to: '/add-gift-card-offer' }}
        label="Gift card offers"
        columns={[
          { label: 'Card Name', sortKey: 'title' },
          { label: 'Status' },
          { label: 'Rate' },
          { label: 'Prices' },
          { label: 'Action', align: 'right' },
        ]}
        list={list}
        emptyText="No offers yet"
        filters={{ ...filters, label: 'Filter offers', noun: 'offers' }}
        threshold={PAGINATION_THRESHOLD.offers}
        cells={(o) => (
          <>
            <TableCell>{o.title}</TableCell>
            <TableCell>
              <Chip size="small" label={o.is_active === 1 ? 'Active' : 'Maintenance'} color={o.is_active === 1 ? 'success' : 'warning'} />
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{rateLabel(o)}</TableCell>
            <TableCell>{pricesLabel(o)}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              <IconButton aria-label={`Edit ${o.title}`} onClick={() => navigate(`/edit-gift-card-offer/${o.id}`)}>
                <EditIcon />
              </IconButton>
              <IconButton
                aria-label={`Delete ${o.title}`}
                color="error"
                onClick={() => confirmedDelete('deleteOffer', o.id, MSG.deleteSuccess, `the offer ${o.title}`)}
              >
                <DeleteIcon />
              </IconButton>
            </TableCell>
          </>
        )}
      />
    </>
  );
}

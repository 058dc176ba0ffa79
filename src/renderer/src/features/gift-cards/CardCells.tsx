import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import Typography from '@mui/material/Typography';
import type { GiftCard } from '../../../../shared/types';
import { formatDate } from '../../lib/format';

/** The seller's name and email (staff), cut with an ellipsis; the full text on hover. */
function Seller({ card }: { card: GiftCard }) {
  return (
    <>
      <Typography variant="body2" noWrap title={card.name}>
        {card.name}
      </Typography>
      <Typography variant="caption" color="text.secondary" noWrap component="div" title={card.email}>
        {card.email}
      </Typography>
    </>
  );
}

/** Two cards of one offer told apart (issue 55): the id and the day it was sent. */
const IdAndDate = ({ card }: { card: GiftCard }) => (
  <Typography variant="caption" color="text.secondary" component="div" className="nowrap" data-testid="card-id-date">
    #{card.id} · {formatDate(card.created_at)}
  </Typography>
);

/** Seller Info, Card Info and Card Number, each a column of a wide list. */
export function CardColumns({ card, staff }: { card: GiftCard; staff: boolean }) {
  return (
    <>
      {staff && (
        <TableCell sx={{ maxWidth: 140 }}>
          <Seller card={card} />
        </TableCell>
      )}
      <TableCell sx={{ maxWidth: 130 }}>
        {card.title}
        <IdAndDate card={card} />
      </TableCell>
      <TableCell
        className="nowrap"
        sx={{ maxWidth: 170, overflow: 'hidden', textOverflow: 'ellipsis' }}
        title={card.card_number ?? undefined}
      >
        {card.card_number || '—'}
      </TableCell>
    </>
  );
}

/**
 * The same folded into one Card column for a narrow window (issue 55: at 900 px every money column stays in view): the
 * offer, the card number, the seller (staff), the id and the date.
 */
export function FoldedCardColumn({ card, staff }: { card: GiftCard; staff: boolean }) {
  return (
    <TableCell sx={{ maxWidth: 140 }}>
      {card.title}
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="card-number">
        {card.card_number || '—'}
      </Typography>
      {staff && (
        <Box sx={{ mt: 0.5 }}>
          <Seller card={card} />
        </Box>
      )}
      <IdAndDate card={card} />
    </TableCell>
  );
}

import { Link as RouterLink } from 'react-router-dom';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { GiftCard } from '../../../../shared/types';
import { countOf, formatMoney } from '../../lib/format';
import StatusBadge from '../../components/StatusBadge';

interface Props {
  /** The first matches, the exact number first. */
  cards: GiftCard[];
  total: number;
  capped: boolean;
  /** What was searched: the link to the list filtered by it. */
  search: string;
  onOpen(): void;
}

/** The Search Gift Card popup's answer when several cards hold the number: how many, the first ones, a link to all. */
export default function CardMatches({ cards, total, capped, search, onOpen }: Props) {
  return (
    <>
      <Typography role="status" sx={{ mt: 2, fontWeight: 600 }}>
        {capped ? `More than ${countOf(total, 'match', 'matches')}` : countOf(total, 'match', 'matches')}
      </Typography>
      <Table size="small" sx={{ mt: 1 }} aria-label="Search results">
        <TableHead>
          <TableRow>
            <TableCell>Offer</TableCell>
            <TableCell>Card Number</TableCell>
            <TableCell align="right">Price</TableCell>
            <TableCell align="right">Rate</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Details</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {cards.map((card) => (
            <TableRow key={card.id}>
              <TableCell>{card.title}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{card.card_number}</TableCell>
              <TableCell align="right">{formatMoney(card.price)}</TableCell>
              <TableCell align="right">{formatMoney(card.rate)}</TableCell>
              <TableCell>
                <StatusBadge status={card.card_status} />
              </TableCell>
              <TableCell>
                <Link component={RouterLink} to={`/gift-card/${card.id}`} onClick={onOpen} aria-label={`View details of card #${card.id}`}>
                  View details
                </Link>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {(capped || total > cards.length) && (
        <Link
          component={RouterLink}
          to={`/gift-cards?q=${encodeURIComponent(search)}`}
          onClick={onOpen}
          sx={{ display: 'inline-block', mt: 1 }}
        >
          Show all in the gift card list
        </Link>
      )}
    </>
  );
}

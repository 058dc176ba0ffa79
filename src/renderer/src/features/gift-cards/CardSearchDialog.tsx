import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MSG } from '../../../../shared/messages';
import { formatMoney } from '../../lib/format';
import type { GiftCard, Page } from '../../../../shared/types';
import { errorText, isOk, useApi } from '../../app/api';
import StatusBadge from '../../components/StatusBadge';
import { useSession } from '../../app/session';
import CardMatches from './CardMatches';

/** How many matches the popup lists; the rest are a link away. */
const SHOWN = 10;

/**
 * The Search Gift Card popup: the card with this number (the spec's call: the exact number, else the newest holding
 * it) and, when other cards hold it too, every match (the first 10 and how many; issue 55).
 */
export default function CardSearchDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { call } = useApi();
  const { isStaff } = useSession();
  const [number, setNumber] = useState('');
  const [card, setCard] = useState<GiftCard | null>(null);
  const [matches, setMatches] = useState<{ cards: GiftCard[]; total: number; capped: boolean; search: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** The first cards whose number holds `search` (staff: every card; a seller: their own), how many in all. */
  const matchesOf = async (search: string): Promise<Page<GiftCard> | null> => {
    const query = { query: { number: search, per_page: String(SHOWN), page: '1' } };
    if (isStaff) {
      const r = await call('listCards', query);
      return isOk(r) ? r.data : null;
    }
    const r = await call('myCards', query);
    return isOk(r) ? r.data.data : null;
  };

  const search = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!number.trim() || busy) return;
    setBusy(true);
    setError(null);
    const search = number.trim();
    const r = await call('searchCardNumber', { body: { card_number: search } });
    const found = isOk(r) ? r.data?.data : undefined;
    const page = found ? await matchesOf(search) : null;
    setBusy(false);
    setCard(found ?? null);
    setMatches(
      found && page && page.total > 1
        ? {
            cards: [found, ...page.data.filter((c) => c.id !== found.id)].slice(0, SHOWN),
            total: page.total,
            capped: page.total_capped === true,
            search,
          }
        : null,
    );
    if (!found) setError(errorText(r, MSG.tryAgain));
  };

  const close = () => {
    onClose();
    setCard(null);
    setMatches(null);
    setError(null);
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth={matches ? 'md' : 'sm'} aria-labelledby="card-search-title">
      <form onSubmit={search} noValidate>
        <DialogTitle id="card-search-title">Search Gift Card</DialogTitle>
        <DialogContent>
          <TextField
            label="Card Number"
            value={number}
            onChange={(e) => setNumber(e.target.value)}
            required
            fullWidth
            autoFocus
            margin="dense"
          />
          {error && (
            <Typography color="error" role="alert" sx={{ mt: 1 }}>
              {error}
            </Typography>
          )}
          {matches && <CardMatches {...matches} onOpen={close} />}
          {card && !matches && (
            <Table size="small" sx={{ mt: 2 }} aria-label="Search result">
              <TableBody>
                <TableRow>
                  <TableCell component="th">Offer</TableCell>
                  <TableCell>{card.title}</TableCell>
                </TableRow>
                <TableRow>
                  <TableCell component="th">Card Number</TableCell>
                  <TableCell>{card.card_number}</TableCell>
                </TableRow>
                <TableRow>
                  <TableCell component="th">Price</TableCell>
                  <TableCell>{formatMoney(card.price)}</TableCell>
                </TableRow>
                <TableRow>
                  <TableCell component="th">Rate</TableCell>
                  <TableCell>{formatMoney(card.rate)}</TableCell>
                </TableRow>
                <TableRow>
                  <TableCell component="th">Status</TableCell>
                  <TableCell>
                    <StatusBadge status={card.card_status} />
                  </TableCell>
                </TableRow>
                <TableRow>
                  <TableCell component="th">Details</TableCell>
                  <TableCell>
                    <Link component={RouterLink} to={`/gift-card/${card.id}`} onClick={close}>
                      View details
                    </Link>
                  </TableCell>
                </TableRow>
              </TableBody>
            </Table>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Close</Button>
          <Button type="submit" variant="contained" disabled={busy || !number.trim()}>
            Search
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

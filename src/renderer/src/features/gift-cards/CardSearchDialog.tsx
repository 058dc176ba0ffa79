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
import { formatMoney } from '../../components/format';
import type { GiftCard } from '../../../../shared/types';
import { errorText, isOk, useApi } from '../../app/api';
import StatusBadge from '../../components/StatusBadge';

/** The Search Gift Card popup: find one card by its number. */
export default function CardSearchDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { call } = useApi();
  const [number, setNumber] = useState('');
  const [card, setCard] = useState<GiftCard | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const search = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!number.trim() || busy) return;
    setBusy(true);
    setError(null);
    const r = await call('searchCardNumber', { body: { card_number: number.trim() } });
    setBusy(false);
    if (isOk(r) && r.data?.data) {
      setCard(r.data.data);
    } else {
      const text = errorText(r, MSG.tryAgain);
      setCard(null);
      setError(text);
    }
  };

  const close = () => {
    onClose();
    setCard(null);
    setError(null);
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="card-search-title">
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
          {card && (
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

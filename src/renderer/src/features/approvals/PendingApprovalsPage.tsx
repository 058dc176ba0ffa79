import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PendingPayment } from '../../../../shared/types';
import { useApiMutation, useApiQuery, ApiCallError } from '../../api/query';
import { useSession } from '../../app/session';
import { formatDateTime } from '../../lib/format';
import { Money } from '../../components/Money';
import { useNotify } from '../../components/notify';

const KIND_LABEL: Record<PendingPayment['kind'], string> = {
  pay_card: 'Card payment',
  payout: 'Seller payout',
  bulk_payment: 'Bulk payment',
  payout_edit: 'Payout change',
};

/** A change request's old values beside the new ones; a payment's earlier payments to the seller by the same person. */
function RequestContext({ r }: { r: PendingPayment }) {
  if (r.before) {
    const moved = r.before.seller.id !== r.seller.id;
    return (
      <Typography variant="caption" color="text.secondary" component="div" data-testid={`pending-before-${r.id}`}>
        Was <Money value={r.before.amount} />
        {r.before.code !== r.code && ` (${r.before.code})`}
        {moved && ` to ${r.before.seller.name}`}
      </Typography>
    );
  }
  const earlier = r.earlier ?? [];
  if (!earlier.length) return null;
  const total = earlier.reduce((sum, e) => sum + Math.round(e.amount * 100), 0) / 100;
  return (
    <Typography variant="caption" color="text.secondary" component="div" data-testid={`pending-earlier-${r.id}`}>
      Already paid alone by them in the window: <Money value={total} /> ({earlier.length})
    </Typography>
  );
}

/**
 * Pending approvals (FOUR_EYES): payments above the limit wait here for a second staff member. Another staff member
 * approves one (the payment is made then) or declines it with a reason; the maker sees their own without Approve.
 */
export default function PendingApprovalsPage() {
  const { user } = useSession();
  const list = useApiQuery('listPendingPayments', {});
  const approve = useApiMutation('approvePendingPayment', { invalidates: ['listPendingPayments'] });
  const decline = useApiMutation('declinePendingPayment', { invalidates: ['listPendingPayments'] });
  const notify = useNotify();
  const [declining, setDeclining] = useState<PendingPayment | null>(null);
  const [reason, setReason] = useState('');

  const act = async (fn: () => Promise<{ msg: string }>) => {
    try {
      notify.success((await fn()).msg);
    } catch (err) {
      notify.error(err instanceof ApiCallError ? err.message : 'The request failed');
      void list.refetch();
    }
  };
  const rows = list.data?.data ?? [];

  return (
    <Box>
      <Typography variant="h5" component="h1" gutterBottom>
        Pending approvals
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Payments that take what one staff member paid a seller alone over the limit, and changes to payouts, wait here until another staff
        member approves them. Requests expire after 24 hours.
      </Typography>
      {list.isError && <Alert severity="error">Could not load the pending approvals</Alert>}
      <Paper>
        <Table size="small" aria-label="Pending approvals">
          <TableHead>
            <TableRow>
              <TableCell>Requested</TableCell>
              <TableCell>Kind</TableCell>
              <TableCell>Seller</TableCell>
              <TableCell>Code</TableCell>
              <TableCell align="right">Amount</TableCell>
              <TableCell>Asked by</TableCell>
              <TableCell align="right">Action</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && list.isSuccess && (
              <TableRow>
                <TableCell colSpan={7}>Nothing waits for approval</TableCell>
              </TableRow>
            )}
            {rows.map((r) => {
              const mine = r.maker.id === user?.id;
              const open = r.status === 'pending';
              return (
                <TableRow key={r.id} data-testid={`pending-${r.id}`}>
                  <TableCell className="nowrap">{formatDateTime(r.created_at)}</TableCell>
                  <TableCell>
                    {KIND_LABEL[r.kind]}
                    {r.gift_card_id !== null && (
                      <>
                        {' '}
                        <Link component={RouterLink} to={`/gift-card/${r.gift_card_id}`}>
                          card #{r.gift_card_id}
                        </Link>
                      </>
                    )}
                  </TableCell>
                  <TableCell>{r.seller.name}</TableCell>
                  <TableCell className="nowrap">{r.code}</TableCell>
                  <TableCell align="right">
                    <Money value={r.amount} />
                    <RequestContext r={r} />
                  </TableCell>
                  <TableCell>{mine ? 'You' : r.maker.name}</TableCell>
                  <TableCell align="right" className="nowrap">
                    {!open && <Chip size="small" label="Expired" />}
                    {open && !mine && (
                      <Button size="small" variant="contained" onClick={() => void act(() => approve.mutateAsync({ id: r.id }))}>
                        Approve
                      </Button>
                    )}
                    {open && mine && <Chip size="small" label="Waiting for another staff member" />}
                    {open && (
                      <Button
                        size="small"
                        color="error"
                        sx={{ ml: 1 }}
                        onClick={() => {
                          setReason('');
                          setDeclining(r);
                        }}
                      >
                        Decline
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Paper>
      <Dialog open={declining !== null} onClose={() => setDeclining(null)} aria-labelledby="decline-title">
        <DialogTitle id="decline-title">Decline this payment</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            required
            margin="dense"
            id="decline-reason"
            label="Reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeclining(null)}>Cancel</Button>
          <Button
            color="error"
            disabled={reason.trim() === ''}
            onClick={() => {
              const d = declining;
              setDeclining(null);
              if (d) void act(() => decline.mutateAsync({ id: d.id, body: { reason: reason.trim() } }));
            }}
          >
            Decline
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

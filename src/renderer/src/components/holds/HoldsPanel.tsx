import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { PayoutHold } from '../../../../shared/types';
import { ApiCallError, useApiMutation, useApiQuery } from '../../api/query';
import { useNotify } from '../../components/notify';
import { formatDateTime } from '../../lib/format';
import { TablePanel } from '../TablePanel';
import { visuallyHidden } from '../visuallyHidden';
import { PlaceHoldDialog, type HoldTarget } from './PlaceHoldDialog';

const status = (h: PayoutHold) =>
  h.released_at !== null
    ? `Released ${formatDateTime(h.released_at)} by ${h.released_by_name ?? '—'}`
    : h.active
      ? h.until === null
        ? 'Until released'
        : `Until ${formatDateTime(h.until)}`
      : `Ended ${formatDateTime(h.until)}`;

/** Staff: the payout holds placed on a seller or a card, newest first, each active one with Release; Place a hold. */
export function HoldsPanel({ target, title }: { target: HoldTarget; title: string }) {
  const notify = useNotify();
  const [placing, setPlacing] = useState(false);
  const args = target.cardId !== undefined ? { query: { gift_card_id: target.cardId } } : { query: { seller_id: target.sellerId } };
  const q = useApiQuery('listHolds', args, { loader: false });
  const release = useApiMutation('releaseHold', { invalidates: ['listHolds'], loader: false });
  const releaseHold = async (h: PayoutHold) => {
    try {
      notify.success((await release.mutateAsync({ id: h.id, body: {} })).msg);
    } catch (err) {
      notify.error(err instanceof ApiCallError ? err.message : 'The request failed');
    }
  };
  const id = `holds-${target.cardId ?? 's'}-${target.sellerId ?? 'c'}`;
  return (
    <TablePanel
      id={id}
      title={title}
      what="the holds"
      empty="No hold placed"
      rows={q.data?.data}
      failed={q.isError}
      head={
        <>
          <TableCell>Reason</TableCell>
          <TableCell>Status</TableCell>
          <TableCell>Placed</TableCell>
          <TableCell>
            <Box component="span" sx={visuallyHidden}>
              Actions
            </Box>
          </TableCell>
        </>
      }
      row={(h) => (
        <TableRow key={h.id} data-testid={`hold-${h.id}`}>
          <TableCell>{h.reason}</TableCell>
          <TableCell>{status(h)}</TableCell>
          <TableCell className="nowrap">
            {formatDateTime(h.placed_at)} by {h.placed_by_name ?? '—'}
          </TableCell>
          <TableCell align="right">
            {h.active && (
              <Button size="small" onClick={() => void releaseHold(h)} aria-label={`Release the hold: ${h.reason}`}>
                Release
              </Button>
            )}
          </TableCell>
        </TableRow>
      )}
    >
      <Button size="small" sx={{ mt: 1 }} onClick={() => setPlacing(true)}>
        Place a hold
      </Button>
      <PlaceHoldDialog target={target} open={placing} onClose={() => setPlacing(false)} />
    </TablePanel>
  );
}

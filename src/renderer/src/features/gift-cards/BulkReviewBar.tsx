import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { RejectFormValues } from '../../../../shared/forms';
import type { BulkReviewResult, GiftCard } from '../../../../shared/types';
import { CARD_STATUS } from '../../../../shared/constants';
import { useConfirm } from '../../components/Confirm';
import { useApiMutation } from '../../api/query';
import { useNotify } from '../../components/notify';
import RejectDialog from '../../components/cards/RejectDialog';
import { countOf } from '../../lib/format';

/** What a bulk review did: how many passed, and each card with the server's answer. */
function BulkSummary({ result, onClose }: { result: BulkReviewResult | null; onClose(): void }) {
  return (
    <Dialog open={result !== null} onClose={onClose} aria-labelledby="bulk-summary-title" maxWidth="sm" fullWidth>
      <DialogTitle id="bulk-summary-title">Review summary</DialogTitle>
      <DialogContent>
        {result && (
          <>
            <Alert severity={result.refused ? 'warning' : 'success'} sx={{ mb: 1 }}>
              {result.passed} passed, {result.refused} refused
            </Alert>
            <List dense aria-label="Cards reviewed">
              {result.results.map((r) => (
                <ListItem key={r.id} data-testid={`bulk-result-${r.id}`}>
                  <ListItemText primary={`Card #${r.id}: ${r.ok ? 'done' : 'refused'}`} secondary={r.msg} />
                </ListItem>
              ))}
            </List>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** What approving `count` cards asks first: how many, and how many of them have no card number. */
function approveQuestion(count: number, withoutNumber: number) {
  const cards = countOf(count, 'card', 'cards');
  const missing =
    withoutNumber === 0
      ? ''
      : count === 1
        ? ' It has no card number.'
        : ` ${withoutNumber} of them ${withoutNumber === 1 ? 'has' : 'have'} no card number.`;
  return { title: `Approve ${cards}?`, message: `Each card is checked as if approved alone.${missing}`, yes: `Approve ${cards}` };
}

const versionEntry = (id: number, version: number | undefined): [string, number][] =>
  version === undefined ? [] : [[String(id), version]];

interface Props {
  ids: number[];
  /** The selected cards as their rows last showed them (their versions and numbers). */
  shown: ReadonlyMap<number, GiftCard>;
  /** The status tab the list shows (undefined: All): an approved or disputed card cannot be approved again. */
  status: string | undefined;
  onDone(): void;
}

/** Staff: approve or reject the selected cards at once; each card is checked by the server as if done alone. */
export function BulkReviewBar({ ids, shown, status, onDone }: Props) {
  const review = useApiMutation('reviewCards');
  const notify = useNotify();
  const confirm = useConfirm();
  const approvable = status !== String(CARD_STATUS.approved) && status !== String(CARD_STATUS.disputed);
  const rejectable = status !== String(CARD_STATUS.disputed);
  const [rejecting, setRejecting] = useState(false);
  const [result, setResult] = useState<BulkReviewResult | null>(null);
  const send = async (body: { action: 'approve' | 'reject' } & Partial<RejectFormValues>) => {
    const r = await review.mutateAsync({
      body: {
        ids,
        action: body.action,
        reject_reason: body.reject_reason || undefined,
        reject_note: body.reject_note || undefined,
        // Each card as its row showed it: one changed since is refused on its own.
        versions: Object.fromEntries(ids.flatMap((id) => versionEntry(id, shown.get(id)?.version))),
      },
    } as never);
    setResult(r);
    onDone();
    return r.msg;
  };
  const approve = async () => {
    const withoutNumber = ids.filter((id) => !shown.get(id)?.card_number).length;
    const q = approveQuestion(ids.length, withoutNumber);
    if (!(await confirm(q.message, { title: q.title, yes: q.yes, tone: 'success' }))) return;
    await send({ action: 'approve' }).catch((e: Error) => notify.error(e.message));
  };
  if (!ids.length && !result) return null;
  return (
    <>
      {ids.length > 0 && (
        <Paper
          variant="outlined"
          sx={{ display: 'flex', gap: 1.5, alignItems: 'center', p: 1, mb: 1 }}
          role="region"
          aria-label="Selected cards"
        >
          <Typography variant="body2" sx={{ flexGrow: 1 }}>
            {ids.length} selected
          </Typography>
          {approvable && (
            <Button variant="contained" color="success" onClick={() => void approve()} disabled={review.isPending}>
              Approve selected
            </Button>
          )}
          {rejectable && (
            <Button variant="outlined" color="error" onClick={() => setRejecting(true)} disabled={review.isPending}>
              Reject selected
            </Button>
          )}
        </Paper>
      )}
      <RejectDialog
        open={rejecting}
        onClose={() => setRejecting(false)}
        what={countOf(ids.length, 'card', 'cards')}
        reject={async (v) => {
          const msg = await send({ action: 'reject', ...v });
          setRejecting(false);
          return msg;
        }}
      />
      <BulkSummary result={result} onClose={() => setResult(null)} />
    </>
  );
}

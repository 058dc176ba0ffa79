import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CardAppealSummary, GiftCardDetail } from '../../../../shared/types';
import { formatDateTime } from '../../lib/format';
import { AppealDialog, ResubmitDialog } from './RecourseDialogs';

const WHAT = { rejection: 'the rejection', clawback: 'the clawback' } as const;

/** The card's latest resubmission or appeal as its seller (and staff) read it: when, and the answer once there is one. */
function AppealState({ a }: { a: CardAppealSummary }) {
  if (a.kind === 'resubmit')
    return (
      <Alert severity="info" data-testid="appeal-state">
        Resubmitted on {formatDateTime(a.created_at)} after {WHAT[a.decision]}.
      </Alert>
    );
  if (!a.outcome)
    return (
      <Alert severity="info" data-testid="appeal-state">
        <AlertTitle>
          Appeal of {WHAT[a.decision]} sent on {formatDateTime(a.created_at)}
        </AlertTitle>
        A staff member other than the one who decided will answer it.
      </Alert>
    );
  const reversed = a.outcome === 'reversed';
  return (
    <Alert severity={reversed ? 'success' : 'warning'} data-testid="appeal-state">
      <AlertTitle>
        {reversed ? `Appeal accepted: ${WHAT[a.decision]} was reversed` : `Appeal declined: ${WHAT[a.decision]} stands`}
        {a.outcome_at ? ` (${formatDateTime(a.outcome_at)})` : ''}
      </AlertTitle>
      {a.outcome_note}
    </Alert>
  );
}

/**
 * Issue 53, on a card's page: the card's seller may resubmit a rejected card or appeal the decision (a rejection or a
 * clawback) until the window ends; everyone sees the latest recourse and its outcome. Nothing when neither applies.
 */
export default function RecoursePanel({ detail, isSeller }: { detail: GiftCardDetail; isSeller: boolean }) {
  const [dialog, setDialog] = useState<'resubmit' | 'appeal' | null>(null);
  const { recourse, appeal } = detail;
  const open = isSeller && recourse && (recourse.can_resubmit || recourse.can_appeal) ? recourse : null;
  if (!open && !appeal) return null;
  return (
    <Stack spacing={2} data-testid="recourse-panel">
      {appeal && <AppealState a={appeal} />}
      {open && (
        <Alert
          severity="info"
          // An offer open for days, not an alarm (no alert role: the decision's notice is the page's one alert).
          role="note"
          data-testid="recourse-window"
          action={
            <Stack direction="row" spacing={1}>
              {open.can_resubmit && (
                <Button color="inherit" size="small" variant="outlined" onClick={() => setDialog('resubmit')}>
                  Resubmit
                </Button>
              )}
              <Button color="inherit" size="small" variant="outlined" onClick={() => setDialog('appeal')}>
                Appeal
              </Button>
            </Stack>
          }
        >
          <Typography variant="body2">
            {open.can_resubmit ? 'You can resubmit this card with new photos or appeal the rejection' : 'You can contest this clawback'}{' '}
            until <strong>{formatDateTime(open.window_ends_at)}</strong>, once.
          </Typography>
        </Alert>
      )}
      {open && <ResubmitDialog cardId={detail.data.id} recourse={open} open={dialog === 'resubmit'} onClose={() => setDialog(null)} />}
      {open && <AppealDialog cardId={detail.data.id} recourse={open} open={dialog === 'appeal'} onClose={() => setDialog(null)} />}
    </Stack>
  );
}

import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { RejectReason } from '../../../../shared/constants';
import type { QaDecision, QaReview } from '../../../../shared/qa';
import { ApiCallError, useApiMutation, useApiQuery } from '../../api/query';
import { fieldErrors } from '../../api/results';
import { useApi } from '../../app/api';
import { LoadState } from '../../components/DataTable';
import { Money } from '../../components/Money';
import { useNotify } from '../../components/notify';
import { reasonOptions } from '../../lib/rejectReasons';

/** The blind second look: the card as submitted (photos, offer, price, number), never its status or who decided it. */
export function SecondLookDialog({ sample, onClose }: { sample: QaReview; onClose(): void }) {
  const detail = useApiQuery('getQaReview', { id: sample.id }, { loader: false });
  const decide = useApiMutation('decideQaReview', { loader: false });
  const { transport } = useApi();
  const notify = useNotify();
  const [decision, setDecision] = useState<QaDecision | ''>('');
  const [reason, setReason] = useState<RejectReason | ''>('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const card = detail.data?.data.card;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!decision) return setErrors({ decision: 'Choose approve or reject' });
    try {
      const body = { decision, ...(decision === 'reject' && reason ? { reason } : {}), ...(note.trim() ? { note } : {}) };
      notify.success((await decide.mutateAsync({ id: sample.id, body })).msg);
      onClose();
    } catch (err) {
      const fields = err instanceof ApiCallError ? fieldErrors(err.result) : {};
      if (Object.keys(fields).length) setErrors(fields);
      else notify.error(err instanceof ApiCallError ? err.message : 'The second look could not be saved');
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="qa-look-title" maxWidth="md" fullWidth>
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="qa-look-title">Second look at card #{sample.gift_card_id}</DialogTitle>
        <DialogContent>
          <LoadState
            loading={detail.isPending}
            error={detail.isError ? `Could not load the card: ${detail.error.message}` : null}
            onRetry={() => void detail.refetch()}
          />
          {card && (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 3fr) minmax(0, 2fr)' } }}>
              <Box role="list" aria-label="Card photos" sx={{ display: 'grid', gap: 1 }}>
                {card.images.map((img, i) => (
                  <Box key={img.id} role="listitem">
                    <Box
                      component="img"
                      src={transport.imageUrl(img.url)}
                      alt={`Card photo ${i + 1}`}
                      sx={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'contain', bgcolor: 'action.hover', borderRadius: 1 }}
                    />
                  </Box>
                ))}
              </Box>
              <Box>
                <Typography variant="body2" data-testid="qa-card-facts">
                  {card.offer} · <Money value={card.price} />
                  <br />
                  Card number: {card.card_number ?? 'not given'}
                  {card.description && (
                    <>
                      <br />
                      {card.description}
                    </>
                  )}
                </Typography>
                <FormControl error={Boolean(errors.decision)} sx={{ mt: 2 }}>
                  <FormLabel id="qa-decision-label">Your decision</FormLabel>
                  <RadioGroup
                    aria-labelledby="qa-decision-label"
                    value={decision}
                    onChange={(e) => setDecision(e.target.value as QaDecision)}
                  >
                    <FormControlLabel value="approve" control={<Radio autoFocus />} label="Approve" />
                    <FormControlLabel value="reject" control={<Radio />} label="Reject" />
                  </RadioGroup>
                  {errors.decision && (
                    <Typography color="error" variant="caption">
                      {errors.decision}
                    </Typography>
                  )}
                </FormControl>
                {decision === 'reject' && (
                  <TextField
                    select
                    fullWidth
                    margin="dense"
                    id="qa-reason"
                    label="Reason"
                    value={reason}
                    onChange={(e) => setReason(e.target.value as RejectReason)}
                    error={Boolean(errors.reason)}
                    helperText={errors.reason}
                  >
                    {reasonOptions.map((o) => (
                      <MenuItem key={o.value} value={o.value}>
                        {o.label}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
                <TextField
                  fullWidth
                  margin="dense"
                  id="qa-note"
                  label="Note (optional)"
                  value={note}
                  onChange={(e) => setNote(e.target.value)}
                  error={Boolean(errors.note)}
                  helperText={errors.note}
                  multiline
                  minRows={2}
                />
              </Box>
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={!card || decide.isPending}>
            Record my decision
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** An admin says which decision of a disagreement was right. */
export function ResolveDialog({ sample, onClose }: { sample: QaReview; onClose(): void }) {
  const resolve = useApiMutation('resolveQaReview', { loader: false });
  const notify = useNotify();
  const [result, setResult] = useState<'first' | 'qa' | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!result || !note.trim()) return setError('Choose which decision was right and say why');
    try {
      notify.success((await resolve.mutateAsync({ id: sample.id, body: { resolution: result, note } })).msg);
      onClose();
    } catch (err) {
      setError(err instanceof ApiCallError ? err.message : 'The resolution could not be saved');
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="qa-resolve-title" fullWidth>
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="qa-resolve-title">Resolve the disagreement on card #{sample.gift_card_id}</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {error}
            </Alert>
          )}
          <FormControl>
            <FormLabel id="qa-result-label">Which decision was right?</FormLabel>
            <RadioGroup aria-labelledby="qa-result-label" value={result} onChange={(e) => setResult(e.target.value as 'first' | 'qa')}>
              <FormControlLabel value="first" control={<Radio autoFocus />} label="The first decision" />
              <FormControlLabel value="qa" control={<Radio />} label="The second look" />
            </RadioGroup>
          </FormControl>
          <TextField
            fullWidth
            required
            margin="dense"
            id="qa-resolve-note"
            label="Why"
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={resolve.isPending}>
            Resolve
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

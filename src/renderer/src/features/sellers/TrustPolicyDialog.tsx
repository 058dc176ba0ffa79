import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TRUST_BAND_LABEL, type TrustPolicyBand } from '../../../../shared/trust';
import { ApiCallError, useApiMutation, useApiQuery } from '../../api/query';
import { fieldErrors } from '../../api/results';
import { useNotify } from '../../components/notify';

/** One band: its lowest score (the low band starts at 0) and the payout hold of a card approved in it. */
function BandForm({ band }: { band: TrustPolicyBand }) {
  const [min, setMin] = useState(String(band.min_score));
  const [days, setDays] = useState(String(band.hold_days));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useApiMutation('updateTrustPolicy', { loader: false });
  const notify = useNotify();
  const label = TRUST_BAND_LABEL[band.band];
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    try {
      notify.success((await save.mutateAsync({ body: { band: band.band, min_score: min, hold_days: days } })).msg);
    } catch (err) {
      const fields = err instanceof ApiCallError ? fieldErrors(err.result) : {};
      setErrors(Object.keys(fields).length ? fields : { min_score: err instanceof Error ? err.message : 'Not saved' });
    }
  };
  const changed = min !== String(band.min_score) || days !== String(band.hold_days);
  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <Typography sx={{ width: 72, pt: 1 }}>{label}</Typography>
      <TextField
        id={`trust-min-${band.band}`}
        label={`${label}: lowest score`}
        size="small"
        value={min}
        disabled={band.band === 'low'}
        onChange={(e) => setMin(e.target.value)}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        error={Boolean(errors.min_score)}
        helperText={errors.min_score ?? `Up to ${band.max_score}`}
        sx={{ width: 170 }}
      />
      <TextField
        id={`trust-hold-${band.band}`}
        label={`${label}: payout hold (days)`}
        size="small"
        value={days}
        onChange={(e) => setDays(e.target.value)}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        error={Boolean(errors.hold_days)}
        helperText={errors.hold_days ?? '0 to 365'}
        sx={{ width: 200 }}
      />
      <Button type="submit" variant="outlined" disabled={save.isPending || !changed} aria-label={`Save the ${label.toLowerCase()} band`}>
        Save
      </Button>
    </Box>
  );
}

/** Admins: the trust bands (the scores each holds, the hold of a card approved in it), from the seller list. */
export function TrustPolicyDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const q = useApiQuery('trustPolicy', {}, { loader: false, enabled: open });
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="trust-policy-title" fullWidth maxWidth="sm">
      <DialogTitle id="trust-policy-title">Trust policy</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            A seller&apos;s score (0-100) puts them in a band. Cards approved while a seller is in a band with a hold are held that many
            days before payout (or the offer&apos;s hold, if longer); low-band sellers&apos; cards come first in the review queue.
          </Typography>
          {q.isPending && <Skeleton variant="rounded" height={120} aria-label="Loading the trust policy" />}
          {q.isError && <Alert severity="error">Could not load the trust policy</Alert>}
          {q.data?.data.map((b) => (
            <BandForm key={`${b.band}:${b.min_score}:${b.hold_days}`} band={b} />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LIMITS } from '../../../../shared/limits';
import type { RejectRemedy } from '../../../../shared/types';
import { ApiCallError, useApiMutation, useApiQuery } from '../../api/query';
import { fieldErrors } from '../../api/results';
import { PageHeader } from '../../components/PageHeader';
import { LoadState } from '../../components/DataTable';
import { useNotify } from '../../components/notify';
import { formatDateTime } from '../../lib/format';

const MAX = LIMITS.text.remedyChars.value;

/** One reason's text with its own Save: the seller whose card is rejected for this reason reads it. */
function RemedyField({ item }: { item: RejectRemedy }) {
  const [text, setText] = useState(item.remedy);
  const [error, setError] = useState<string | null>(null);
  const save = useApiMutation('updateRejectRemedy', { loader: false });
  const notify = useNotify();
  const id = `remedy-${item.reason}`;
  const changed = text.trim() !== item.remedy;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      notify.success((await save.mutateAsync({ body: { reason: item.reason, remedy: text } })).msg);
    } catch (err) {
      const field = err instanceof ApiCallError ? fieldErrors(err.result).remedy : undefined;
      if (field) setError(field);
      else notify.error(err instanceof ApiCallError ? err.message : 'The remedy could not be saved');
    }
  };

  return (
    <Paper component="form" onSubmit={submit} sx={{ p: 2 }} aria-labelledby={`${id}-label`} data-testid={id}>
      <TextField
        id={id}
        label={item.label}
        slotProps={{ inputLabel: { id: `${id}-label` }, htmlInput: { maxLength: MAX } }}
        value={text}
        onChange={(e) => setText(e.target.value)}
        multiline
        minRows={2}
        fullWidth
        required
        error={Boolean(error)}
        helperText={error ?? `${text.length} / ${MAX} characters. Last changed ${formatDateTime(item.updated_at)}.`}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
        <Button type="submit" variant="contained" disabled={!changed || !text.trim() || save.isPending} aria-label={`Save ${item.label}`}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </Box>
    </Paper>
  );
}

/** Admins: what a seller is told to do about each rejection reason (on the card, in My Gift Cards, in the notification). */
export default function RejectRemediesPage() {
  const list = useApiQuery('listRejectRemedies', {}, { loader: false });
  const items = list.data?.data ?? [];
  return (
    <Box sx={{ maxWidth: 820 }}>
      <PageHeader title="Rejection remedies" />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        When a card is rejected, its seller sees the text of its reason under the reason: on the card&apos;s page, in My Gift Cards and in
        the notification of the decision. Tell them what to do next.
      </Typography>
      <LoadState
        loading={list.isPending}
        error={list.isError ? `Could not load the remedies: ${list.error.message}` : null}
        onRetry={() => void list.refetch()}
      />
      {list.isSuccess && items.length === 0 && <Alert severity="info">There are no rejection reasons to describe.</Alert>}
      <Stack spacing={2}>
        {items.map((item) => (
          // A saved text (or another admin's) gives the field its new value.
          <RemedyField key={`${item.reason}:${item.updated_at}`} item={item} />
        ))}
      </Stack>
    </Box>
  );
}

import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { RejectReason } from '../../../../shared/constants';
import { qaLookForm, qaResolveForm, type QaLookFormValues, type QaResolveFormValues, type QaReview } from '../../../../shared/qa';
import { useApiMutation, useApiQuery } from '../../api/query';
import { useApi } from '../../app/api';
import { LoadState } from '../../components/DataTable';
import { DialogForm } from '../../components/DialogForm';
import { FormRadios, FormSelect, FormText } from '../../components/FormFields';
import { Money } from '../../components/Money';
import { reasonOptions } from '../../lib/rejectReasons';

const DECISIONS = [
  { value: 'approve', label: 'Approve' },
  { value: 'reject', label: 'Reject' },
];
const RESULTS = [
  { value: 'first', label: 'The first decision' },
  { value: 'qa', label: 'The second look' },
];

/** The blind second look: the card as submitted (photos, offer, price, number), never its status or who decided it. */
export function SecondLookDialog({ sample, onClose }: { sample: QaReview; onClose(): void }) {
  const detail = useApiQuery('getQaReview', { id: sample.id }, { loader: false });
  const decide = useApiMutation('decideQaReview', { loader: false });
  const { transport } = useApi();
  const form = useForm<QaLookFormValues>({ resolver: zodResolver(qaLookForm), defaultValues: { decision: '', reason: '', note: '' } });
  const card = detail.data?.data.card;
  const rejecting = form.watch('decision') === 'reject';

  const save = async (v: QaLookFormValues) => {
    const decision = v.decision === 'reject' ? 'reject' : 'approve';
    const reason = decision === 'reject' && v.reason ? { reason: v.reason as RejectReason } : {};
    const body = { decision, ...reason, ...(v.note.trim() ? { note: v.note } : {}) } as const;
    return (await decide.mutateAsync({ id: sample.id, body })).msg;
  };

  return (
    <DialogForm
      open
      onClose={onClose}
      id="qa-look-title"
      title={`Second look at card #${sample.gift_card_id}`}
      form={form}
      save={save}
      errorFallback="The second look could not be saved"
      submitLabel="Record my decision"
      submitDisabled={!card}
      maxWidth="md"
    >
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
            <FormRadios control={form.control} name="decision" label="Your decision" options={DECISIONS} autoFocus />
            {rejecting && (
              <FormSelect
                control={form.control}
                name="reason"
                label="Reason"
                options={reasonOptions}
                placeholder="Choose a reason"
                margin="dense"
                fullWidth
              />
            )}
            <FormText control={form.control} name="note" label="Note (optional)" multiline minRows={2} margin="dense" fullWidth />
          </Box>
        </Box>
      )}
    </DialogForm>
  );
}

/** An admin says which decision of a disagreement was right. */
export function ResolveDialog({ sample, onClose }: { sample: QaReview; onClose(): void }) {
  const resolve = useApiMutation('resolveQaReview', { loader: false });
  const form = useForm<QaResolveFormValues>({ resolver: zodResolver(qaResolveForm), defaultValues: { resolution: '', note: '' } });
  const save = async (v: QaResolveFormValues) => {
    const resolution = v.resolution === 'qa' ? 'qa' : 'first';
    return (await resolve.mutateAsync({ id: sample.id, body: { resolution, note: v.note } })).msg;
  };
  return (
    <DialogForm
      open
      onClose={onClose}
      id="qa-resolve-title"
      title={`Resolve the disagreement on card #${sample.gift_card_id}`}
      form={form}
      save={save}
      errorFallback="The resolution could not be saved"
      submitLabel="Resolve"
      maxWidth="sm"
    >
      <FormRadios control={form.control} name="resolution" label="Which decision was right?" options={RESULTS} autoFocus />
      <FormText control={form.control} name="note" label="Why" required margin="dense" fullWidth />
    </DialogForm>
  );
}

import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Typography from '@mui/material/Typography';
import { appealDecideForm, type AppealDecideFormValues } from '../../../../shared/appeal-forms';
import type { Appeal } from '../../../../shared/types';
import { useApiMutation } from '../../api/query';
import { msgText } from '../../api/results';
import { DialogForm } from '../../components/DialogForm';
import { FormSelect, FormText } from '../../components/FormFields';
import { formatDateTime } from '../../lib/format';

const OUTCOMES = [
  { value: 'upheld', label: 'Uphold: the decision stands' },
  { value: 'reversed', label: 'Reverse: undo the decision' },
];

/** What reversing does to the card, said before it is done. */
const reversal = (a: Appeal) =>
  a.decision === 'clawback'
    ? 'Reversing approves the card again and reverses its clawback, as resolving the dispute does.'
    : 'Reversing sends the card back to Pending for a new review.';

/** Staff decide one appeal: upheld or reversed, with a note its seller reads (issue 53). */
export default function DecideAppealDialog({ appeal, onClose }: { appeal: Appeal | null; onClose(): void }) {
  const decide = useApiMutation('decideAppeal');
  const form = useForm<AppealDecideFormValues>({ resolver: zodResolver(appealDecideForm), defaultValues: { outcome: '', note: '' } });
  const { reset } = form;
  useEffect(() => {
    if (appeal) reset({ outcome: '', note: '' });
  }, [appeal, reset]);
  const save = async (v: AppealDecideFormValues) => {
    if (!appeal) return '';
    const outcome = v.outcome === 'reversed' ? 'reversed' : 'upheld';
    const data = await decide.mutateAsync({ id: appeal.id, body: { outcome, note: v.note.trim() } });
    return msgText({ status: 200, data }, 'Appeal decided');
  };
  return (
    <DialogForm
      open={appeal !== null}
      onClose={onClose}
      id="decide-appeal-title"
      title={appeal ? `Appeal on card #${appeal.gift_card_id}` : 'Appeal'}
      form={form}
      save={save}
      submitLabel="Decide"
      maxWidth="sm"
    >
      {appeal && (
        <>
          <Typography variant="subtitle2" component="h3">
            The decision
          </Typography>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {appeal.decision === 'clawback' ? 'Clawback' : 'Rejection'}
            {appeal.original.reason_label ? `: ${appeal.original.reason_label}` : ''} on {formatDateTime(appeal.original.decided_at)}
            {appeal.original.note ? ` (“${appeal.original.note}”)` : ''}
          </Typography>
          <Typography variant="subtitle2" component="h3">
            The seller says
          </Typography>
          <Typography variant="body2" sx={{ mb: 2, whiteSpace: 'pre-wrap' }}>
            {appeal.note}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {reversal(appeal)} The seller reads your note.
          </Typography>
        </>
      )}
      <FormSelect
        control={form.control}
        name="outcome"
        label="Outcome"
        required
        options={OUTCOMES}
        placeholder="Choose an outcome"
        margin="dense"
      />
      <FormText control={form.control} name="note" label="Note to the seller" required multiline minRows={2} margin="dense" fullWidth />
    </DialogForm>
  );
}

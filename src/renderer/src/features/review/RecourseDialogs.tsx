import { useController, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Typography from '@mui/material/Typography';
import { appealForm, resubmitForm, type AppealFormValues, type ResubmitFormValues } from '../../../../shared/appeal-forms';
import { MSG } from '../../../../shared/messages';
import type { CardRecourse } from '../../../../shared/types';
import { useApiMutation } from '../../api/query';
import { msgText } from '../../api/results';
import { DialogForm } from '../../components/DialogForm';
import { FormText } from '../../components/FormFields';
import ImagePicker from '../../components/ImagePicker';
import { formatDateTime } from '../../lib/format';
import { useOpenedOnce } from '../../components/useOpenedOnce';

interface Props {
  cardId: number;
  recourse: CardRecourse;
  open: boolean;
  onClose(): void;
}

/** A seller sends their rejected card again with new photos: it is Pending again (issue 53). */
export function ResubmitDialog(props: Props) {
  return useOpenedOnce(props.open) ? <ResubmitForm {...props} /> : null;
}

function ResubmitForm({ cardId, recourse, open, onClose }: Props) {
  const resubmit = useApiMutation('resubmitCard');
  const form = useForm<ResubmitFormValues>({ resolver: zodResolver(resubmitForm), defaultValues: { note: '', images: [] } });
  const images = useController({ control: form.control, name: 'images' });
  const save = async (v: ResubmitFormValues) => {
    const data = await resubmit.mutateAsync({ id: cardId, body: { note: v.note.trim() }, files: { gallery: v.images } });
    return msgText({ status: 200, data }, MSG.cardResubmitted);
  };
  return (
    <DialogForm
      open={open}
      onClose={onClose}
      id="resubmit-title"
      title="Resubmit this card"
      form={form}
      save={save}
      serverFields={{ gallery: 'images' }}
      submitLabel="Resubmit"
      maxWidth="sm"
    >
      <Typography sx={{ mb: 2 }}>
        Add new photos that fix what the rejection says: the card goes back to Pending for a new review, with its earlier photos kept. You
        can resubmit or appeal once, until {formatDateTime(recourse.window_ends_at)}.
      </Typography>
      <ImagePicker
        label="New photos"
        files={images.field.value}
        onChange={images.field.onChange}
        error={images.fieldState.error?.message}
      />
      <FormText control={form.control} name="note" label="Note for the reviewer" multiline minRows={2} margin="dense" fullWidth />
    </DialogForm>
  );
}

/** A seller appeals the rejection or contests the clawback, with a note and photos (issue 53). */
export function AppealDialog(props: Props) {
  return useOpenedOnce(props.open) ? <AppealForm {...props} /> : null;
}

function AppealForm({ cardId, recourse, open, onClose }: Props) {
  const appeal = useApiMutation('appealCard');
  const form = useForm<AppealFormValues>({ resolver: zodResolver(appealForm), defaultValues: { note: '', images: [] } });
  const images = useController({ control: form.control, name: 'images' });
  const save = async (v: AppealFormValues) => {
    const files = v.images.length ? { gallery: v.images } : undefined;
    const data = await appeal.mutateAsync({ id: cardId, body: { note: v.note.trim() }, files });
    return msgText({ status: 200, data }, MSG.appealFiled);
  };
  const what = recourse.decision === 'clawback' ? 'the clawback' : 'the rejection';
  return (
    <DialogForm
      open={open}
      onClose={onClose}
      id="appeal-title"
      title={recourse.decision === 'clawback' ? 'Contest the clawback' : 'Appeal the rejection'}
      form={form}
      save={save}
      serverFields={{ gallery: 'images' }}
      submitLabel="Send appeal"
      maxWidth="sm"
    >
      <Typography sx={{ mb: 2 }}>
        A staff member other than the one who decided reads your appeal of {what} and answers it here. You can appeal once, until{' '}
        {formatDateTime(recourse.window_ends_at)}.
      </Typography>
      <FormText
        control={form.control}
        name="note"
        label="Why the decision should change"
        required
        multiline
        minRows={3}
        margin="dense"
        fullWidth
      />
      <ImagePicker label="Photos (optional)" files={images.field.value} onChange={images.field.onChange} />
    </DialogForm>
  );
}

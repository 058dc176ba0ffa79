import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { rejectForm, type RejectFormValues } from '../../../../../shared/forms';
import { DialogForm } from '../../../components/DialogForm';
import { FormSelect, FormText } from '../../../components/FormFields';
import { reasonOptions } from './reasons';

interface Props {
  open: boolean;
  onClose(): void;
  /** What is rejected, e.g. "card ABC-1" or "3 cards". */
  what: string;
  /** Sends the rejection; resolves the toast's text. */
  reject(values: RejectFormValues): Promise<string>;
}

/** Reject: a reason from the list (required) and an optional note, then the caller's call. */
export default function RejectDialog({ open, onClose, what, reject }: Props) {
  const form = useForm<RejectFormValues>({ resolver: zodResolver(rejectForm), defaultValues: { reject_reason: '', reject_note: '' } });
  return (
    <DialogForm
      open={open}
      onClose={onClose}
      id="reject-title"
      title={`Reject ${what}`}
      form={form}
      save={reject}
      submitLabel="Reject"
      maxWidth="sm"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          The seller sees the reason and the note.
        </Typography>
        <FormSelect
          control={form.control}
          name="reject_reason"
          label="Reason"
          placeholder="Choose a reason"
          options={reasonOptions}
          required
        />
        <FormText control={form.control} name="reject_note" label="Note (optional)" multiline minRows={2} />
      </Stack>
    </DialogForm>
  );
}

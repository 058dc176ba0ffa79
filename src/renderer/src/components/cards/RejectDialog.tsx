import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { KeyboardEvent, ReactNode } from 'react';
import { REJECT_REASONS } from '../../../../shared/constants';
import { rejectForm, type RejectFormValues } from '../../../../shared/forms';
import { DialogForm } from '../DialogForm';
import { FormSelect, FormText } from '../FormFields';
import { numberedReasonOptions } from '../../lib/rejectReasons';
import { isTyping } from '../../lib/isTyping';
import { useOpenedOnce } from '../useOpenedOnce';

interface Props {
  open: boolean;
  onClose(): void;
  /** What is rejected, e.g. "card ABC-1" or "3 cards". */
  what: string;
  /** Sends the rejection; resolves the toast's text. */
  reject(values: RejectFormValues): Promise<string>;
  /** More to send with the rejection, under the note (the review's proof, issue 53): a wider dialog. */
  extra?: ReactNode;
}

/**
 * Reject: a reason from the list (required) and an optional note, then the caller's call. Outside the note, 1-6 picks
 * the reason (in the list's order) and moves to the Reject button, so Enter sends it.
 */
export default function RejectDialog(props: Props) {
  return useOpenedOnce(props.open) ? <RejectForm {...props} /> : null;
}

function RejectForm({ open, onClose, what, reject, extra }: Props) {
  const form = useForm<RejectFormValues>({ resolver: zodResolver(rejectForm), defaultValues: { reject_reason: '', reject_note: '' } });
  const pickByDigit = (e: KeyboardEvent<HTMLDivElement>) => {
    const reason = REJECT_REASONS[Number(e.key) - 1];
    if (!/^[1-9]$/.test(e.key) || !reason || (isTyping(e.target) && (e.target as HTMLElement).tagName === 'TEXTAREA')) return;
    e.preventDefault();
    form.setValue('reject_reason', reason, { shouldValidate: true, shouldDirty: true });
    e.currentTarget.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
  };
  return (
    <DialogForm
      open={open}
      onClose={onClose}
      id="reject-title"
      title={`Reject ${what}`}
      form={form}
      save={reject}
      submitLabel="Reject"
      maxWidth={extra ? 'md' : 'sm'}
      onKeyDown={pickByDigit}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          The seller sees the reason and the note. Keys 1-{REJECT_REASONS.length} pick the reason.
        </Typography>
        <FormSelect
          control={form.control}
          name="reject_reason"
          label="Reason"
          placeholder="Choose a reason"
          options={numberedReasonOptions}
          required
        />
        <FormText control={form.control} name="reject_note" label="Note (optional)" multiline minRows={2} />
        {extra}
      </Stack>
    </DialogForm>
  );
}

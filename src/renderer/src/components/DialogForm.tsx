import { useEffect, type KeyboardEvent, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useSaveHandler, type SaveOptions } from './FormPage';

export interface DialogFormProps<V extends FieldValues> extends SaveOptions<V> {
  open: boolean;
  onClose(): void;
  /** Unique per screen: the dialog's title id. */
  id: string;
  title: ReactNode;
  form: UseFormReturn<V>;
  submitLabel: string;
  /** The save cannot be made (e.g. the seller's payments are paused): the submit button is disabled from the start. */
  submitDisabled?: boolean;
  maxWidth?: 'xs' | 'sm' | 'md';
  children: ReactNode;
  /** Keys anywhere in the dialog (e.g. the reject dialog's 1-6). */
  onKeyDown?(e: KeyboardEvent<HTMLDivElement>): void;
}

/** A form in a dialog: empty when it opens, Enter submits, Escape / Cancel close, closes after a save (toast and field errors as FormFrame). */
export function DialogForm<V extends FieldValues>({
  open,
  onClose,
  id,
  title,
  form,
  submitLabel,
  submitDisabled = false,
  maxWidth = 'xs',
  children,
  onKeyDown,
  ...save
}: DialogFormProps<V>) {
  const submit = useSaveHandler(form, save, onClose);
  const { reset } = form;
  useEffect(() => {
    if (open) reset();
  }, [open, reset]);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={id}
      fullWidth
      maxWidth={maxWidth}
      // Only when given: an undefined onKeyDown would replace the dialog's own (Escape closes).
      {...(onKeyDown ? { onKeyDown } : {})}
    >
      {/* The submit button stays enabled while saving (a disabled button would drop the focus out of the dialog, and Escape with it). */}
      <form noValidate onSubmit={(e) => (form.formState.isSubmitting || submitDisabled ? e.preventDefault() : void submit(e))}>
        <DialogTitle id={id}>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

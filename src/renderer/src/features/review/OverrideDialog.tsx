import { useController, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import { overrideForm, type OverrideFormValues } from '../../../../shared/forms';
import { DialogForm } from '../../components/DialogForm';
import { FormText } from '../../components/FormFields';
import { useOpenedOnce } from '../../components/useOpenedOnce';

interface Props {
  /** The server's refusal (which cards have the number); null: closed. */
  refusal: string | null;
  onClose(): void;
  approve(values: { override_reason: string }): Promise<string>;
}

/** Approving over a duplicate number: the refusal, the override ticked and a reason (kept in the audit trail). */
export default function OverrideDialog(props: Props) {
  return useOpenedOnce(props.refusal !== null) ? <OverrideForm {...props} /> : null;
}

function OverrideForm({ refusal, onClose, approve }: Props) {
  const form = useForm<OverrideFormValues>({
    resolver: zodResolver(overrideForm),
    defaultValues: { override_duplicate: false, override_reason: '' },
  });
  const tick = useController({ control: form.control, name: 'override_duplicate' });
  return (
    <DialogForm
      open={refusal !== null}
      onClose={onClose}
      id="override-title"
      title="Approve over a duplicate?"
      form={form}
      save={(v) => approve({ override_reason: v.override_reason.trim() })}
      submitLabel="Approve"
      maxWidth="sm"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Alert severity="warning" data-testid="duplicate-refusal">
          {refusal}
        </Alert>
        <div>
          <FormControlLabel
            control={
              <Checkbox
                checked={!!tick.field.value}
                onChange={(e) => tick.field.onChange(e.target.checked)}
                slotProps={{ input: { ref: tick.field.ref } }}
              />
            }
            label="Approve over the duplicate"
          />
          {tick.fieldState.error && <FormHelperText error>{tick.fieldState.error.message}</FormHelperText>}
        </div>
        <FormText control={form.control} name="override_reason" label="Why (kept in the history)" multiline minRows={2} />
      </Stack>
    </DialogForm>
  );
}

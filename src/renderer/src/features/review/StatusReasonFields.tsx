import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { FormSelect, FormText } from '../../components/FormFields';
import { reasonOptions } from '../../lib/rejectReasons';

interface ReasonValues extends FieldValues {
  reject_reason: string;
  reject_note: string;
  override_duplicate: boolean;
  override_reason: string;
}

interface Props<V extends ReasonValues> {
  control: Control<V>;
  /** The status chosen in the select. */
  status: string;
  originalStatus: string;
  disabled?: boolean;
}

/**
 * Under the Card Status select: choosing Rejected asks for the reason (and a note); choosing Approved offers the
 * duplicate override (used only when the number is on another pending or approved card).
 */
export default function StatusReasonFields<V extends ReasonValues>({ control, status, originalStatus, disabled }: Props<V>) {
  const tick = useController({ control, name: 'override_duplicate' as Path<V> });
  if (status === '2')
    return (
      <Stack spacing={2} sx={{ mt: 2 }}>
        <FormSelect
          control={control}
          name={'reject_reason' as Path<V>}
          label="Rejection Reason"
          placeholder="Choose a reason"
          options={reasonOptions}
          required={originalStatus !== '2'}
          disabled={disabled}
        />
        <FormText control={control} name={'reject_note' as Path<V>} label="Rejection Note (optional)" disabled={disabled} />
      </Stack>
    );
  if (status === '1' && originalStatus !== '1')
    return (
      <Stack spacing={1} sx={{ mt: 1 }}>
        <FormControlLabel
          control={
            <Checkbox
              checked={!!tick.field.value}
              onChange={(e) => tick.field.onChange(e.target.checked)}
              slotProps={{ input: { ref: tick.field.ref } }}
              disabled={disabled}
            />
          }
          label="Approve over a duplicate number"
        />
        {!!tick.field.value && (
          <FormText control={control} name={'override_reason' as Path<V>} label="Why (kept in the history)" disabled={disabled} />
        )}
      </Stack>
    );
  return null;
}

import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { SelectField, type Option } from './SelectField';
import { SellerPicker, type SellerPickerProps } from './SellerPicker';

type Bound<V extends FieldValues> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error'> & { control: Control<V>; name: Path<V> };

/** The props that bind a MUI field to a react-hook-form field; its error shows as the helper text. */
function useBoundProps<V extends FieldValues>(control: Control<V>, name: Path<V>, helperText: TextFieldProps['helperText']) {
  const { field, fieldState } = useController({ control, name });
  return {
    name: field.name,
    value: field.value ?? '',
    onChange: field.onChange,
    onBlur: field.onBlur,
    inputRef: field.ref,
    error: !!fieldState.error,
    helperText: fieldState.error?.message ?? helperText,
  };
}

/**
 * A multiline field: a plain textarea of `rows` rows that the user can drag taller. MUI's multiline input is an
 * auto-growing textarea (even with `rows`), which measures itself with getComputedStyle in a layout effect: a forced
 * layout of the whole new screen in its commit (issue 33: a fifth of the card page's longest task).
 */
export const textareaProps = (rows: number) =>
  ({
    multiline: true,
    rows,
    slotProps: { input: { inputComponent: 'textarea' } },
    sx: { '& textarea': { resize: 'vertical' } },
  }) as const;

/** A labelled text field bound to a react-hook-form field. */
export function FormText<V extends FieldValues>({ control, name, helperText, ...props }: Bound<V>) {
  const bound = useBoundProps(control, name, helperText);
  // An error under a field is announced (role alert), so it needs no toast repeating it.
  const slotProps = { ...props.slotProps, formHelperText: { role: bound.error ? 'alert' : undefined } } as TextFieldProps['slotProps'];
  return <TextField {...props} {...bound} slotProps={slotProps} />;
}

/** A labelled native select bound to a react-hook-form field. */
export function FormSelect<V extends FieldValues>({
  control,
  name,
  helperText,
  ...props
}: Bound<V> & { options: Option[]; placeholder?: string }) {
  return <SelectField {...props} {...useBoundProps(control, name, helperText)} />;
}

/** The seller typeahead bound to a react-hook-form field that holds the seller's id as text. */
export function FormSeller<V extends FieldValues>({
  control,
  name,
  helperText,
  ...props
}: Omit<SellerPickerProps, 'value' | 'onChange' | 'name' | 'error'> & { control: Control<V>; name: Path<V> }) {
  const { value, ...bound } = useBoundProps(control, name, helperText);
  return <SellerPicker {...props} {...bound} value={String(value)} />;
}

/** A labelled group of radio buttons bound to a react-hook-form field; its error shows under the group. */
export function FormRadios<V extends FieldValues>({
  control,
  name,
  label,
  options,
  autoFocus,
}: {
  control: Control<V>;
  name: Path<V>;
  label: string;
  options: Option[];
  autoFocus?: boolean;
}) {
  const { field, fieldState } = useController({ control, name });
  const labelId = `${name}-radios-label`;
  return (
    <FormControl error={!!fieldState.error} margin="dense">
      <FormLabel id={labelId}>{label}</FormLabel>
      <RadioGroup aria-labelledby={labelId} name={field.name} value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur}>
        {options.map((o, i) => (
          <FormControlLabel key={o.value} value={String(o.value)} label={o.label} control={<Radio autoFocus={autoFocus && i === 0} />} />
        ))}
      </RadioGroup>
      {fieldState.error && <FormHelperText role="alert">{fieldState.error.message}</FormHelperText>}
    </FormControl>
  );
}

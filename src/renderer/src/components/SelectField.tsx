import TextField, { type TextFieldProps } from '@mui/material/TextField';

export interface Option {
  value: string | number;
  label: string;
}

/** A labelled native select (keyboard and screen-reader friendly; getByLabel + selectOption in tests). */
export function SelectField({ options, placeholder, ...props }: TextFieldProps & { options: Option[]; placeholder?: string }) {
  return (
    <TextField select {...props} slotProps={{ ...props.slotProps, select: { native: true }, inputLabel: { shrink: true } }}>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </TextField>
  );
}

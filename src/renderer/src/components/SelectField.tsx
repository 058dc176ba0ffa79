import TextField, { type TextFieldProps } from '@mui/material/TextField';

export interface Option {
  value: string | number;
  label: string;
}

/**
 * A labelled native select (keyboard and screen-reader friendly; getByLabel + selectOption in tests). The chosen
 * option's full text is its hover title, so a select kept narrow (ellipsis) still tells what it holds.
 */
export function SelectField({ options, placeholder, ...props }: TextFieldProps & { options: Option[]; placeholder?: string }) {
  const chosen = options.find((o) => String(o.value) === String(props.value ?? ''))?.label ?? placeholder;
  const htmlInput = { ...(props.slotProps?.htmlInput as object | undefined), title: chosen };
  return (
    <TextField select {...props} slotProps={{ ...props.slotProps, htmlInput, select: { native: true }, inputLabel: { shrink: true } }}>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value} title={o.label}>
          {o.label}
        </option>
      ))}
    </TextField>
  );
}

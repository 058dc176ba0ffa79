import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { normaliseAmount } from '../../../../shared/forms';
import { parseCents } from '../../../../shared/money';
import { SelectField } from '../SelectField';
import { SellerPicker } from '../SellerPicker';
import type { FilterField } from './listFilters';

const SEARCH_DELAY_MS = 300;

/**
 * Selects keep a fixed width whatever their longest option (a seller's long name would widen the bar to more rows);
 * a longer choice ends in an ellipsis, its full text on hover (SelectField's title).
 */
const selectWidth = (key: string) =>
  ({
    width: key === 'per_page' ? 120 : key === 'sort' ? 190 : 160,
    '& select': { textOverflow: 'ellipsis', overflow: 'hidden', whiteSpace: 'nowrap' },
  }) as const;

/** One filter's field, its value in the URL, the server's error for it, and how a new value is applied. */
interface FilterControlProps {
  field: FilterField;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

/**
 * The search box and the amount fields: they apply once typing pauses; an amount only when the server's money rule takes
 * it, read as the forms read it ("$1,000.50" is 1000.50: the list's price filters took none of what the pay forms take).
 */
function TypedField({ field, value, error, onChange }: FilterControlProps) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const amount = field.kind === 'amount';
  const id = field.kind === 'id';
  const sent = amount ? normaliseAmount(text) : text;
  const invalid = text.trim() !== '' && ((amount && parseCents(sent) === null) || (id && !/^[1-9]\d{0,9}$/.test(text.trim())));
  useEffect(() => {
    if (text === value || sent === value || invalid) return;
    const t = setTimeout(() => onChange(text.trim() === '' ? '' : sent), SEARCH_DELAY_MS);
    return () => clearTimeout(t);
  }, [text, sent, value, onChange, invalid]);
  return (
    <TextField
      size="small"
      margin="none"
      fullWidth={false}
      type={amount || id ? 'text' : 'search'}
      label={field.label}
      value={text}
      onChange={(e) => setText(e.target.value)}
      error={invalid || !!error}
      helperText={invalid ? (id ? 'A whole number like 42' : 'An amount like 12.50') : error}
      slotProps={{ htmlInput: { maxLength: 64, inputMode: amount ? 'decimal' : id ? 'numeric' : undefined } }}
      sx={{ minWidth: amount || id ? 120 : 220, width: amount || id ? 130 : undefined }}
    />
  );
}

/** One filter of a bar, by its kind: a typed field (search, amount), a date, the seller typeahead, or a select. */
export function FilterControl({ field: f, value, error, onChange }: FilterControlProps) {
  if (f.kind === 'search' || f.kind === 'amount' || f.kind === 'id')
    return <TypedField field={f} value={value} error={error} onChange={onChange} />;
  if (f.kind === 'seller')
    return (
      <SellerPicker
        size="small"
        value={value}
        onChange={onChange}
        placeholder="Any"
        helperText={error}
        error={!!error}
        sx={{ width: 200 }}
      />
    );
  if (f.kind === 'date')
    return (
      <TextField
        size="small"
        margin="none"
        fullWidth={false}
        type="date"
        label={f.label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        error={!!error}
        helperText={error}
        slotProps={{ inputLabel: { shrink: true }, formHelperText: { role: error ? 'alert' : undefined } }}
      />
    );
  return (
    <SelectField
      size="small"
      margin="none"
      fullWidth={false}
      label={f.label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      options={f.options ?? []}
      placeholder={f.placeholder ?? (f.key === 'sort' ? 'Newest first' : f.key === 'per_page' ? 'Default' : 'Any')}
      sx={selectWidth(f.key)}
    />
  );
}

export interface FilterBarProps {
  label: string;
  fields: readonly FilterField[];
  active: Record<string, string>;
  /** Field errors found before any request (From after To). */
  errors?: Record<string, string>;
  onChange: (key: string, value: string) => void;
  onClear: () => void;
}

/** Filters, search, sort and rows per page of a list; every value lives in the URL (useListFilters). */
export function FilterBar(props: FilterBarProps) {
  const { fields, active, onChange, errors = {} } = props;
  return (
    <Box
      role="search"
      aria-label={props.label}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', mb: 2 }}
      data-testid="filter-bar"
    >
      {fields
        .filter((f) => !f.hidden)
        .map((f) => (
          <FilterControl key={f.key} field={f} value={active[f.key] ?? ''} error={errors[f.key]} onChange={(v) => onChange(f.key, v)} />
        ))}
      {Object.keys(active).length > 0 && (
        <Button size="small" onClick={props.onClear} sx={{ mt: 0.5 }}>
          Clear filters
        </Button>
      )}
    </Box>
  );
}

import { useMemo, useState, type Ref } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import CircularProgress from '@mui/material/CircularProgress';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { SellerRow } from '../../../shared/types';
import { useApiQuery } from '../api/query';
import { useDebounced } from '../lib/useDebounced';
import { useChosenSeller, type ChosenSeller } from './useChosenSeller';

/** Matches shown per search: the list's first page. Typing more narrows it; any number of sellers can be found. */
const MATCHES_SHOWN = '25';
const SEARCH_DELAY_MS = 300;

export interface SellerPickerProps {
  label?: string;
  /** The chosen seller's id as text ('' for none), as a form field or the URL holds it. */
  value: string;
  onChange(id: string): void;
  /** An option's text (default the name); the payout form adds what the seller is due. */
  describe?: (seller: SellerRow) => string;
  id?: string;
  name?: string;
  required?: boolean;
  error?: boolean;
  helperText?: TextFieldProps['helperText'];
  placeholder?: string;
  size?: 'small' | 'medium';
  inputRef?: Ref<HTMLInputElement>;
  onBlur?(): void;
  sx?: TextFieldProps['sx'];
}

const byName = (s: SellerRow) => s.name;

/**
 * The seller field of every screen that picks one: a typeahead over `seller-lists?q=` (the first page of matches, asked
 * once typing pauses), so it finds any seller however many there are. A chosen seller from the URL or a loaded record
 * shows by name (that one seller is read).
 */
export function SellerPicker({ label = 'Seller', value, onChange, describe = byName, ...field }: SellerPickerProps) {
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState('');
  const [picked, setPicked] = useState<ChosenSeller | null>(null);
  const search = useDebounced(term.trim(), SEARCH_DELAY_MS);
  const matches = useApiQuery(
    'sellerList',
    { query: { page: '1', per_page: MATCHES_SHOWN, sort: 'name', ...(search ? { q: search } : {}) } },
    { enabled: open, loader: false, placeholderData: (previous) => previous },
  );
  const loaded = useChosenSeller(picked?.id === value ? '' : value);
  const unnamed = useMemo<ChosenSeller>(() => ({ id: value, name: `Seller #${value}` }), [value]);
  const chosen = value === '' ? null : picked?.id === value ? picked : (loaded ?? unnamed);
  const options: ChosenSeller[] = (matches.data?.data ?? []).map((s) => ({ id: String(s.id), name: s.name, text: describe(s) }));
  // The chosen seller stays an option while nothing is typed, so the field can show it (Autocomplete's value).
  if (chosen && !search && !options.some((o) => o.id === chosen.id)) options.unshift(chosen);
  const waiting = open && (matches.isFetching || search !== term.trim());
  return (
    <Autocomplete
      id={field.id}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      value={chosen}
      onChange={(_, next) => {
        setPicked(next);
        onChange(next?.id ?? '');
      }}
      onInputChange={(_, text, reason) => setTerm(reason === 'input' ? text : '')}
      filterOptions={(all) => all}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.name}
      getOptionKey={(o) => o.id}
      renderOption={({ key, ...props }, o) => (
        <li key={key} {...props}>
          {o.text ?? o.name}
        </li>
      )}
      loading={waiting}
      loadingText="Loading sellers…"
      noOptionsText={matches.isError ? 'Could not load the sellers' : 'No sellers found'}
      size={field.size}
      sx={field.sx}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          label={label}
          required={field.required}
          error={field.error}
          helperText={field.helperText}
          placeholder={field.placeholder}
          inputRef={field.inputRef}
          onBlur={field.onBlur}
          slotProps={{
            ...params.slotProps,
            // The full name on hover, for a field kept narrow (a filter bar's).
            htmlInput: { ...params.slotProps.htmlInput, title: chosen?.name },
            inputLabel: { ...params.slotProps.inputLabel, shrink: true },
            formHelperText: { role: field.error ? 'alert' : undefined },
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {waiting && <CircularProgress color="inherit" size={18} aria-label="Loading sellers" />}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}

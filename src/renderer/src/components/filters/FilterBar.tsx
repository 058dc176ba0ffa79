import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { SelectField } from '../SelectField';
import type { FilterField } from './listFilters';

const SEARCH_DELAY_MS = 300;

/** The search box: searches as you type, once typing pauses. */
function SearchBox({ field, value, onChange }: { field: FilterField; value: string; onChange: (v: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const t = setTimeout(() => onChange(text), SEARCH_DELAY_MS);
    return () => clearTimeout(t);
  }, [text, value, onChange]);
  return (
    <TextField
      size="small"
      type="search"
      label={field.label}
      value={text}
      onChange={(e) => setText(e.target.value)}
      slotProps={{ htmlInput: { maxLength: 64 } }}
      sx={{ minWidth: 220 }}
    />
  );
}

/** Filters, search, sort and rows per page of a list; every value lives in the URL (useListFilters). */
export function FilterBar(props: {
  label: string;
  fields: readonly FilterField[];
  active: Record<string, string>;
  onChange: (key: string, value: string) => void;
  onClear: () => void;
}) {
  const { fields, active, onChange } = props;
  return (
    <Box
      role="search"
      aria-label={props.label}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}
      data-testid="filter-bar"
    >
      {fields.map((f) =>
        f.kind === 'search' ? (
          <SearchBox key={f.key} field={f} value={active[f.key] ?? ''} onChange={(v) => onChange(f.key, v)} />
        ) : f.kind === 'date' ? (
          <TextField
            key={f.key}
            size="small"
            type="date"
            label={f.label}
            value={active[f.key] ?? ''}
            onChange={(e) => onChange(f.key, e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        ) : (
          <SelectField
            key={f.key}
            size="small"
            label={f.label}
            value={active[f.key] ?? ''}
            onChange={(e) => onChange(f.key, e.target.value)}
            options={f.options ?? []}
            placeholder={f.key === 'sort' ? 'Newest first' : f.key === 'per_page' ? 'Default' : 'Any'}
            sx={{ minWidth: 140 }}
          />
        ),
      )}
      {Object.keys(active).length > 0 && (
        <Button size="small" onClick={props.onClear}>
          Clear filters
        </Button>
      )}
    </Box>
  );
}

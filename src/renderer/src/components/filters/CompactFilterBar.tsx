import { useId, useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Typography from '@mui/material/Typography';
import FilterListIcon from '@mui/icons-material/FilterList';
import { FilterControl, type FilterBarProps } from './FilterBar';
import { filterChips } from './listFilters';

/**
 * A busy list's filters in one compact row (issue 55: one line until opened): the search box, a Filters button that
 * opens the other filters below it, a chip for each active filter, whose delete removes that filter from the URL,
 * Clear filters and the count (always shown). The panel opens by itself while one of its fields has an error (From
 * after To), so the error shows.
 */
export function CompactFilterBar(props: FilterBarProps & { count: string }) {
  const { fields, active, onChange, errors = {} } = props;
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const search = fields.filter((f) => f.kind === 'search' && !f.hidden);
  const inPanel = fields.filter((f) => f.kind !== 'search' && !f.hidden);
  const chips = filterChips(active, fields);
  const forced = inPanel.some((f) => errors[f.key]);
  const shown = open || forced;
  return (
    <Box role="search" aria-label={props.label} data-testid="filter-bar" sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5, rowGap: 1, alignItems: 'center' }}>
        {search.map((f) => (
          <FilterControl key={f.key} field={f} value={active[f.key] ?? ''} error={errors[f.key]} onChange={(v) => onChange(f.key, v)} />
        ))}
        <Button
          variant={shown ? 'contained' : 'outlined'}
          color="primary"
          startIcon={
            <Badge badgeContent={chips.length} color="secondary" aria-hidden>
              <FilterListIcon />
            </Badge>
          }
          aria-expanded={shown}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          Filters
        </Button>
        {chips.length > 0 && (
          <Box component="ul" aria-label="Active filters" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}>
            {chips.map((c) => (
              <li key={c.key}>
                <Chip
                  size="small"
                  label={c.label}
                  aria-label={`Remove filter ${c.label}`}
                  title={`Remove filter ${c.label}`}
                  onClick={() => onChange(c.key, '')}
                  onDelete={() => onChange(c.key, '')}
                />
              </li>
            ))}
          </Box>
        )}
        {/* Not for a hidden field alone (the card list's status, chosen by its tabs; issue 55). */}
        {fields.some((f) => !f.hidden && active[f.key] !== undefined) && (
          <Button size="small" onClick={props.onClear}>
            Clear filters
          </Button>
        )}
        <Typography variant="body2" color="text.secondary" role="status" sx={{ ml: 'auto', minHeight: 20 }} data-testid="list-count">
          {props.count}
        </Typography>
      </Box>
      <Collapse in={shown} id={panelId}>
        <Box
          role="group"
          aria-label="More filters"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', pt: 1.5, pb: 0.5 }}
        >
          {inPanel.map((f) => (
            <FilterControl key={f.key} field={f} value={active[f.key] ?? ''} error={errors[f.key]} onChange={(v) => onChange(f.key, v)} />
          ))}
        </Box>
      </Collapse>
    </Box>
  );
}

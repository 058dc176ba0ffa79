import { useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import { MSG } from '../../../../shared/messages';
import { normaliseAmount } from '../../../../shared/forms';
import { parseCents } from '../../../../shared/money';
import { formatMoney } from '../../lib/format';
import { amountText } from '../../components/form';

/** The fixed price list: type a price, Add Price (or Enter) makes a chip; a chip's delete removes it. */
export function FixedPrices({ prices, onChange, error }: { prices: string[]; onChange(p: string[]): void; error?: string }) {
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();

  const add = () => {
    if (!text.trim()) return setFieldError(MSG.enterPrice);
    const cents = parseCents(normaliseAmount(text));
    if (cents === null || cents === 0) return setFieldError('Enter a price above 0 with at most 2 decimals');
    const value = amountText(cents / 100);
    if (!prices.includes(value)) onChange([...prices, value].sort((a, b) => Number(a) - Number(b)));
    setText('');
    setFieldError(undefined);
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  };

  return (
    <Box sx={{ mt: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          id="offer-fixed-price"
          label="Fixed Price"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setFieldError(undefined);
          }}
          onKeyDown={onKey}
          error={!!fieldError}
          helperText={fieldError}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <Button variant="outlined" onClick={add} sx={{ mt: 3, whiteSpace: 'nowrap' }}>
          Add Price
        </Button>
      </Box>
      <Box component="ul" aria-label="Price list" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', listStyle: 'none', p: 0, m: 0 }}>
        {prices.map((p) => (
          <li key={p}>
            <Chip
              label={formatMoney(p)}
              onDelete={() => onChange(prices.filter((x) => x !== p))}
              aria-label={`Remove price ${formatMoney(p)}`}
            />
          </li>
        ))}
      </Box>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}

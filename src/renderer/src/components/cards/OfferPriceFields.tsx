import Box from '@mui/material/Box';
import { useController, type Control, type UseFormReturn } from 'react-hook-form';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { centsToDecimal } from '../../../../shared/money';
import { formatMoney } from '../../lib/format';
import type { Offer } from '../../../../shared/types';
import { fixedPrices, isFixedPrice, preview, rangePriceHelp } from '../../lib/offers';

interface Props {
  offers: Offer[];
  offerId: string;
  price: string;
  onOffer(id: string): void;
  onPrice(price: string): void;
  errors?: { offer?: string; price?: string };
  disabled?: boolean;
  autoFocus?: boolean;
}

/** Offer select, then a price field (range offers) or a price select (fixed offers). */
export function OfferPriceFields({ offers, offerId, price, onOffer, onPrice, errors = {}, disabled, autoFocus }: Props) {
  const offer = offers.find((o) => String(o.id) === offerId);
  const fixed = isFixedPrice(offer);
  const prices = fixedPrices(offer);
  return (
    <Stack spacing={2}>
      <TextField
        select
        label="Offer"
        value={offerId}
        onChange={(e) => onOffer(e.target.value)}
        required
        fullWidth
        disabled={disabled}
        autoFocus={autoFocus}
        error={!!errors.offer}
        helperText={errors.offer}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">Choose an offer</option>
        {offers.map((o) => (
          <option key={o.id} value={String(o.id)}>
            {o.title}
            {o.is_active ? '' : ' (maintenance)'}
          </option>
        ))}
      </TextField>
      {fixed ? (
        <TextField
          select
          label="Price"
          value={price}
          onChange={(e) => onPrice(e.target.value)}
          required
          fullWidth
          disabled={disabled || !offer}
          error={!!errors.price}
          helperText={errors.price}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">Choose a price</option>
          {prices.map((c) => (
            <option key={c} value={centsToDecimal(c)}>
              {formatMoney(centsToDecimal(c))}
            </option>
          ))}
        </TextField>
      ) : (
        <TextField
          label="Price"
          value={price}
          onChange={(e) => onPrice(e.target.value)}
          required
          fullWidth
          disabled={disabled || !offer}
          error={!!errors.price}
          helperText={rangePriceHelp(offer, errors.price)}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      )}
    </Stack>
  );
}

/** Price, rate and payable of the price under the offer, computed like the server does. */
export function PriceBreakdown({ offer, price }: { offer: Offer | undefined; price: string }) {
  const p = preview(offer, price);
  const cell = (label: string, value: string) => (
    <Box sx={{ minWidth: 100 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography data-testid={`breakdown-${label.toLowerCase()}`}>{value}</Typography>
    </Box>
  );
  return (
    <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Breakdown" role="group">
      {cell('Price', p ? formatMoney(centsToDecimal(p.price)) : '—')}
      {cell('Rate', p ? formatMoney(centsToDecimal(p.rate)) : '—')}
      {cell('Payable', p ? formatMoney(centsToDecimal(p.payable)) : '—')}
    </Stack>
  );
}

interface OfferPriceValues {
  giftcard_offer_id: string;
  price: string;
}

/** The offer and price of a card form bound to react-hook-form (choosing another offer empties the price). */
export function useOfferPrice<V extends OfferPriceValues>(form: UseFormReturn<V>, offers: Offer[]) {
  const control = form.control as unknown as Control<OfferPriceValues>;
  const offerField = useController({ control, name: 'giftcard_offer_id' });
  const priceField = useController({ control, name: 'price' });
  const offer = offers.find((o) => String(o.id) === offerField.field.value);
  const fieldProps: Omit<Props, 'offers' | 'disabled'> = {
    offerId: offerField.field.value,
    price: priceField.field.value,
    onOffer: (id) => {
      offerField.field.onChange(id);
      priceField.field.onChange('');
    },
    onPrice: priceField.field.onChange,
    errors: { offer: offerField.fieldState.error?.message, price: priceField.fieldState.error?.message },
  };
  return { offer, price: priceField.field.value, fieldProps };
}

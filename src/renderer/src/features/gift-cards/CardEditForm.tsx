import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CARD_STATUS, CARD_STATUS_LABEL, type CardStatus } from '../../../../shared/constants';
import type { PickedFile } from '../../../../shared/endpoints';
import { MSG } from '../../../../shared/messages';
import { centsToDecimal, formatMoney, parseCents } from '../../../../shared/money';
import type { GiftCardDetail, Offer } from '../../../../shared/types';
import { errorText, fieldErrors, isOk, msgText, useApi } from '../../app/api';
import { useSession } from '../../app/session';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import ImagePicker from '../../components/ImagePicker';
import { useNotify } from '../../components/notify';
import CardImages from './CardImages';
import { priceError } from './offers';
import { OfferPriceFields, PriceBreakdown } from './OfferPriceFields';

interface Props {
  detail: GiftCardDetail;
  offers: Offer[];
  onSaved(): Promise<void> | void;
}
interface Errors {
  offer?: string;
  price?: string;
  card_number?: string;
  description?: string;
  images?: string;
}

const priceText = (v: number) => centsToDecimal(parseCents(v) ?? 0);

/** The card's edit form; read-only for sellers once the card is no longer pending. */
export default function CardEditForm({ detail, offers: allOffers, onSaved }: Props) {
  const card = detail.data;
  const { call } = useApi();
  const { isStaff } = useSession();
  const notify = useNotify();
  const confirmedDelete = useConfirmedDelete();
  const readOnly = !isStaff && card.card_status !== CARD_STATUS.pending;
  const offers = allOffers.filter((o) => o.is_active === 1 || o.id === card.giftcard_offer_id);
  const [offerId, setOfferId] = useState(String(card.giftcard_offer_id));
  const [price, setPrice] = useState(priceText(card.price));
  const [cardNumber, setCardNumber] = useState(card.card_number ?? '');
  const [description, setDescription] = useState(card.description ?? '');
  const [status, setStatus] = useState<CardStatus>(card.card_status);
  const [newImages, setNewImages] = useState<PickedFile[]>([]);
  const [showPrice, setShowPrice] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const offer = offers.find((o) => String(o.id) === offerId);
  const disabled = readOnly || saving;

  const removeImage = async (imageId: number) => {
    if ((await confirmedDelete('deleteCardImage', imageId)) !== null) await onSaved();
  };

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    if (disabled) return;
    const next: Errors = {};
    if (!offer) next.offer = 'Offer is required';
    // An unchanged price is the card's own (the offer may have changed since); anything else must fit the offer.
    else if (offerId !== String(card.giftcard_offer_id) || price !== priceText(card.price)) {
      const pe = priceError(offer, price);
      if (pe) next.price = pe;
    }
    setErrors(next);
    if (Object.keys(next).length) return;
    setSaving(true);
    const body = {
      giftcard_offer_id: Number(offerId),
      price: price.trim(),
      description: description.trim(),
      card_number: cardNumber.trim(),
      ...(isStaff ? { card_status: status } : {}),
    };
    const r = await call(
      'updateCard',
      { id: card.id, body, files: newImages.length ? { gallery: newImages } : undefined },
      { loader: newImages.length === 0 },
    );
    setSaving(false);
    if (isOk(r)) {
      notify.success(msgText(r, 'Gift card updated'));
      setNewImages([]);
      await onSaved();
      return;
    }
    const fe = fieldErrors(r);
    setErrors({
      offer: fe.giftcard_offer_id,
      price: fe.price,
      card_number: fe.card_number,
      description: fe.description,
      images: Object.entries(fe).find(([k]) => k.startsWith('gallery'))?.[1],
    });
    notify.error(errorText(r, MSG.serverError));
  };

  return (
    <form onSubmit={save} noValidate aria-label="Edit gift card">
      <Stack spacing={2}>
        {readOnly && (
          <Alert severity="info">
            {MSG.cardLocked}: this card is {CARD_STATUS_LABEL[card.card_status].toLowerCase()}.
          </Alert>
        )}
        <Box>
          <Typography variant="caption" color="text.secondary">
            Seller
          </Typography>
          <Typography data-testid="card-seller">{card.name}</Typography>
          <Typography variant="body2" color="text.secondary" data-testid="card-seller-email">
            {card.email}
          </Typography>
        </Box>
        <OfferPriceFields
          offers={offers}
          offerId={offerId}
          price={price}
          onOffer={(id) => {
            setOfferId(id);
            setPrice('');
            setErrors((x) => ({ ...x, offer: undefined, price: undefined }));
          }}
          onPrice={(p) => {
            setPrice(p);
            setErrors((x) => ({ ...x, price: undefined }));
          }}
          errors={errors}
          disabled={disabled}
          autoFocus={!readOnly}
        />
        <Box>
          <Button
            variant="outlined"
            size="small"
            onClick={() => setShowPrice((s) => !s)}
            aria-expanded={showPrice}
            aria-controls="price-breakdown"
          >
            {showPrice ? 'Hide Price' : 'Show Price'}
          </Button>
          <Collapse in={showPrice} id="price-breakdown">
            <Box sx={{ mt: 1.5 }}>
              <PriceBreakdown offer={offer} price={price} />
              <Typography variant="body2" sx={{ mt: 1 }}>
                Paid {formatMoney(card.paid_amount)} · Due {formatMoney(card.due)}
              </Typography>
            </Box>
          </Collapse>
        </Box>
        <TextField
          label="Card Number"
          value={cardNumber}
          onChange={(e) => setCardNumber(e.target.value)}
          fullWidth
          disabled={readOnly || saving}
          error={!!errors.card_number}
          helperText={errors.card_number ?? (isStaff ? undefined : 'Filled in by the staff on review')}
          slotProps={{ htmlInput: { readOnly: !isStaff } }}
        />
        <Box>
          <Typography variant="subtitle2" gutterBottom>
            Images
          </Typography>
          <CardImages images={detail.images} onRemove={readOnly ? undefined : removeImage} />
        </Box>
        {!readOnly && <ImagePicker label="New Images" files={newImages} onChange={setNewImages} disabled={saving} error={errors.images} />}
        <TextField
          label="Description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          multiline
          minRows={3}
          fullWidth
          disabled={disabled}
          error={!!errors.description}
          helperText={errors.description}
        />
        {isStaff && (
          <Box>
            <Divider sx={{ mb: 2 }} />
            <Typography variant="subtitle1" component="h2" gutterBottom>
              Admin Option
            </Typography>
            <TextField
              select
              label="Card Status"
              value={String(status)}
              onChange={(e) => setStatus(Number(e.target.value) as CardStatus)}
              fullWidth
              disabled={saving}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              {([0, 1, 2] as const).map((s) => (
                <option key={s} value={String(s)}>
                  {CARD_STATUS_LABEL[s]}
                </option>
              ))}
            </TextField>
          </Box>
        )}
        <Box sx={{ minHeight: 28 }} aria-live="polite">
          {saving && newImages.length > 0 && (
            <>
              <Typography variant="body2">
                Uploading {newImages.length} image{newImages.length === 1 ? '' : 's'}…
              </Typography>
              <LinearProgress aria-label="Uploading" />
            </>
          )}
        </Box>
        {!readOnly && (
          <Box>
            <Button type="submit" variant="contained" disabled={saving}>
              Save
            </Button>
          </Box>
        )}
      </Stack>
    </form>
  );
}

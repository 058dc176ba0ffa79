import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { PickedFile } from '../../../../shared/endpoints';
import { MSG } from '../../../../shared/messages';
import { errorText, fieldErrors, isOk, msgText, useApi } from '../../app/api';
import { LoadState } from '../../components/DataTable';
import ImagePicker from '../../components/ImagePicker';
import { useNotify } from '../../components/notify';
import PageHeader from '../../components/PageHeader';
import { priceError } from './offers';
import { OfferPriceFields, PriceBreakdown } from './OfferPriceFields';
import { useOffers } from './useOffers';

interface Errors {
  offer?: string;
  price?: string;
  images?: string;
  description?: string;
}

/** Add Gift Card (sellers): offer, price, images, description. */
export default function AddGiftCardPage() {
  const { call } = useApi();
  const notify = useNotify();
  const navigate = useNavigate();
  const { offers: all, error: loadError, reload } = useOffers();
  const offers = all.filter((o) => o.is_active === 1);
  const [offerId, setOfferId] = useState('');
  const [price, setPrice] = useState('');
  const [images, setImages] = useState<PickedFile[]>([]);
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const offer = offers.find((o) => String(o.id) === offerId);

  const clear = () => {
    setOfferId('');
    setPrice('');
    setImages([]);
    setDescription('');
    setErrors({});
  };

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    if (saving) return;
    const next: Errors = {};
    if (!offer) next.offer = 'Offer is required';
    else {
      const pe = priceError(offer, price);
      if (pe) next.price = pe;
    }
    if (images.length === 0) next.images = MSG.imageRequired;
    setErrors(next);
    if (Object.keys(next).length) return;
    setSaving(true);
    const r = await call(
      'createCard',
      {
        body: { giftcard_offer_id: Number(offerId), price: price.trim(), description: description.trim() || undefined },
        files: { gallery: images },
      },
      { loader: false },
    );
    setSaving(false);
    if (isOk(r)) {
      notify.success(msgText(r, 'Gift card saved'));
      navigate('/gift-cards');
      return;
    }
    const fe = fieldErrors(r);
    setErrors({
      offer: fe.giftcard_offer_id,
      price: fe.price,
      images: Object.entries(fe).find(([k]) => k.startsWith('gallery'))?.[1],
      description: fe.description,
    });
    notify.error(errorText(r, MSG.serverError));
  };

  return (
    <Box>
      <PageHeader
        title="Add Gift Card"
        actions={
          <Button component={RouterLink} to="/gift-cards" startIcon={<ArrowBackIcon />}>
            Back To Lists
          </Button>
        }
      />
      <Paper sx={{ p: 3, maxWidth: 720 }}>
        <LoadState loading={false} error={loadError} onRetry={reload} />
        <form onSubmit={save} noValidate aria-label="Add gift card">
          <Stack spacing={2}>
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
              disabled={saving}
              autoFocus
            />
            <PriceBreakdown offer={offer} price={price} />
            <ImagePicker
              label="Card Images"
              files={images}
              onChange={(f) => {
                setImages(f);
                setErrors((x) => ({ ...x, images: undefined }));
              }}
              disabled={saving}
              error={errors.images}
            />
            <TextField
              label="Description"
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              multiline
              minRows={3}
              fullWidth
              disabled={saving}
              error={!!errors.description}
              helperText={errors.description}
            />
            <Box sx={{ minHeight: 28 }} aria-live="polite">
              {saving && (
                <>
                  <Typography variant="body2">
                    Uploading {images.length} image{images.length === 1 ? '' : 's'}…
                  </Typography>
                  <LinearProgress aria-label="Uploading" />
                </>
              )}
            </Box>
            <Stack direction="row" spacing={1}>
              <Button type="submit" variant="contained" disabled={saving}>
                Save
              </Button>
              <Button type="button" onClick={clear} disabled={saving}>
                Clear
              </Button>
            </Stack>
          </Stack>
        </form>
      </Paper>
    </Box>
  );
}

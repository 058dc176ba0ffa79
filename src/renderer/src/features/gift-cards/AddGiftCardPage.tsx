import { useMemo, useRef } from 'react';
import Stack from '@mui/material/Stack';
import { useController, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { PickedFile } from '../../../../shared/endpoints';
import { cardAddForm } from '../../../../shared/forms';
import { useApiMutation } from '../../api/query';
import { msgText } from '../../api/results';
import { LoadState } from '../../components/DataTable';
import { textareaProps, FormText } from '../../components/FormFields';
import { FormPage } from '../../components/FormPage';
import ImagePicker from '../../components/ImagePicker';
import { UploadProgress } from '../../components/UploadProgress';
import { OfferPriceFields, PriceBreakdown, useOfferPrice } from '../../components/cards/OfferPriceFields';
import { useOffers } from '../../components/cards/useOffers';

interface Values {
  giftcard_offer_id: string;
  price: string;
  description: string;
  images: PickedFile[];
}
const EMPTY: Values = { giftcard_offer_id: '', price: '', description: '', images: [] };

/** Add Gift Card (sellers): offer, price, images, description. */
export default function AddGiftCardPage() {
  const { offers: all, error: loadError, reload } = useOffers();
  const offers = useMemo(() => all.filter((o) => o.is_active === 1), [all]);
  const form = useForm<Values>({ resolver: zodResolver(cardAddForm<PickedFile>(offers)), defaultValues: EMPTY });
  const { control, formState } = form;
  const { offer, price, fieldProps } = useOfferPrice(form, offers);
  const imagesField = useController({ control, name: 'images' });
  const create = useApiMutation('createCard', { loader: false });
  const saving = formState.isSubmitting;
  const images = imagesField.field.value;
  const createdId = useRef<number | null>(null);
  // One key per submission, kept until it succeeds: Save again after a lost answer gets the card already stored.
  const submission = useRef<string | null>(null);

  const save = async (v: Values) => {
    submission.current ??= crypto.randomUUID();
    const data = await create.mutateAsync({
      body: {
        giftcard_offer_id: Number(v.giftcard_offer_id),
        price: v.price.trim(),
        description: v.description.trim() || undefined,
        idempotency_key: submission.current,
      },
      files: { gallery: v.images },
    });
    submission.current = null;
    createdId.current = data.id;
    return msgText({ status: 200, data }, 'Gift card saved');
  };

  return (
    <FormPage
      title="Add Gift Card"
      label="Add gift card"
      backTo="/gift-cards"
      // The new card's page, so a second Save cannot look like a duplicate of it.
      navigateTo={() => (createdId.current === null ? '/gift-cards' : `/gift-card/${createdId.current}`)}
      maxWidth={720}
      notice={<LoadState loading={false} error={loadError} onRetry={() => void reload()} />}
      form={form}
      save={save}
      serverFields={{ gallery: 'images' }}
      clearable
      footer={<UploadProgress active={saving} count={images.length} />}
    >
      <Stack spacing={2}>
        <OfferPriceFields offers={offers} {...fieldProps} disabled={saving} />
        <PriceBreakdown offer={offer} price={price} />
        <ImagePicker
          label="Card Images"
          files={images}
          onChange={imagesField.field.onChange}
          disabled={saving}
          error={imagesField.fieldState.error?.message}
        />
        <FormText control={control} name="description" label="Description" {...textareaProps(3)} disabled={saving} />
      </Stack>
    </FormPage>
  );
}

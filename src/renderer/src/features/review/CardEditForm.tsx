import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useController, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CARD_STATUS, CARD_STATUS_LABEL, type RejectReason } from '../../../../shared/constants';
import type { PickedFile } from '../../../../shared/endpoints';
import { cardEditForm } from '../../../../shared/forms';
import { MSG } from '../../../../shared/messages';
import { centsToDecimal, parseCents } from '../../../../shared/money';
import type { GiftCardDetail, Offer } from '../../../../shared/types';
import { useApiMutation } from '../../api/query';
import { msgText } from '../../api/results';
import { useSession } from '../../app/session';
import { formatCardDue, formatMoney } from '../../lib/format';
import { textareaProps, FormSelect, FormText } from '../../components/FormFields';
import { FormFrame } from '../../components/FormPage';
import ImagePicker from '../../components/ImagePicker';
import { UploadProgress } from '../../components/UploadProgress';
import StatusReasonFields from './StatusReasonFields';
import DuplicatePanel from './DuplicatePanel';
import { useReadNumber } from './useReadNumber';
import ReadComparison, { ReadNoteText } from './ReadComparison';
import { codeChars } from '../../lib/compare-code';
import { OfferPriceFields, PriceBreakdown, useOfferPrice } from '../../components/cards/OfferPriceFields';

interface Props {
  detail: GiftCardDetail;
  offers: Offer[];
  /**
   * Where the focus starts: the first field (default); in the review queue (useReviewFocus) Card Number on a pending
   * card without a number (read the photo, type, Escape, A), else none of the fields: the page puts it on the card's
   * heading, so the keys work at once (a focused Offer would take the arrows, a filled number the letters).
   */
  focus?: 'first' | 'number' | 'none';
}
interface Values {
  giftcard_offer_id: string;
  price: string;
  card_number: string;
  description: string;
  card_status: string;
  reject_reason: string;
  reject_note: string;
  override_duplicate: boolean;
  override_reason: string;
  images: PickedFile[];
}

const priceText = (v: number) => centsToDecimal(parseCents(v) ?? 0);

/** The Card Number field's id: the review actions send what it holds with the decision. */
export const CARD_NUMBER_ID = 'card-number';

/** What may change on this card for this user: sellers only while pending; on a paid card staff cannot change offer, price, status or images. */
export function cardLocks(card: GiftCardDetail['data'], isStaff: boolean) {
  const readOnly = card.card_status === CARD_STATUS.disputed || (!isStaff && card.card_status !== CARD_STATUS.pending);
  // What the server refuses on a paid card is shown locked, with why, instead of failing on Save.
  const paidLock = isStaff && card.card_status === CARD_STATUS.approved && card.paid_amount > 0;
  return { readOnly, paidLock };
}

/** The card's edit form; read-only for sellers once the card is no longer pending. A save refreshes the card (its query). */
export default function CardEditForm({ detail, offers: allOffers, focus = 'first' }: Props) {
  const card = detail.data;
  const { isStaff } = useSession();
  const { readOnly, paidLock } = cardLocks(card, isStaff);
  const disputed = card.card_status === CARD_STATUS.disputed;
  const disputedLine = isStaff ? MSG.cardDisputed : MSG.cardDisputedForSeller;
  // ClawbackNotice's own condition: the page shows the clawback with its proof.
  const clawbackShown = disputed && detail.proof?.decision === 'clawback';
  const offers = allOffers.filter((o) => o.is_active === 1 || o.id === card.giftcard_offer_id);
  const original = {
    giftcard_offer_id: String(card.giftcard_offer_id),
    price: priceText(card.price),
    card_status: String(card.card_status),
  };
  const form = useForm<Values>({
    resolver: zodResolver(cardEditForm<PickedFile>(offers, original)),
    defaultValues: {
      ...original,
      card_number: card.card_number ?? '',
      description: card.description ?? '',
      card_status: String(card.card_status),
      reject_reason: card.reject_reason ?? '',
      reject_note: card.reject_note ?? '',
      override_duplicate: false,
      override_reason: '',
      images: [],
    },
  });
  const { control } = form;
  const { offer, price, fieldProps } = useOfferPrice(form, offers);
  const imagesField = useController({ control, name: 'images' });
  const newImages = imagesField.field.value;
  const update = useApiMutation('updateCard', { loader: newImages.length === 0 });
  const [showPrice, setShowPrice] = useState(false);
  const status = useWatch({ control, name: 'card_status' });
  const typedNumber = useWatch({ control, name: 'card_number' });
  // The number read off the photo is what the field starts from, not a change of the reviewer's: leaving the card
  // untouched asks nothing ("Leave this page?" came after N on every such card, issue 55).
  const readNote = useReadNumber(card, isStaff, typedNumber, (n) => form.resetField('card_number', { defaultValue: n }));
  const saving = form.formState.isSubmitting;
  const { setFocus } = form;
  useEffect(() => {
    if (focus === 'number') setFocus('card_number');
  }, [focus, setFocus]);
  const disabled = readOnly || saving;

  const save = async (v: Values) => {
    const body = {
      giftcard_offer_id: Number(v.giftcard_offer_id),
      price: v.price.trim(),
      description: v.description.trim(),
      card_number: v.card_number.trim(),
      ...(isStaff ? { card_status: Number(v.card_status) as 0 | 1 | 2 } : {}),
      // A rejection's reason goes with it (required when choosing Rejected); the spec's call takes none.
      ...(isStaff && v.card_status === '2' && v.reject_reason
        ? { reject_reason: v.reject_reason as RejectReason, reject_note: v.reject_note.trim() }
        : {}),
      ...(isStaff && v.override_duplicate ? { override_duplicate: true, override_reason: v.override_reason.trim() } : {}),
    };
    const data = await update.mutateAsync({ id: card.id, body, files: v.images.length ? { gallery: v.images } : undefined });
    return msgText({ status: 200, data }, 'Gift card updated');
  };

  return (
    <FormFrame
      label="Edit gift card"
      form={form}
      save={save}
      readOnly={readOnly}
      serverFields={{ gallery: 'images' }}
      footer={<UploadProgress active={saving} count={newImages.length} />}
      // With the form: the card page shows whole once its data is in, and fields added a task later moved the panels
      // below them (issue 55's layout shift).
      deferFields={false}
      focusFirst={focus === 'first'}
    >
      <Stack spacing={2}>
        {/* With its proof the page's clawback notice says the dispute and the amount: the lock is then a neutral line
            (no second alert), else the one notice. */}
        {disputed && clawbackShown && (
          <Alert severity="info" role="note" data-testid="disputed-lock">
            {disputedLine}
          </Alert>
        )}
        {disputed && !clawbackShown && (
          <Alert severity="error" data-testid="disputed-lock">
            {disputedLine} Its {formatMoney(card.paid_amount)} paid is clawed back from {isStaff ? 'the seller' : 'you'}.
          </Alert>
        )}
        {readOnly && !disputed && (
          <Alert severity="info">
            {MSG.cardLocked}: this card is {CARD_STATUS_LABEL[card.card_status].toLowerCase()}.
          </Alert>
        )}
        {paidLock && (
          <Alert severity="info" data-testid="paid-lock">
            {MSG.cardHasPayments}. Its offer, price and status are locked and its images cannot be removed; new images, the number and the
            description can still be added or changed.
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
        <OfferPriceFields offers={offers} {...fieldProps} disabled={disabled || paidLock} />
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
                Paid {formatMoney(card.paid_amount)} · {card.due < 0 ? `Owes back ${formatMoney(-card.due)}` : `Due ${formatCardDue(card)}`}
              </Typography>
            </Box>
          </Collapse>
        </Box>
        <FormText
          control={control}
          name="card_number"
          id={CARD_NUMBER_ID}
          label="Card Number"
          disabled={readOnly || saving}
          // A seller is told who fills it in only while it is empty (under a number it contradicted the screen).
          helperText={isStaff ? readNote && <ReadNoteText note={readNote} /> : !card.card_number && 'Filled in by the staff on review'}
          slotProps={{ htmlInput: { readOnly: !isStaff } }}
        />
        {isStaff && card.read_number && codeChars(typedNumber) !== '' && <ReadComparison typed={typedNumber} read={card.read_number} />}
        {isStaff && (
          <DuplicatePanel
            cardId={card.id}
            cardNumber={typedNumber}
            cardStatus={card.card_status}
            photoUrl={(detail.images.find((i) => i.id === card.read_image_id) ?? detail.images[0])?.url}
          />
        )}
        {!readOnly && (
          <ImagePicker
            label="New Images"
            files={newImages}
            onChange={imagesField.field.onChange}
            disabled={saving}
            error={imagesField.fieldState.error?.message}
          />
        )}
        <FormText control={control} name="description" label="Description" {...textareaProps(3)} disabled={disabled} />
        {isStaff && (
          <Box>
            <Divider sx={{ mb: 2 }} />
            <Typography variant="subtitle1" component="h2" gutterBottom>
              Admin Option
            </Typography>
            <FormSelect
              control={control}
              name="card_status"
              label="Card Status"
              disabled={saving || paidLock}
              options={(disputed ? ([0, 1, 2, 3] as const) : ([0, 1, 2] as const)).map((s) => ({
                value: String(s),
                label: CARD_STATUS_LABEL[s],
              }))}
            />
            <StatusReasonFields control={control} status={status} originalStatus={original.card_status} disabled={saving || paidLock} />
          </Box>
        )}
      </Stack>
    </FormFrame>
  );
}

import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Typography from '@mui/material/Typography';
import { ADJUST_REASON_LABEL, ADJUST_REASONS, adjustForm, type AdjustFormValues, type AdjustReason } from '../../../../shared/adjustment';
import { LIMITS } from '../../../../shared/limits';
import type { GiftCard } from '../../../../shared/types';
import { DialogForm } from '../../components/DialogForm';
import { useOpenedOnce } from '../../components/useOpenedOnce';
import { FormSelect, FormText } from '../../components/FormFields';
import { formatMoney } from '../../lib/format';

const REASONS = ADJUST_REASONS.map((r) => ({ value: r, label: ADJUST_REASON_LABEL[r] }));

/** What the dialog sends with the approval; the decision itself (the number typed, the lease) is ReviewActions'. */
export interface Adjustment {
  adjusted_price: string;
  adjust_reason: AdjustReason;
  adjust_note?: string;
}

interface Props {
  card: GiftCard;
  open: boolean;
  onClose(): void;
  approve(a: Adjustment): Promise<string>;
}

/**
 * Staff approve a card at a value lower than the seller's price (a partial balance), with a reason (issue 53). Its form
 * mounts when it first opens (useOpenedOnce): mounted closed with a pending card's page, its useForm re-rendered the
 * page's commit at once (issue 55).
 */
export default function AdjustDialog(props: Props) {
  return useOpenedOnce(props.open) ? <AdjustForm {...props} /> : null;
}

function AdjustForm({ card, open, onClose, approve }: Props) {
  const form = useForm<AdjustFormValues>({
    resolver: zodResolver(adjustForm),
    defaultValues: { adjusted_price: '', adjust_reason: '', adjust_note: '' },
  });
  const save = (v: AdjustFormValues) =>
    approve({
      adjusted_price: v.adjusted_price.trim(),
      adjust_reason: v.adjust_reason as AdjustReason,
      ...(v.adjust_note.trim() ? { adjust_note: v.adjust_note.trim() } : {}),
    });
  return (
    <DialogForm
      open={open}
      onClose={onClose}
      id="adjust-title"
      title="Adjust the value"
      form={form}
      save={save}
      submitLabel="Confirm value"
      maxWidth="sm"
    >
      <Typography sx={{ mb: 2 }} data-testid="adjust-effect">
        The seller asked {formatMoney(card.price)}. The card&apos;s price, payable and due become the value you approve; it is not paid
        until the seller accepts it or {LIMITS.adjustments.answerWindowHours.value} hours pass. They may withdraw the card instead.
      </Typography>
      <FormText control={form.control} name="adjusted_price" label="Approved value ($)" required margin="dense" fullWidth autoFocus />
      <FormSelect
        control={form.control}
        name="adjust_reason"
        label="Reason"
        required
        options={REASONS}
        placeholder="Choose a reason"
        margin="dense"
        fullWidth
      />
      <FormText
        control={form.control}
        name="adjust_note"
        label="Note to the seller (optional)"
        multiline
        minRows={2}
        margin="dense"
        fullWidth
      />
    </DialogForm>
  );
}

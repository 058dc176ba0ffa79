import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Typography from '@mui/material/Typography';
import { holdForm, type HoldFormValues } from '../../../../shared/hold-form';
import { MSG } from '../../../../shared/messages';
import { useApiMutation } from '../../api/query';
import { msgText } from '../../api/results';
import { DialogForm } from '../../components/DialogForm';
import { FormText } from '../../components/FormFields';
import { useOpenedOnce } from '../../components/useOpenedOnce';

export interface HoldTarget {
  sellerId?: number;
  cardId?: number;
}

interface Props {
  target: HoldTarget;
  open: boolean;
  onClose(): void;
}

/** Staff hold a seller's payouts or one card's, with a reason the seller reads, for some days or until released. */
export function PlaceHoldDialog(props: Props) {
  return useOpenedOnce(props.open) ? <PlaceHoldForm {...props} /> : null;
}

function PlaceHoldForm({ target, open, onClose }: Props) {
  const place = useApiMutation('placeHold', { invalidates: ['listHolds'] });
  const form = useForm<HoldFormValues>({ resolver: zodResolver(holdForm), defaultValues: { reason: '', days: '' } });
  const save = async (v: HoldFormValues) => {
    const data = await place.mutateAsync({
      body: {
        ...(target.cardId !== undefined ? { gift_card_id: target.cardId } : { seller_id: target.sellerId }),
        reason: v.reason.trim(),
        ...(v.days.trim() ? { days: Number(v.days) } : {}),
      },
    });
    return msgText({ status: 200, data }, MSG.holdPlaced);
  };
  return (
    <DialogForm
      open={open}
      onClose={onClose}
      id="place-hold-title"
      title="Place a payout hold"
      form={form}
      save={save}
      submitLabel="Place hold"
    >
      <Typography sx={{ mb: 2 }}>
        {target.cardId !== undefined ? 'This card is' : 'Every approved card of this seller is'} not paid while the hold lasts. The seller
        sees the reason and the release date.
      </Typography>
      <FormText control={form.control} name="reason" id="hold-reason" label="Reason" required multiline minRows={2} margin="dense" />
      <FormText
        control={form.control}
        name="days"
        id="hold-days"
        label="Days"
        helperText="Empty: until a staff member releases it"
        margin="dense"
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
    </DialogForm>
  );
}

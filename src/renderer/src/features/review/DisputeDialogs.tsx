import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Typography from '@mui/material/Typography';
import { DISPUTE_REASONS, type DisputeReason } from '../../../../shared/constants';
import { disputeForm, resolveForm, type DisputeFormValues, type ResolveFormValues } from '../../../../shared/forms';
import { MSG } from '../../../../shared/messages';
import type { CardImage, GiftCard } from '../../../../shared/types';
import { useApiMutation } from '../../api/query';
import { msgText } from '../../api/results';
import { DialogForm } from '../../components/DialogForm';
import { FormSelect, FormText } from '../../components/FormFields';
import { formatMoney } from '../../lib/format';
import { useOpenedOnce } from '../../components/useOpenedOnce';
import ProofFields, { useProofDraft } from './ProofFields';

interface Props {
  card: GiftCard;
  open: boolean;
  onClose(): void;
}
interface DisputeProps extends Props {
  /** The card's photos: the clawback may mark regions on them (its proof, issue 53), as a rejection may. */
  images?: CardImage[];
}

const reasonOptions = Object.entries(DISPUTE_REASONS).map(([value, label]) => ({ value, label }));

/**
 * Staff mark an approved, paid card Disputed: what was paid on it is taken back from the seller's due. The proof fields
 * are the reject dialog's (issue 53): the seller sees the boxes and the evidence with the clawback.
 */
export function DisputeDialog(props: DisputeProps) {
  return useOpenedOnce(props.open) ? <DisputeForm {...props} /> : null;
}

function DisputeForm({ card, images = [], open, onClose }: DisputeProps) {
  const dispute = useApiMutation('disputeCard');
  const form = useForm<DisputeFormValues>({ resolver: zodResolver(disputeForm), defaultValues: { reason: '', note: '' } });
  const proof = useProofDraft(open);
  const save = async (v: DisputeFormValues) => {
    const body = { reason: v.reason as DisputeReason, note: v.note.trim(), ...proof.body() };
    const data = await dispute.mutateAsync({ id: card.id, body });
    return msgText({ status: 200, data }, MSG.cardDisputedOk);
  };
  return (
    <DialogForm
      open={open}
      onClose={onClose}
      id="dispute-title"
      title="Dispute this card"
      form={form}
      save={save}
      submitLabel="Dispute"
      maxWidth={images.length ? 'md' : 'sm'}
    >
      <Typography sx={{ mb: 2 }} data-testid="dispute-effect">
        {formatMoney(card.paid_amount)} paid on this card is clawed back: {card.name}&apos;s due goes down by that amount (it may go below
        zero; later approvals offset it first, and payments to them pause until their due is above zero).
        {card.due > 0 ? ` The ${formatMoney(card.due)} not yet paid is no longer owed.` : ''}
      </Typography>
      <FormSelect
        control={form.control}
        name="reason"
        label="Reason"
        required
        options={reasonOptions}
        placeholder="Choose a reason"
        margin="dense"
      />
      <FormText control={form.control} name="note" label="Note" multiline minRows={2} margin="dense" />
      <ProofFields cardId={card.id} images={images} draft={proof} />
    </DialogForm>
  );
}

/** Staff resolve a dispute: the card is approved again and the clawback reversed. */
export function ResolveDialog(props: Props) {
  return useOpenedOnce(props.open) ? <ResolveForm {...props} /> : null;
}

function ResolveForm({ card, open, onClose }: Props) {
  const resolve = useApiMutation('resolveDispute');
  const form = useForm<ResolveFormValues>({ resolver: zodResolver(resolveForm), defaultValues: { note: '' } });
  const save = async (v: ResolveFormValues) => {
    const data = await resolve.mutateAsync({ id: card.id, body: { note: v.note.trim() } });
    return msgText({ status: 200, data }, MSG.disputeResolvedOk);
  };
  return (
    <DialogForm
      open={open}
      onClose={onClose}
      id="resolve-title"
      title="Resolve the dispute"
      form={form}
      save={save}
      submitLabel="Resolve"
      maxWidth="sm"
    >
      <Typography sx={{ mb: 2 }}>
        The card goes back to Approved and the {formatMoney(card.paid_amount)} clawback is reversed: {card.name}&apos;s due goes up by the
        card&apos;s payable amount again.
      </Typography>
      <FormText control={form.control} name="note" label="Note" multiline minRows={2} margin="dense" />
    </DialogForm>
  );
}

import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { CARD_STATUS, type RejectReason } from '../../../../shared/constants';
import { MSG } from '../../../../shared/messages';
import type { CardImage, GiftCard } from '../../../../shared/types';
import type { ArgsOf } from '../../../../shared/endpoints';
import { useTransport } from '../../api/TransportContext';
import { ApiCallError, invalidateAfter, writeOrThrow } from '../../api/query';
import { errorText, fieldErrors } from '../../api/results';
import { useNotify } from '../../components/notify';
import OverrideDialog from './OverrideDialog';
import RejectDialog from '../../components/cards/RejectDialog';
import TakeOverDialog from './TakeOverDialog';
import AdjustDialog, { type Adjustment } from './AdjustDialog';
import { useReviewKeys } from './useReviewKeys';
import ProofFields, { useProofDraft } from './ProofFields';

interface Props {
  card: GiftCard;
  /** The card's photos: a rejection may mark regions on them (its proof, issue 53). */
  images?: CardImage[];
  /** The number as typed in the card's form: sent with the decision when it differs from the stored one. */
  typedNumber(): string;
  /** After a decision (the queue opens the next card); absent: the card stays open. */
  onDecided?(): Promise<void>;
}

/**
 * The one way to decide a pending card (staff): Approve, or Reject with a reason; a duplicate number asks for the
 * override. The number typed in the form goes with the decision. Keys: A approves, R opens the rejection.
 */
export default function ReviewActions({ card, images = [], typedNumber, onDecided }: Props) {
  const notify = useNotify();
  const transport = useTransport();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [adjusting, setAdjusting] = useState(false);
  const proof = useProofDraft(rejecting);
  /** Opening the rejection starts with no proof. */
  const openReject = () => setRejecting(true);
  const [refusal, setRefusal] = useState<string | null>(null);
  /** Another reviewer holds the card: the decision waits for the user to take it over (or leave it). */
  const [held, setHeld] = useState<{ text: string; body: ArgsOf<'reviewCard'>['body'] } | null>(null);
  const pending = card.card_status === CARD_STATUS.pending;
  const what = `card ${card.card_number || `#${card.id}`}`;
  const number = () => {
    const typed = typedNumber().trim();
    return typed && typed !== (card.card_number ?? '') ? { card_number: typed } : {};
  };

  /** Sends the decision; the lists refresh in the background while the next card opens. */
  const send = async (body: ArgsOf<'reviewCard'>['body']) => {
    let data;
    try {
      data = await writeOrThrow(transport, client, 'reviewCard', { id: card.id, body });
    } catch (err) {
      // A 409 without field errors is another reviewer's lease (a duplicate number names card_number).
      if (err instanceof ApiCallError && err.status === 409 && !Object.keys(fieldErrors(err.result)).length) {
        setRejecting(false);
        setHeld({ text: errorText(err.result, MSG.serverError), body });
        return '';
      }
      throw err;
    }
    if (onDecided) {
      await onDecided();
    } else await invalidateAfter(client, 'reviewCard');
    return data.msg;
  };

  const approve = async () => {
    if (busy || !pending) return;
    setBusy(true);
    try {
      const msg = await send({ action: 'approve', ...number() });
      if (msg) notify.success(msg);
    } catch (err) {
      if (!(err instanceof ApiCallError)) throw err;
      if (err.status === 409) setRefusal(errorText(err.result, MSG.serverError));
      else notify.error(errorText(err.result, MSG.serverError));
    } finally {
      setBusy(false);
    }
  };
  useReviewKeys({ approve: () => void approve(), reject: openReject }, pending && !busy);
  // Issue 53: approved at a lower value; the dialog shows a refusal (the value, the reason) at its field.
  const approveAdjusted = (a: Adjustment) => send({ action: 'approve', ...a, ...number() });
  const approveOver = (v: { override_reason: string }) =>
    send({ action: 'approve', override_duplicate: true, override_reason: v.override_reason, ...number() });
  const reject = (v: { reject_reason: string; reject_note: string }) =>
    send({
      action: 'reject',
      reject_reason: v.reject_reason as RejectReason,
      reject_note: v.reject_note.trim(),
      ...number(),
      ...proof.body(),
    });

  if (!pending) return null;
  return (
    <Stack direction="row" spacing={1} data-testid="review-actions">
      <Button variant="contained" color="success" startIcon={<CheckIcon />} onClick={() => void approve()} disabled={busy}>
        Approve
      </Button>
      <Button variant="outlined" color="error" startIcon={<CloseIcon />} onClick={openReject} disabled={busy}>
        Reject
      </Button>
      <Button variant="outlined" onClick={() => setAdjusting(true)} disabled={busy}>
        Adjust value
      </Button>
      <AdjustDialog card={card} open={adjusting} onClose={() => setAdjusting(false)} approve={approveAdjusted} />
      <RejectDialog
        open={rejecting}
        onClose={() => setRejecting(false)}
        what={what}
        reject={reject}
        extra={<ProofFields cardId={card.id} images={images} draft={proof} />}
      />
      <OverrideDialog refusal={refusal} onClose={() => setRefusal(null)} approve={approveOver} />
      <TakeOverDialog
        holder={held?.text ?? null}
        onClose={() => setHeld(null)}
        takeOver={() => {
          const body = held?.body;
          setHeld(null);
          if (body)
            void send({ ...body, take_over: true })
              .then((msg) => msg && notify.success(msg))
              .catch((err: unknown) =>
                notify.error(err instanceof ApiCallError ? errorText(err.result, MSG.serverError) : MSG.serverError),
              );
        }}
      />
    </Stack>
  );
}

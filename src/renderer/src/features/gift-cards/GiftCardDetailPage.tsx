import type { GiftCardDetail } from '../../../../shared/types';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import GavelIcon from '@mui/icons-material/Gavel';
import RestoreIcon from '@mui/icons-material/Restore';
import { useState } from 'react';
import { CARD_STATUS } from '../../../../shared/constants';
import { useApiQuery } from '../../api/query';
import { useSession } from '../../app/session';
import { DisputeDialog, ResolveDialog } from './DisputeDialogs';
import { LoadState } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { NextPendingButton } from './NextPendingButton';
import StatusBadge from '../../components/StatusBadge';
import CardComments from './CardComments';
import CardEditForm from './CardEditForm';
import CardPhotos from './CardPhotos';
import { useOffers } from './useOffers';
import RejectionNotice from './review/RejectionNotice';
import ReviewActions from './review/ReviewActions';
import CardHistory from './review/CardHistory';
import CardMoney from './review/CardMoney';
import { canRetry } from '../../components/retry';

/** /gift-card/:id: at wide screens the photos on one side, the edit form and comments on the other. */
export default function GiftCardDetailPage() {
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const { offers, loading: offersLoading } = useOffers();
  const q = useApiQuery('getCard', { id }, { enabled: valid, select: (r) => (r?.data ? r : null) });
  const detail = q.data ?? null;
  const loading = q.isFetching;
  const error =
    !valid || (q.isSuccess && !detail) || q.error?.status === 404 || q.error?.status === 403
      ? 'No gift card found'
      : q.isError
        ? 'Could not load the gift card'
        : null;
  const load = () => void q.refetch();
  const { isStaff } = useSession();
  const [dialog, setDialog] = useState<'dispute' | 'resolve' | null>(null);
  const card = detail?.data;
  const disputable = isStaff && card?.card_status === CARD_STATUS.approved && card.paid_amount > 0;
  const resolvable = isStaff && card?.card_status === CARD_STATUS.disputed;
  // The review strip: Approve / Reject on a pending card (staff), why a rejected card was rejected (everyone).
  const status = detail?.data.card_status;
  const showReview = (isStaff && status === CARD_STATUS.pending) || status === CARD_STATUS.rejected;

  return (
    <Box>
      <PageHeader
        windowTitle={`Gift Card ${detail?.data.card_number || (valid ? `#${id}` : '')}`.trim()}
        title={
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }} component="span">
            <span>Gift Card {detail?.data.card_number || (valid ? `#${id}` : '')}</span>
            {detail && <StatusBadge status={detail.data.card_status} />}
          </Stack>
        }
        actions={
          <>
            {disputable && (
              <Button color="error" variant="outlined" startIcon={<GavelIcon />} onClick={() => setDialog('dispute')}>
                Dispute
              </Button>
            )}
            {resolvable && (
              <Button variant="outlined" startIcon={<RestoreIcon />} onClick={() => setDialog('resolve')}>
                Resolve Dispute
              </Button>
            )}
            {isStaff && valid && <NextPendingButton currentId={id} />}
            <Button component={RouterLink} to="/gift-cards" startIcon={<ArrowBackIcon />}>
              Back To Lists
            </Button>
          </>
        }
      />
      {card && <DisputeDialog card={card} open={dialog === 'dispute'} onClose={() => setDialog(null)} />}
      {card && <ResolveDialog card={card} open={dialog === 'resolve'} onClose={() => setDialog(null)} />}
      <LoadState loading={false} error={error} onRetry={valid && q.isError && canRetry(q.error) ? load : undefined} />
      {!error && (
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            alignItems: 'start',
            // Narrow: the form first (focus lands on its first field), then the photos, then the comments.
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 5fr) minmax(0, 7fr)' },
            // Everything of the card beside its photos; the review strip above the form.
            gridTemplateAreas: showReview
              ? {
                  xs: '"review" "form" "photos" "money" "comments" "history"',
                  lg: '"photos review" "photos form" "photos money" "photos comments" "photos history"',
                }
              : {
                  xs: '"form" "photos" "money" "comments" "history"',
                  lg: '"photos form" "photos money" "photos comments" "photos history"',
                },
            maxWidth: { xs: 820, lg: 1600 },
          }}
        >
          <Paper sx={{ p: 3, gridArea: 'photos', position: { lg: 'sticky' }, top: { lg: 80 } }}>
            {detail ? <CardPhotos detail={detail} /> : <Skeleton variant="rounded" height={240} aria-hidden />}
          </Paper>
          {detail && showReview && (
            <Stack spacing={2} sx={{ gridArea: 'review' }}>
              {isStaff && <ReviewActions card={detail.data} />}
              <RejectionNotice card={detail.data} />
            </Stack>
          )}
          <Paper sx={{ p: 3, gridArea: 'form' }}>
            {detail && !offersLoading ? (
              // Fresh form when what it shows changed (a save, someone else's edit), not on every refetch: a live
              // event about a payment or a re-signed photo URL leaves what is being typed alone.
              <CardEditForm key={formKey(detail)} detail={detail} offers={offers} />
            ) : (
              <Stack spacing={2} aria-busy={loading} aria-label="Loading the gift card">
                {[56, 56, 36, 56, 90, 90].map((h, i) => (
                  <Skeleton key={i} variant="rounded" height={h} />
                ))}
              </Stack>
            )}
          </Paper>
          {valid && (
            <Paper sx={{ p: 3, gridArea: 'comments' }}>
              <CardComments cardId={id} />
            </Paper>
          )}
          {valid && (
            <Paper sx={{ p: 3, gridArea: 'money' }}>
              <CardMoney cardId={id} />
            </Paper>
          )}
          {valid && (
            <Paper sx={{ p: 3, gridArea: 'history' }}>
              <CardHistory cardId={id} />
            </Paper>
          )}
        </Box>
      )}
    </Box>
  );
}

/** What the edit form shows of a card: a change of any of it starts the form afresh. */
function formKey({ data: c, images }: GiftCardDetail): string {
  return JSON.stringify([
    c.giftcard_offer_id,
    c.price,
    c.card_number,
    c.description,
    c.card_status,
    c.reject_reason,
    c.reject_note,
    images.map((i) => i.id),
  ]);
}

import type { GiftCardDetail } from '../../../../shared/types';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { BACK_BUTTON } from '../../components/PageHeader';
import GavelIcon from '@mui/icons-material/Gavel';
import RestoreIcon from '@mui/icons-material/Restore';
import { useDeferredValue, useRef, useState } from 'react';
import { CARD_STATUS } from '../../../../shared/constants';
import { useApiQuery } from '../../api/query';
import { useSession } from '../../app/session';
import { DisputeDialog, ResolveDialog } from './DisputeDialogs';
import { LoadState } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import StatusBadge from '../../components/StatusBadge';
import CardEditForm, { CARD_NUMBER_ID } from './CardEditForm';
import CardPhotos from './CardPhotos';
import { useOffers } from '../../components/cards/useOffers';
import RejectionNotice from './RejectionNotice';
import ClawbackNotice from './ClawbackNotice';
import RecoursePanel from './RecoursePanel';
import ReviewActions from './ReviewActions';
import CardMoney from './CardMoney';
import { LinkedSellersPanel } from '../../components/links/LinkedSellersPanel';
import { canRetry } from '../../components/retry';
import CardTabs, { type CardTab } from './CardTabs';
import { DeferredMount } from '../../components/DeferredMount';
import ClaimNotice from './ClaimNotice';
import SellerChangeNotice from './SellerChangeNotice';
import PayDialog from '../../components/cards/PayDialog';
import PayButton from './PayButton';
import { useSettings } from '../../components/useSettings';
import ReviewNav from './ReviewNav';
import ShortcutsDialog from './ShortcutsDialog';
import { useReviewClaim } from './useReviewClaim';
import { useReviewQueue } from '../../components/cards/useReviewQueue';
import { useReviewKeys } from './useReviewKeys';
import { useCardPageReady } from './useCardPageReady';
import { focusWhenShown, useReviewFocus } from './useReviewFocus';
import CardPageSkeleton from './CardPageSkeleton';
import { SellerTrustPanel } from '../../components/trust/SellerTrustPanel';
import { cardPageGrid } from './cardPageGrid';
import AdjustmentNotice from './AdjustmentNotice';

/**
 * /gift-card/:id, the review workspace: at wide screens the photos on the left, whole and large (zoom and pan); the
 * decision on the right (Approve / Reject, the form with the number and its duplicates, the money with Pay); comments
 * and history in tabs below. Staff review by keyboard too (keymap.ts); `?review=1` (a card the queue handed
 * out) opens the next card after each decision.
 */
export default function GiftCardDetailPage() {
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const { offers, loading: offersLoading } = useOffers();
  const q = useApiQuery('getCard', { id }, { enabled: valid, select: (r) => (r?.data ? r : null) });
  // The card (and the form once the offers are in) renders in a deferred render, which React slices: rendered with the
  // answer, the page was one main-thread task of 100+ ms (issue 33). Until then the placeholders stay.
  const detail = useDeferredValue(q.data ?? null);
  const offersReady = useDeferredValue(!offersLoading);
  const loading = q.isFetching;
  const error =
    !valid || (q.isSuccess && !q.data) || q.error?.status === 404 || q.error?.status === 403
      ? 'No gift card found'
      : q.isError
        ? 'Could not load the gift card'
        : null;
  const load = () => void q.refetch();
  const { isStaff, user } = useSession();
  const ready = useCardPageReady(id, valid, detail, offersReady, isStaff);
  const { fourEyes } = useSettings(isStaff);
  const [dialog, setDialog] = useState<'dispute' | 'resolve' | 'pay' | 'shortcuts' | null>(null);
  const [zoomed, setZoomed] = useState(false);
  const [tab, setTab] = useState<CardTab>('comments');
  const [search] = useSearchParams();
  const inQueue = search.get('review') === '1';
  const queue = useReviewQueue();
  // What Card Number holds right now (typed, not yet saved): the decision sends it.
  const typedNumber = () => document.querySelector<HTMLInputElement>(`#${CARD_NUMBER_ID}`)?.value ?? '';
  const card = detail?.data;
  const disputable = isStaff && card?.card_status === CARD_STATUS.approved && card.paid_amount > 0;
  const resolvable = isStaff && card?.card_status === CARD_STATUS.disputed;
  // The review strip: Approve / Reject on a pending card (staff), why a rejected card was rejected (everyone).
  const status = detail?.data.card_status;
  // Issue 53: a seller's recourse (resubmit, appeal) and its outcome, only on a card that has one.
  const canAct = !isStaff && (detail?.recourse?.can_resubmit || detail?.recourse?.can_appeal);
  const recourse = Boolean(detail && (canAct || detail.appeal));
  // A clawback's proof shows there too, as a rejection's (issue 53).
  const clawbackProof = status === CARD_STATUS.disputed && detail?.proof?.decision === 'clawback';
  const showReview = (isStaff && status === CARD_STATUS.pending) || status === CARD_STATUS.rejected || recourse || clawbackProof;
  const claim = useReviewClaim(id, valid && isStaff && status === CARD_STATUS.pending);
  const payable = isStaff && card?.card_status === CARD_STATUS.approved && card.due > 0;
  // FOUR_EYES: whoever approved the card may not pay it (the server refuses it with MSG.approverCannotPay).
  const approverBlocked = fourEyes === true && card?.approved_by != null && card.approved_by === user?.id;
  const comment = () => {
    setTab('comments');
    // The comments tab renders on the next frame (on a card just opened, once it has mounted); its field is then there.
    focusWhenShown('form[aria-label="Add a comment"] textarea');
  };
  const next = () => void queue.next(id);
  const previous = () => queue.previous(id);
  // Z zooms in with the first photo focused, so the arrows pan it at once.
  const zoom = () => {
    setZoomed((z) => !z);
    requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-pan]')?.focus());
  };
  useReviewKeys({ next, previous, comment, zoom, shortcuts: () => setDialog('shortcuts') }, isStaff && valid);
  // In the queue the focus starts on the heading (the keys work at once), or in Card Number while it is empty.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const reviewFocus = useReviewFocus(id, inQueue && isStaff, card, ready, headingRef);

  // The id always, the number beside it once there is one (it replaced the id, issue 55).
  const number = detail?.data.card_number;
  const heading = valid ? `Gift Card #${id}${number ? ` · ${number}` : ''}` : 'Gift Card';
  if (!error && !ready) return <CardPageSkeleton title={heading} />;
  return (
    <Box>
      <PageHeader
        windowTitle={heading}
        focusRef={reviewFocus ? headingRef : undefined}
        title={
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }} component="span">
            <span>{heading}</span>
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
            {payable && <PayButton approverBlocked={approverBlocked} onPay={() => setDialog('pay')} />}
            {isStaff && valid && <ReviewNav onPrevious={previous} onNext={next} onShortcuts={() => setDialog('shortcuts')} />}
            <Button component={RouterLink} to="/gift-cards" startIcon={<ArrowBackIcon />} sx={BACK_BUTTON}>
              Back To Lists
            </Button>
          </>
        }
      />
      {card && <DisputeDialog card={card} images={detail?.images} open={dialog === 'dispute'} onClose={() => setDialog(null)} />}
      {card && <ResolveDialog card={card} open={dialog === 'resolve'} onClose={() => setDialog(null)} />}
      <PayDialog card={dialog === 'pay' && card ? card : null} onClose={() => setDialog(null)} />
      <ShortcutsDialog open={dialog === 'shortcuts'} onClose={() => setDialog(null)} />
      <LoadState loading={false} error={error} onRetry={valid && q.isError && canRetry(q.error) ? load : undefined} />
      {!error && (
        <Box
          sx={{
            ...cardPageGrid,
            // Narrow: the form first (focus lands on its first field), then the photos, then the comments.
            // From 900 px the decision beside the photos, and first what the card's state needs (issue 55): a
            // pending card's form (its number and duplicates) above its money, a decided card's money above its
            // form. Comments and history below both.
            gridTemplateAreas: {
              xs: `${showReview ? '"review" ' : ''}"form" "photos" "money" "tabs"`,
              md: `${showReview ? '"photos review" ' : ''}${status === CARD_STATUS.pending ? '"photos form" "photos money"' : '"photos money" "photos form"'} "tabs tabs"`,
            },
          }}
        >
          <Paper sx={{ p: 3, gridArea: 'photos', position: { md: 'sticky' }, top: { md: 80 } }}>
            {detail ? (
              <CardPhotos detail={detail} zoomed={zoomed} onZoom={() => setZoomed((z) => !z)} />
            ) : (
              <Skeleton variant="rounded" height={240} aria-hidden />
            )}
          </Paper>
          {detail && showReview && (
            <Stack spacing={2} sx={{ gridArea: 'review' }}>
              {isStaff && <ClaimNotice claim={claim} />}
              {isStaff && <SellerChangeNotice card={detail.data} />}
              {isStaff && (
                <ReviewActions
                  card={detail.data}
                  images={detail.images}
                  typedNumber={typedNumber}
                  onDecided={inQueue ? queue.decided : undefined}
                />
              )}
              <RejectionNotice card={detail.data} remedy={detail.remedy} proof={detail.proof} images={detail.images} />
              <ClawbackNotice card={detail.data} proof={detail.proof} images={detail.images} />
              {recourse && <RecoursePanel detail={detail} isSeller={!isStaff} />}
            </Stack>
          )}
          {valid && (
            <Paper sx={{ p: 3, gridArea: 'money' }}>
              {detail?.adjustment && (
                <Box sx={{ mb: 2 }}>
                  <AdjustmentNotice cardId={id} adjustment={detail.adjustment} isSeller={!isStaff} />
                </Box>
              )}
              <CardMoney cardId={id} />
              {isStaff && card && (
                <Box sx={{ mt: 3 }}>
                  <SellerTrustPanel sellerId={card.seller_id} />
                </Box>
              )}
              {isStaff && <LinkedSellersPanel target={{ cardId: id }} title="Linked sellers of this card's seller" />}
            </Paper>
          )}
          <Paper sx={{ p: 3, gridArea: 'form' }}>
            {detail && offersReady ? (
              // Fresh form when what it shows changed (a save, someone else's edit), not on every refetch: a live
              // event about a payment or a re-signed photo URL leaves what is being typed alone.
              <CardEditForm
                key={formKey(detail)}
                detail={detail}
                offers={offers}
                focus={!reviewFocus ? 'first' : reviewFocus === 'number' ? 'number' : 'none'}
              />
            ) : (
              <Stack spacing={2} role="status" aria-busy={loading} aria-label="Loading the gift card">
                {[56, 56, 36, 56, 90, 90].map((h, i) => (
                  <Skeleton key={i} variant="rounded" height={h} />
                ))}
              </Stack>
            )}
          </Paper>
          {valid && (
            <Paper sx={{ p: 3, gridArea: 'tabs' }}>
              <DeferredMount minHeight={48}>
                <CardTabs key={id} cardId={id} tab={tab} onTab={setTab} />
              </DeferredMount>
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

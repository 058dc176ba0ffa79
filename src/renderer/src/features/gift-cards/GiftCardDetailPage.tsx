import { Link as RouterLink, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useApiQuery } from '../../api/query';
import { LoadState } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import StatusBadge from '../../components/StatusBadge';
import CardComments from './CardComments';
import CardEditForm from './CardEditForm';
import { useOffers } from './useOffers';

/** /gift-card/:id: the card's details and edit form, then its comments. */
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
          <Button component={RouterLink} to="/gift-cards" startIcon={<ArrowBackIcon />}>
            Back To Lists
          </Button>
        }
      />
      <LoadState loading={false} error={error} onRetry={valid ? load : undefined} />
      {!error && (
        <Stack spacing={3} sx={{ maxWidth: 820 }}>
          <Paper sx={{ p: 3 }}>
            {detail && !offersLoading ? (
              <CardEditForm key={q.dataUpdatedAt} detail={detail} offers={offers} />
            ) : (
              <Stack spacing={2} aria-busy={loading} aria-label="Loading the gift card">
                {[56, 56, 36, 56, 90, 90].map((h, i) => (
                  <Skeleton key={i} variant="rounded" height={h} />
                ))}
              </Stack>
            )}
          </Paper>
          {valid && (
            <Paper sx={{ p: 3 }}>
              <CardComments cardId={id} />
            </Paper>
          )}
        </Stack>
      )}
    </Box>
  );
}

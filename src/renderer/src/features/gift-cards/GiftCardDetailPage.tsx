import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { GiftCardDetail } from '../../../../shared/types';
import { isOk, useApi } from '../../app/api';
import { LoadState } from '../../components/DataTable';
import PageHeader from '../../components/PageHeader';
import StatusBadge from '../../components/StatusBadge';
import CardComments from './CardComments';
import CardEditForm from './CardEditForm';
import { useOffers } from './useOffers';

/** /gift-card/:id: the card's details and edit form, then its comments. */
export default function GiftCardDetailPage() {
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const { call } = useApi();
  const { offers, loading: offersLoading } = useOffers();
  const [detail, setDetail] = useState<GiftCardDetail | null>(null);
  const [version, setVersion] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  const load = useCallback(async () => {
    if (!valid) {
      setError('No gift card found');
      setLoading(false);
      return;
    }
    setLoading(true);
    setError(null);
    const r = await call('getCard', { id });
    if (isOk(r) && r.data?.data) {
      setDetail(r.data);
      setVersion((v) => v + 1);
    } else setError(r.status === 404 || r.status === 403 ? 'No gift card found' : 'Could not load the gift card');
    setLoading(false);
  }, [call, id, valid]);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <Box>
      <PageHeader
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
              <CardEditForm key={version} detail={detail} offers={offers} onSaved={load} />
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

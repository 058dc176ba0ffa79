import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { keepPreviousData } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { LIMITS } from '../../../../shared/limits';
import type { HistoryEntry } from '../../../../shared/types';
import { useApiQuery } from '../../api/query';
import { useSession } from '../../app/session';
import { formatDateTime } from '../../lib/format';
import { Pagination } from '../../components/Pagination';
import { entryTitle } from './describe';

function Entry({ e, isStaff }: { e: HistoryEntry; isStaff: boolean }) {
  return (
    <Box component="li" sx={{ py: 1, borderBottom: 1, borderColor: 'divider', listStyle: 'none' }} data-testid="history-entry">
      <Typography variant="body2">
        {entryTitle(e)}
        {e.kind === 'payment' && e.payment && (
          <>
            {' with payout '}
            {isStaff ? (
              <Link component={RouterLink} to={`/edit-transaction/${e.payment.transaction_id}`} className="nowrap">
                {e.payment.code}
              </Link>
            ) : (
              <span className="nowrap">{e.payment.code}</span>
            )}
          </>
        )}
      </Typography>
      {e.kind === 'comment' && e.comment && (
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap' }}>
          “{e.comment}”
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary">
        <time dateTime={e.at}>{formatDateTime(e.at)}</time> · {e.actor?.name ?? (isStaff ? 'System' : 'Staff')}
      </Typography>
    </Box>
  );
}

/** The card's history from the audit trail and its payments, newest first, 10 a page, with who and when (local time). */
export default function CardHistory({ cardId }: { cardId: number }) {
  const { isStaff } = useSession();
  const [page, setPage] = useState(1);
  const q = useApiQuery('cardHistory', { id: cardId, query: { page: String(page) } }, { loader: false, placeholderData: keepPreviousData });
  const p = q.data?.data;
  return (
    <Box component="section" aria-labelledby={`history-${cardId}`}>
      <Typography variant="h6" component="h2" id={`history-${cardId}`} gutterBottom>
        History
      </Typography>
      {q.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void q.refetch()}>
              Retry
            </Button>
          }
        >
          Could not load the history
        </Alert>
      ) : !p ? (
        <Skeleton variant="rounded" height={120} role="status" aria-label="Loading the history" />
      ) : p.data.length === 0 ? (
        <Typography color="text.secondary">No history yet</Typography>
      ) : (
        <Box component="ul" aria-label="Card history" sx={{ m: 0, p: 0, opacity: q.isPlaceholderData ? 0.6 : 1 }}>
          {p.data.map((e) => (
            <Entry key={e.id} e={e} isStaff={isStaff} />
          ))}
        </Box>
      )}
      {p && (
        <Pagination
          label="History pages"
          total={p.total}
          perPage={p.per_page || LIMITS.lists.historyPerPage.value}
          page={page}
          threshold={LIMITS.lists.historyPerPage.value}
          onChange={setPage}
        />
      )}
    </Box>
  );
}

import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { keepPreviousData } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { LIMITS } from '../../../../shared/limits';
import type { InboxItem } from '../../../../shared/types';
import { ApiCallError, useApiMutation, useApiQuery } from '../../api/query';
import { LoadState } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { Pagination } from '../../components/Pagination';
import { useNotify } from '../../components/notify';
import { formatDateTime } from '../../lib/format';
import { INBOX_TEXT, inboxItemPath } from './inboxText';

const PER = LIMITS.lists.inboxPerPage.value;
const pageOf = (v: string | null) => (v && /^[1-9]\d{0,8}$/.test(v) ? Number(v) : 1);

/** One item: a link to its card (opening it reads it and every older item), what happened, when. */
function Item({ item, onOpen }: { item: InboxItem; onOpen(item: InboxItem): void }) {
  const { title, detail } = INBOX_TEXT[item.kind](item);
  return (
    <Box
      component="li"
      data-testid="inbox-item"
      data-read={item.read}
      sx={{ listStyle: 'none', py: 1.5, px: 2, borderBottom: 1, borderColor: 'divider', bgcolor: item.read ? undefined : 'action.hover' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Link component={RouterLink} to={inboxItemPath(item)} onClick={() => onOpen(item)} sx={{ fontWeight: item.read ? 400 : 600 }}>
          {title}
        </Link>
        {!item.read && <Chip label="Unread" size="small" color="primary" variant="outlined" />}
      </Box>
      {detail && (
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap' }}>
          {detail}
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary">
        <time dateTime={item.at}>{formatDateTime(item.at)}</time>
      </Typography>
    </Box>
  );
}

/** A seller's inbox: decisions on their cards and payouts to them, newest first, with what is unread (issue 53). */
export default function InboxPage() {
  const [params, setParams] = useSearchParams();
  const page = pageOf(params.get('page'));
  const q = useApiQuery('sellerInbox', { query: { page: String(page) } }, { loader: false, placeholderData: keepPreviousData });
  const read = useApiMutation('markInboxRead', { loader: false });
  const notify = useNotify();
  const p = q.data?.data;
  const unread = q.data?.unread ?? 0;

  const markRead = async (through?: string) => {
    try {
      await read.mutateAsync({ body: through ? { through } : {} });
    } catch (err) {
      notify.error(err instanceof ApiCallError ? err.message : 'The inbox could not be marked as read');
    }
  };
  // On the first page, "everything" is what the seller sees: up to its newest item (one arriving meanwhile stays unread).
  const markAll = () => void markRead(page === 1 ? p?.data[0]?.id : undefined);
  const setPage = (n: number) => setParams(n === 1 ? {} : { page: String(n) });

  return (
    <Box sx={{ maxWidth: 820 }}>
      <PageHeader
        title="Inbox"
        actions={
          <Button variant="outlined" onClick={markAll} disabled={unread === 0 || read.isPending}>
            Mark all as read
          </Button>
        }
      />
      <Typography color="text.secondary" sx={{ mb: 2 }} role="status" data-testid="inbox-summary">
        {q.isSuccess ? (unread === 0 ? 'Nothing unread.' : `${unread} unread.`) : ''}
      </Typography>
      <LoadState
        loading={q.isPending}
        error={q.isError ? `Could not load the inbox: ${q.error.message}` : null}
        onRetry={() => void q.refetch()}
      />
      {p && p.data.length === 0 && (
        <Typography color="text.secondary">Nothing yet. Decisions on your gift cards and payments to you will show here.</Typography>
      )}
      {p && p.data.length > 0 && (
        <Paper variant="outlined">
          <Box component="ul" aria-label="Inbox items" sx={{ m: 0, p: 0, opacity: q.isPlaceholderData ? 0.6 : 1 }}>
            {p.data.map((item) => (
              <Item key={item.id} item={item} onOpen={(i) => !i.read && void markRead(i.id)} />
            ))}
          </Box>
        </Paper>
      )}
      {p && <Pagination label="Inbox pages" total={p.total} perPage={p.per_page || PER} page={page} threshold={PER} onChange={setPage} />}
    </Box>
  );
}

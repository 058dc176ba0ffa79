import Alert from '@mui/material/Alert';
import type { GiftCard, HistoryEntry } from '../../../../shared/types';
import { useApiQuery } from '../../api/query';
import { formatDateTime, formatMoney } from '../../lib/format';

/** "5 minutes ago", "2 hours ago": how long since `iso`, in the largest whole unit. */
function ago(iso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.round((now - Date.parse(iso)) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  return `on ${formatDateTime(iso)}`;
}

/** The seller's latest correction of this pending card, as the history has it (null: none). */
function latestSellerChange(card: GiftCard, entries: HistoryEntry[]): HistoryEntry | null {
  return entries.find((e) => e.kind === 'edited' && e.actor?.id === card.seller_id && (e.changes?.length || e.images_added)) ?? null;
}

/** Staff opening a pending card see what its seller changed since submitting it, and when (issue 53). */
export default function SellerChangeNotice({ card }: { card: GiftCard }) {
  const history = useApiQuery('cardHistory', { id: card.id, query: { page: '1' } }, { loader: false });
  const change = latestSellerChange(card, history.data?.data.data ?? []);
  if (!change) return null;
  const shown = (field: string, v: string | null) =>
    v === null || v === '' ? '—' : field === 'price' || field === 'rate' ? formatMoney(Number(v)) : v;
  const what = [
    ...(change.changes ?? []).map((c) => `${c.field.replace('_', ' ')} ${shown(c.field, c.before)} → ${shown(c.field, c.after)}`),
    ...(change.images_added ? [`${change.images_added} photo${change.images_added === 1 ? '' : 's'} added`] : []),
  ];
  return (
    <Alert severity="info" data-testid="seller-change-notice">
      Changed by the seller {ago(change.at)}: {what.join('; ')}
    </Alert>
  );
}

import { CARD_STATUS_LABEL, type CardStatus } from '../../../../shared/constants';
import type { HistoryEntry } from '../../../../shared/types';
import { formatMoney } from '../../lib/format';
import { reasonLabel } from '../../lib/rejectReasons';

const FIELD_LABEL: Record<string, string> = {
  offer: 'Offer',
  price: 'Price',
  rate: 'Rate',
  card_number: 'Card number',
  description: 'Description',
};
const MONEY_FIELDS = new Set(['price', 'rate']);
const statusLabel = (s: CardStatus | null | undefined) => (s === null || s === undefined ? '—' : (CARD_STATUS_LABEL[s] ?? String(s)));
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** One field's change as shown: "Price $40.00 → $45.00". */
export function changeText(c: { field: string; before: string | null; after: string | null }): string {
  const shown = (v: string | null) => (v === null || v === '' ? '—' : MONEY_FIELDS.has(c.field) ? formatMoney(Number(v)) : v);
  return `${FIELD_LABEL[c.field] ?? c.field} ${shown(c.before)} → ${shown(c.after)}`;
}

/** What happened, in a line (the payment's link and the comment's text are shown by the timeline itself). */
export function entryTitle(e: HistoryEntry): string {
  switch (e.kind) {
    case 'submitted':
      if (e.status?.from === 2) return `Resubmitted the card${e.images_added ? ` with ${plural(e.images_added, 'new photo')}` : ''}`;
      return `Submitted the card${e.images_added ? ` with ${plural(e.images_added, 'photo')}` : ''}`;
    case 'edited': {
      const parts = (e.changes ?? []).map(changeText);
      if (e.images_added) parts.push(`added ${plural(e.images_added, 'photo')}`);
      return `Edited: ${parts.join('; ') || 'no change'}`;
    }
    case 'status': {
      const head = `Status ${statusLabel(e.status?.from)} → ${statusLabel(e.status?.to)}`;
      const why = e.status?.to === 2 ? `: ${reasonLabel(e.reason)}${e.note ? ` (${e.note})` : ''}` : '';
      // Issue 53: a rejection reversed on appeal says so.
      if (e.status?.from === 2 && e.status.to === 0 && e.note) return `${head}: ${e.note}`;
      const over = e.override_reason ? ` · approved over a duplicate number: ${e.override_reason}` : '';
      return head + why + over;
    }
    case 'comment':
      return e.comment ? 'Commented' : 'Commented (the comment was deleted since)';
    case 'comment_deleted':
      return 'Deleted a comment';
    case 'image_removed':
      return 'Removed a photo';
    case 'appeal': {
      const what = e.appeal?.decision === 'clawback' ? 'the clawback' : 'the rejection';
      const outcome = e.appeal?.outcome;
      const head = !outcome
        ? `Appealed ${what}`
        : outcome === 'reversed'
          ? `Appeal of ${what} accepted: reversed`
          : `Appeal of ${what} declined: it stands`;
      return e.note ? `${head}: ${e.note}` : head;
    }
    case 'payment':
      return `Paid ${formatMoney(e.payment?.amount ?? 0)}`;
    case 'qa':
      return e.note ?? 'QA second look';
    default:
      return 'Changed the card';
  }
}

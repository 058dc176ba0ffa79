import type { InboxKind } from '../../../../shared/inbox';
import type { InboxItem } from '../../../../shared/types';
import { formatDateTime, formatMoney } from '../../lib/format';

const card = (i: InboxItem) => (i.card_id ? `Card #${i.card_id}` : 'A card');
const untilText = (i: InboxItem) => (i.until ? `until ${formatDateTime(i.until)}` : `until staff release ${i.card_id ? 'it' : 'them'}`);
const joined = (...parts: (string | null)[]) => parts.filter(Boolean).join(': ') || null;

/** What an inbox item says: a title and, when there is one, what the seller may read of the decision. One line a kind. */
export const INBOX_TEXT: Record<InboxKind, (i: InboxItem) => { title: string; detail: string | null }> = {
  approved: (i) => ({ title: `${card(i)} was approved`, detail: null }),
  rejected: (i) => ({ title: `${card(i)} was rejected`, detail: joined(i.reason, i.note) }),
  clawed_back: (i) => ({ title: `${card(i)} was disputed: ${formatMoney(Math.abs(i.amount ?? 0))} is owed back`, detail: i.reason }),
  paid: (i) => ({ title: `${formatMoney(i.amount)} was paid${i.card_id ? ` for card #${i.card_id}` : ''}`, detail: null }),
  appeal_decided: (i) => ({
    title: `Your appeal on ${card(i).replace('Card', 'card')} was decided: ${i.reason === 'reversed' ? 'the decision is reversed' : 'the decision stands'}`,
    detail: i.note,
  }),
  adjusted: (i) => ({
    title: `${card(i)} was approved at ${formatMoney(i.amount)}, less than you asked: accept it or withdraw the card`,
    detail: joined(i.reason, i.note),
  }),
  adjustment_lapsed: (i) => ({
    title: `Your answer window for ${card(i).replace('Card', 'card')} ended: the approval at ${formatMoney(i.amount)} counts as accepted`,
    detail: i.reason,
  }),
  // The hold's reason is what the seller also reads on the card's money panel; a seller-wide hold has no card.
  held: (i) => ({
    title: i.card_id ? `Card #${i.card_id} was put on hold ${untilText(i)}` : `Your payouts were put on hold ${untilText(i)}`,
    detail: i.reason,
  }),
  // That hold's end (the item's date says when): released by staff, or its end time passed (`until`). Its reason says which.
  hold_released: (i) => ({
    title: `Payout hold ${i.until ? 'ended' : 'lifted'} on ${i.card_id ? `card #${i.card_id}` : 'your payouts'}`,
    detail: i.reason,
  }),
};

/** Where an item opens: its card; My Gift Cards for a hold on all the seller's cards (placed or ended); My Transaction for a payout of several. */
export const inboxItemPath = (i: InboxItem) =>
  i.card_id ? `/gift-card/${i.card_id}` : i.kind === 'held' || i.kind === 'hold_released' ? '/gift-cards' : '/my-transaction';

/** The bell's accessible name: "Inbox, 3 unread". */
export const inboxLabel = (unread: number) => (unread > 0 ? `Inbox, ${unread} unread` : 'Inbox');

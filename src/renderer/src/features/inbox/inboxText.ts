import type { InboxKind } from '../../../../shared/inbox';
import type { InboxItem } from '../../../../shared/types';
import { formatMoney } from '../../lib/format';

const card = (i: InboxItem) => (i.card_id ? `Card #${i.card_id}` : 'A card');
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
};

/** Where an item opens: its card, or My Transaction for a payout of several cards. */
export const inboxItemPath = (i: InboxItem) => (i.card_id ? `/gift-card/${i.card_id}` : '/my-transaction');

/** The bell's accessible name: "Inbox, 3 unread". */
export const inboxLabel = (unread: number) => (unread > 0 ? `Inbox, ${unread} unread` : 'Inbox');

import type { Role } from '../shared/constants';
import type { LiveEvent } from '../shared/events';
import type { InboxItem, PendingPayment } from '../shared/types';
import { LIMITS } from '../shared/limits';
import { sellerLinkedText } from '../shared/link-form';

/** One OS notification; clicking it opens `path` in the app. */
export interface NotificationSpec {
  title: string;
  body: string;
  path: string;
}

/** As the screens show amounts ("$1,200.00"; notifications are in English). */
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const money = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? dollars.format(v) : null);
const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
/** A hold's end as the notification says it: "until Dec 1, 2026, 10:00 AM" or, with none, until staff release it (them). */
const holdEnd = (v: unknown, them: boolean) => {
  const d = new Date(typeof v === 'string' ? v : NaN);
  return Number.isNaN(d.getTime()) ? `until staff release ${them ? 'them' : 'it'}` : `until ${when.format(d)}`;
};

/** "$1,500.00 to Sid Seller, requested by Mo Maker." (the names when `withApprovalNames` found them). */
function approvalBody(e: LiveEvent): string {
  const amount = money(Number(e.data.amount));
  const seller = text(e.data.seller_name);
  const maker = text(e.data.maker_name);
  const what = [amount ?? 'A payment', seller && `to ${seller}`].filter(Boolean).join(' ');
  return maker ? `${what}, requested by ${maker}.` : `${what} needs a second staff member.`;
}
const cardPath = (e: LiveEvent) => (e.card_id ? `/gift-card/${e.card_id}` : '/gift-cards');

/** Who is signed in: whom a notification is for. */
export interface Recipient {
  id: number;
  role: Role;
}

/**
 * What a batch of events tells this user. Staff: new submissions (one notification for several), payments waiting for
 * them to approve, cards overdue for review. Sellers: their card approved or rejected (with the reason and what to do
 * about it when the event carries them), payments to them and payout holds on them.
 */
export function notificationsFor({ id: me, role }: Recipient, events: readonly LiveEvent[]): NotificationSpec[] {
  if (role === 'admin' || role === 'manager') {
    const staff: NotificationSpec[] = [];
    const submitted = events.filter((e) => e.type === 'card.submitted' && e.data.status === 0);
    if (submitted.length === 1)
      staff.push({ title: 'New gift card to review', body: `Card #${submitted[0].card_id} was submitted.`, path: cardPath(submitted[0]) });
    else if (submitted.length > 1)
      staff.push({
        title: `${submitted.length} new gift cards to review`,
        body: 'They are waiting in the Gift Cards list.',
        path: '/gift-cards',
      });
    // Maker-checker: a payment that waits for a second staff member; its maker cannot approve it, so is not told.
    const requested = events.filter((e) => e.type === 'approval.requested' && e.data.maker_id !== me);
    if (requested.length === 1)
      staff.push({ title: 'Payment awaits approval', body: approvalBody(requested[0]), path: '/pending-approvals' });
    else if (requested.length > 1)
      staff.push({
        title: `${requested.length} payments await approval`,
        body: 'Each needs a second staff member.',
        path: '/pending-approvals',
      });
    // The review SLA (issue 32): each card once, when it passes its offer's review target.
    const overdue = events.filter((e) => e.type === 'review.overdue');
    if (overdue.length === 1)
      staff.push({
        title: `Card #${overdue[0].card_id} is overdue for review`,
        body: 'It has waited past its offer’s review target.',
        path: cardPath(overdue[0]),
      });
    else if (overdue.length > 1)
      staff.push({
        title: `${overdue.length} cards are overdue for review`,
        body: 'They are first in the review queue.',
        path: '/gift-cards?status=0&sort=review_due',
      });
    // Linked sellers (issue 54): a new link between two sellers (each once: the database raises it once per pair and signal).
    for (const e of events.filter((x) => x.type === 'seller.linked'))
      staff.push({ title: 'Sellers linked', body: sellerLinkedText(e.data), path: e.card_id ? cardPath(e) : '/sellers' });
    return staff;
  }
  const out: NotificationSpec[] = [];
  for (const e of events) {
    if (e.type === 'card.status' && e.data.to === 1)
      out.push({ title: 'Gift card approved', body: `Card #${e.card_id} was approved.`, path: cardPath(e) });
    else if (e.type === 'card.status' && e.data.to === 2) {
      const why = text(e.data.reason);
      const todo = text(e.data.remedy);
      const reason = why ? ` Reason: ${why.slice(0, 200)}` : '';
      const remedy = todo ? `\nWhat to do: ${todo.slice(0, LIMITS.text.remedyChars.value)}` : '';
      out.push({ title: 'Gift card rejected', body: `Card #${e.card_id} was rejected.${reason}${remedy}`, path: cardPath(e) });
    } else if (e.type === 'card.status' && e.data.to === 3)
      out.push({
        title: 'Gift card disputed',
        body: `Card #${e.card_id} was disputed; what was paid for it is owed back.`,
        path: cardPath(e),
      });
    // Issue 53: staff answered the seller's appeal (no staff name: the card's page has the note).
    else if (e.type === 'appeal.decided') {
      const what = e.data.decision === 'clawback' ? 'clawback' : 'rejection';
      const outcome = e.data.outcome === 'reversed' ? `accepted: the ${what} is reversed` : `declined: the ${what} stands`;
      out.push({ title: 'Appeal decided', body: `Your appeal on card #${e.card_id} was ${outcome}.`, path: cardPath(e) });
    }
    // Issue 53: a payout hold, once read from the seller's inbox (`withHoldItem`): an adjusted approval's own hold is
    // no inbox item of its own, so it says nothing beside the approval. Its reason is the one the seller's screens show.
    else if (e.type === 'hold.placed' && e.data.held === true) {
      const reason = text(e.data.reason);
      const what = e.card_id ? `Card #${e.card_id} was put on hold` : 'Your payouts were put on hold';
      out.push({
        title: 'Payout on hold',
        body: `${what} ${holdEnd(e.data.until, !e.card_id)}.${reason ? ` Reason: ${reason.slice(0, 200)}` : ''}`,
        path: cardPath(e),
      });
    }
    // Staff lifted that hold (its `hold_released` item, read the same way): which hold, by its reason; never who.
    else if (e.type === 'hold.released' && e.data.lifted === true) {
      const reason = text(e.data.reason);
      const what = e.card_id ? `The payout hold on card #${e.card_id} was lifted` : 'The payout hold on your payouts was lifted';
      out.push({ title: 'Payout hold lifted', body: `${what}.${reason ? ` Reason: ${reason.slice(0, 200)}` : ''}`, path: cardPath(e) });
    }
    // A clawback (a negative entry, with its dispute) is not a payment.
    else if (e.type === 'payment.recorded' && !(typeof e.data.amount === 'number' && e.data.amount < 0)) {
      const amount = money(e.data.amount);
      const what = e.card_id ? ` for card #${e.card_id}` : '';
      out.push({
        title: 'Payment received',
        body: `${amount ? `${amount} was paid` : 'A payment was recorded'}${what}.`,
        path: e.card_id ? cardPath(e) : '/my-transaction',
      });
    }
  }
  return out;
}

/**
 * The reason of a rejected card as its page answers it (`gift-card/{id}`: `reject_reason` key and `reject_note`):
 * "Unreadable image: the PIN is scratched"; null when there is none.
 */
export function rejectionReason(card: unknown): string | null {
  const c = (card && typeof card === 'object' ? (card as { data?: unknown }).data : null) as {
    reject_reason?: unknown;
    reject_note?: unknown;
  } | null;
  if (!c || typeof c !== 'object') return null;
  const key = typeof c.reject_reason === 'string' && c.reject_reason !== 'other' ? c.reject_reason.replace(/_/g, ' ') : '';
  const note = typeof c.reject_note === 'string' ? c.reject_note.trim() : '';
  const text = [key && key[0].toUpperCase() + key.slice(1), note].filter(Boolean).join(': ');
  return text || null;
}

/** What the seller of a rejected card should do (`gift-card/{id}`'s `remedy`: its reason's, as admins wrote it); null when none. */
const rejectionRemedy = (card: unknown): string | null =>
  text((card && typeof card === 'object' && (card as { remedy?: unknown }).remedy) || null);

/** For a rejection: reads the card (`fetchCard` answers `gift-card/{id}`'s JSON, or null) and adds its reason and remedy. */
export const withRejectionReason =
  (fetchCard: (id: number) => Promise<unknown>) =>
  async (e: LiveEvent): Promise<LiveEvent> => {
    if (e.type !== 'card.status' || e.data.to !== 2 || !e.card_id || typeof e.data.reason === 'string') return e;
    const card = await fetchCard(e.card_id);
    const reason = rejectionReason(card);
    const remedy = rejectionRemedy(card);
    return reason || remedy ? { ...e, data: { ...e.data, ...(reason && { reason }), ...(remedy && { remedy }) } } : e;
  };

/**
 * For a payout hold placed or released: its item in the seller's inbox (`fetchInbox` answers `seller-inbox`'s first
 * page, or null: `h<id>` placed, `hr<id>` released), which says its reason and end without naming staff; no item (an adjusted approval's hold, or not read): left as it is.
 */
export const withHoldItem =
  (fetchInbox: () => Promise<unknown>) =>
  async (e: LiveEvent): Promise<LiveEvent> => {
    if (e.type !== 'hold.placed' && e.type !== 'hold.released') return e;
    const placed = e.type === 'hold.placed';
    const inbox = (await fetchInbox()) as { data?: { data?: unknown } } | null;
    const items = Array.isArray(inbox?.data?.data) ? (inbox.data.data as Partial<InboxItem>[]) : [];
    const item = items.find((i) => i.id === `${placed ? 'h' : 'hr'}${String(e.data.hold_id)}`);
    if (!item) return e;
    return { ...e, data: { ...e.data, [placed ? 'held' : 'lifted']: true, reason: item.reason ?? null, until: item.until ?? null } };
  };

/**
 * For a payment waiting for approval: the seller's and the maker's names, from the Pending approvals list
 * (`fetchPending` answers `pending-payment`'s JSON, or null).
 */
export const withApprovalNames =
  (fetchPending: () => Promise<unknown>) =>
  async (e: LiveEvent): Promise<LiveEvent> => {
    if (e.type !== 'approval.requested') return e;
    const list = (await fetchPending()) as { data?: unknown } | null;
    const rows = Array.isArray(list?.data) ? (list.data as Partial<PendingPayment>[]) : [];
    const request = rows.find((r) => r.id === e.data.request_id);
    if (!request) return e;
    return { ...e, data: { ...e.data, seller_name: request.seller?.name, maker_name: request.maker?.name } };
  };

/**
 * Gathers events for `waitMs` (a burst of submissions becomes one notification) and shows what they tell the user.
 * `show` gets each notification; the caller opens `path` when it is clicked.
 */
export function createNotifier(opts: {
  user: () => Recipient | null;
  show(n: NotificationSpec): void;
  /** Adds what the event does not carry (a rejection's reason, read from the card) before it is shown. */
  enrich?: (e: LiveEvent) => Promise<LiveEvent>;
  waitMs?: number;
  timers?: { setTimeout: typeof setTimeout; clearTimeout: typeof clearTimeout };
}) {
  const timers = opts.timers ?? { setTimeout, clearTimeout };
  let batch: LiveEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let generation = 0;
  const flush = async () => {
    timer = undefined;
    const events = batch;
    batch = [];
    const mine = generation;
    const enrich = opts.enrich;
    const full = enrich ? await Promise.all(events.map((e) => enrich(e).catch(() => e))) : events;
    const user = opts.user();
    // Signed out (or in as someone else) meanwhile: nothing of the last session is shown.
    if (user && mine === generation) notificationsFor(user, full).forEach((n) => opts.show(n));
  };
  return {
    push(e: LiveEvent) {
      batch.push(e);
      timer ??= timers.setTimeout(() => void flush(), opts.waitMs ?? 2000);
    },
    /** Signed out: what was gathered is dropped. */
    reset() {
      generation += 1;
      if (timer) timers.clearTimeout(timer);
      timer = undefined;
      batch = [];
    },
  };
}

/** The parts of Electron's Notification the wiring uses. */
export interface NotificationLike {
  on(event: 'click', listener: () => void): unknown;
  show(): void;
}
export type NotificationCtor = (new (options: { title: string; body: string; silent?: boolean }) => NotificationLike) & {
  isSupported(): boolean;
};

/** Shows one notification with Electron's class; a click brings the window forward at `path`. */
export function showWith(Notification: NotificationCtor, open: (path: string) => void) {
  return (n: NotificationSpec) => {
    if (!Notification.isSupported()) return;
    const note = new Notification({ title: n.title, body: n.body });
    note.on('click', () => open(n.path));
    note.show();
  };
}

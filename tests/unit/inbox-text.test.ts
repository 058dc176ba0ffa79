import { describe, expect, it } from 'vitest';
import { INBOX_TEXT, inboxItemPath } from '../../src/renderer/src/features/inbox/inboxText';
import { formatDateTime } from '../../src/renderer/src/lib/format';
import type { InboxItem } from '../../src/shared/types';

/** Issue 53: what the inbox says of a payout hold and of an adjustment's window ending unanswered, and where each opens. */
const item = (over: Partial<InboxItem>): InboxItem => ({
  id: 'h1',
  kind: 'held',
  at: '2026-11-28T10:00:00.000Z',
  card_id: null,
  transaction_id: null,
  amount: null,
  reason: null,
  note: null,
  until: null,
  read: false,
  ...over,
});

describe('inbox texts', () => {
  it('a hold on a card names the card and its end, with its reason; it opens the card', () => {
    const i = item({ card_id: 12, reason: 'Checking with the merchant', until: '2026-12-01T10:00:00.000Z' });
    expect(INBOX_TEXT.held(i)).toEqual({
      title: `Card #12 was put on hold until ${formatDateTime('2026-12-01T10:00:00.000Z')}`,
      detail: 'Checking with the merchant',
    });
    expect(inboxItemPath(i)).toBe('/gift-card/12');
    expect(INBOX_TEXT.held({ ...i, until: null }).title).toBe('Card #12 was put on hold until staff release it');
  });

  it('a hold on the seller, until released, opens My Gift Cards', () => {
    const i = item({ reason: 'Identity check' });
    expect(INBOX_TEXT.held(i)).toEqual({ title: 'Your payouts were put on hold until staff release them', detail: 'Identity check' });
    expect(inboxItemPath(i)).toBe('/gift-cards');
    // A payout of several cards still opens My Transaction.
    expect(inboxItemPath(item({ kind: 'paid', id: 't3', amount: 5 }))).toBe('/my-transaction');
  });

  it('a hold lifted by staff, or ended by its time, names the card or the payouts, with its reason; a seller-wide one opens My Gift Cards', () => {
    const card = item({ id: 'hr5', kind: 'hold_released', card_id: 12, reason: 'Checking with the merchant' });
    expect(INBOX_TEXT.hold_released(card)).toEqual({ title: 'Payout hold lifted on card #12', detail: 'Checking with the merchant' });
    expect(inboxItemPath(card)).toBe('/gift-card/12');
    const all = item({ id: 'hr6', kind: 'hold_released', reason: 'Identity check' });
    expect(INBOX_TEXT.hold_released(all)).toEqual({ title: 'Payout hold lifted on your payouts', detail: 'Identity check' });
    expect(inboxItemPath(all)).toBe('/gift-cards');
    // Its end time passed: `until` is that end.
    expect(INBOX_TEXT.hold_released({ ...all, until: '2026-12-01T10:00:00.000Z' }).title).toBe('Payout hold ended on your payouts');
  });

  it("an adjustment's window ending unanswered says the value counts as accepted; it opens the card", () => {
    const i = item({ id: 'w4', kind: 'adjustment_lapsed', card_id: 7, amount: 30, reason: 'Partial balance' });
    expect(INBOX_TEXT.adjustment_lapsed(i)).toEqual({
      title: 'Your answer window for card #7 ended: the approval at $30.00 counts as accepted',
      detail: 'Partial balance',
    });
    expect(inboxItemPath(i)).toBe('/gift-card/7');
  });
});

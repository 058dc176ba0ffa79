import { CARD_STATUS, REJECT_REASONS } from '../../../../shared/constants';
import type { GiftCard } from '../../../../shared/types';

/** What a review key does; the screen that holds the action binds it (useReviewKeys). */
export type ReviewAction = 'approve' | 'reject' | 'next' | 'previous' | 'comment' | 'zoom' | 'shortcuts' | 'leaveField';

export interface ReviewKey {
  action: ReviewAction;
  /** The keys as KeyboardEvent.key gives them; letters in lower case (Shift or Caps Lock still match). */
  keys: readonly string[];
  /** The keys as the `?` dialog and docs/review.md show them. */
  shown: string;
  description: string;
}

/**
 * The review keys, once: they drive the card page's key handling (useReviewKeys), the `?` dialog (ShortcutsDialog)
 * and the Keyboard table of docs/review.md (a unit test holds the docs to this table).
 */
export const REVIEW_KEYMAP: readonly ReviewKey[] = [
  { action: 'approve', keys: ['a'], shown: 'A', description: 'Approve (with the number in Card Number)' },
  {
    action: 'reject',
    keys: ['r'],
    shown: 'R',
    description: `Reject; in the dialog 1-${REJECT_REASONS.length} picks the reason (list order) and moves to the Reject button, Enter sends`,
  },
  {
    action: 'next',
    keys: ['n', 'ArrowRight'],
    shown: 'N or →',
    description: 'Next card from the queue (this one is released and skipped for the rest of the round)',
  },
  { action: 'previous', keys: ['p', 'ArrowLeft'], shown: 'P or ←', description: 'The previous card handed to me in this window' },
  { action: 'comment', keys: ['c'], shown: 'C', description: 'Comments tab, focus in the comment field' },
  { action: 'zoom', keys: ['z'], shown: 'Z', description: 'Zoom the photos in or out' },
  { action: 'shortcuts', keys: ['?'], shown: '?', description: 'The list of keys (a dialog; Escape closes)' },
  { action: 'leaveField', keys: ['Escape'], shown: 'Escape', description: 'Leaves a text field so the keys work again' },
];

/**
 * Where the focus starts on a card of the queue (useReviewFocus), said under the keys in the `?` dialog and in
 * docs/review.md (the unit test holds the docs to it).
 */
export const REVIEW_FOCUS_NOTE =
  'In the queue a card opens with the focus on its heading, so the keys work at once; a pending card without a number ' +
  'opens with the focus in Card Number instead: type it, Escape, A.';

/** Where the focus starts on a card the queue opened: in Card Number, or on the workspace (the card's heading). */
export type ReviewFocus = 'number' | 'workspace';

/**
 * Card Number only on a pending card whose number is empty (the reviewer must type it); with a number already there
 * (the seller's, or the one read off the photo, which fills the field) and on a decided card, the workspace, so the
 * single-letter keys work at once: card numbers may hold letters, and C typed "c" into a filled number (issue 55).
 */
export function reviewFocusOf(card: Pick<GiftCard, 'card_status' | 'card_number' | 'read_number'>): ReviewFocus {
  const filled = Boolean(card.card_number?.trim() || card.read_number);
  return card.card_status === CARD_STATUS.pending && !filled ? 'number' : 'workspace';
}

/** The action a key press asks for, if any: letters match in either case. */
export function reviewActionOf(key: string): ReviewAction | undefined {
  const k = key.length === 1 ? key.toLowerCase() : key;
  return REVIEW_KEYMAP.find((entry) => entry.keys.includes(k))?.action;
}

/** How a key of `action` is shown, e.g. "?" for the shortcuts: for a button's tooltip. */
export const shownKeys = (action: ReviewAction): string => REVIEW_KEYMAP.find((entry) => entry.action === action)?.shown ?? '';

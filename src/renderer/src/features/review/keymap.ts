import { REJECT_REASONS } from '../../../../shared/constants';

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
  { action: 'approve', keys: ['a'], shown: 'A', description: 'Approve (with the number typed in Card Number)' },
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

/** The action a key press asks for, if any: letters match in either case. */
export function reviewActionOf(key: string): ReviewAction | undefined {
  const k = key.length === 1 ? key.toLowerCase() : key;
  return REVIEW_KEYMAP.find((entry) => entry.keys.includes(k))?.action;
}

/** How a key of `action` is shown, e.g. "?" for the shortcuts: for a button's tooltip. */
export const shownKeys = (action: ReviewAction): string => REVIEW_KEYMAP.find((entry) => entry.action === action)?.shown ?? '';

import { useEffect, useState, type RefObject } from 'react';
import type { GiftCard } from '../../../../shared/types';
import { reviewFocusOf, type ReviewFocus } from './keymap';

/**
 * Staff in the review queue: where the focus starts on card `id`, decided once per card when it arrives (a number read
 * off the photo a moment later fills the field but leaves the focus where it is, nor does a refetch or a save move
 * it). 'workspace' focuses `heading` once the page shows (`shown`), unless something already holds the focus; 'number'
 * is the form's to do (CardEditForm's `focus`). Null: not in the queue, or the card is not in yet.
 */
export function useReviewFocus(
  id: number,
  active: boolean,
  card: GiftCard | undefined,
  shown: boolean,
  heading: RefObject<HTMLElement | null>,
): ReviewFocus | null {
  const [start, setStart] = useState<{ id: number; at: ReviewFocus } | null>(null);
  if (active && card?.id === id && start?.id !== id) setStart({ id, at: reviewFocusOf(card) });
  const at = active && start?.id === id ? start.at : null;
  useEffect(() => {
    if (at !== 'workspace' || !shown) return;
    const held = document.activeElement;
    if (held && held !== document.body) return;
    heading.current?.focus();
  }, [at, id, shown, heading]);
  return at;
}

let awaited: string | null = null;

/** A focus is on its way (focusWhenShown): the keys typed meanwhile are meant for that field, not for the page. */
export const focusAwaited = (): boolean => awaited !== null;

/**
 * Focuses what `selector` names: at once when it is there, else once the page shows it, looked for each frame, for up
 * to about two seconds. C works as soon as a card opens (its heading has the focus), while the comments mount a moment
 * after the page (DeferredMount): a C pressed then found no comment field and did nothing. Until it is focused the
 * review keys do nothing (useReviewKeys): "C, then type 'approved'" once approved the card.
 */
export function focusWhenShown(selector: string, frames = 120): void {
  const el = document.querySelector<HTMLElement>(selector);
  awaited = el || frames === 0 ? null : selector;
  if (el) el.focus();
  else if (awaited) requestAnimationFrame(() => awaited === selector && focusWhenShown(selector, frames - 1));
}

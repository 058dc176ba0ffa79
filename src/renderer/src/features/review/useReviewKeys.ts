import { useEffect, useRef } from 'react';
import { isTyping } from '../../lib/isTyping';
import { reviewActionOf, type ReviewAction } from './keymap';
import { focusAwaited } from './useReviewFocus';

type Bound = Exclude<ReviewAction, 'leaveField'>;

/**
 * The review keys of REVIEW_KEYMAP that this part of the page acts on: `actions` gives each its handler (the card page
 * binds the navigation keys, ReviewActions A and R). They never fire while typing in a field, with a modifier held
 * (Ctrl, Alt, Meta), while a dialog is open or a field is about to take the focus (focusWhenShown), nor the arrows in
 * a zoomed photo (they pan it); Escape in a field leaves it, so the keys work again.
 */
export function useReviewKeys(actions: Partial<Record<Bound, () => void>>, enabled = true): void {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      const action = reviewActionOf(e.key);
      if (action === 'leaveField') {
        if (isTyping(e.target) && !document.querySelector('[role="dialog"]')) (e.target as HTMLElement).blur();
        return;
      }
      if (e.defaultPrevented || e.ctrlKey || e.altKey || e.metaKey || isTyping(e.target)) return;
      // In a zoomed photo the arrows pan it (issue 55: they went to the next card); N and P still move.
      if (e.key.startsWith('Arrow') && e.target instanceof Element && e.target.closest('[data-pan]')) return;
      if (document.querySelector('[role="dialog"], [role="presentation"].MuiPopover-root')) return;
      // Typed for the field C is opening, before it had the focus.
      if (focusAwaited()) return;
      const handler = action && latest.current[action];
      if (!handler) return;
      e.preventDefault();
      handler();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}

import { useDeferredValue, useEffect, type RefObject } from 'react';

const FIRST_FIELD = 'input:not([type=hidden]):not([disabled]):not([readonly]), select, textarea';

/**
 * Whether a form's fields are shown, and the first of them focused once they are (issue 33). With `defer`, the fields
 * come in a deferred render one task after the form: mounted with it, react-hook-form's re-render on mount (a state
 * update in a layout effect) flushed their first commit, the effects and the focus (a layout of the new page) in one
 * main-thread task of 70-110 ms. `focus: false`: the fields are shown, the focus stays where it is.
 */
export function useFieldsAfterForm(form: RefObject<HTMLElement | null>, defer: boolean, focus = true): boolean {
  const shown = useDeferredValue(true, !defer);
  useEffect(() => {
    if (!shown || !focus) return;
    // A frame later, unless a field has the focus already (the review queue's Card Number): focusing forces a layout of
    // the new screen, which in its commit's task was a fifth of the card page's longest task.
    const frame = requestAnimationFrame(() => {
      const el = form.current;
      if (el && !el.contains(document.activeElement)) el.querySelector<HTMLElement>(FIRST_FIELD)?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [shown, form, focus]);
  return shown;
}

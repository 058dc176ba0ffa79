import { useDeferredValue, useEffect, type RefObject } from 'react';

const FIRST_FIELD = 'input:not([type=hidden]):not([disabled]):not([readonly]), select, textarea';

/**
 * Whether a form's fields are shown, and the first of them focused once they are (issue 33). With `defer`, the fields
 * come in a deferred render one task after the form: mounted with it, react-hook-form's re-render on mount (a state
 * update in a layout effect) flushed their first commit, the effects and the focus (a layout of the new page) in one
 * main-thread task of 70-110 ms.
 */
export function useFieldsAfterForm(form: RefObject<HTMLElement | null>, defer: boolean): boolean {
  const shown = useDeferredValue(true, !defer);
  useEffect(() => {
    if (shown) form.current?.querySelector<HTMLElement>(FIRST_FIELD)?.focus();
  }, [shown, form]);
  return shown;
}

import { useEffect, useRef } from 'react';

/** Is the key meant for a field (typing), not for the page? Text inputs, text areas, selects and editable content. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range'].includes(target.type);
  return false;
}

/**
 * Page shortcuts: `keys` maps a key (as KeyboardEvent.key, e.g. 'a', 'ArrowRight', '?') to its action. They never
 * fire while typing in a field, with a modifier held (Ctrl, Alt, Meta) or while a dialog is open.
 */
export function useShortcuts(keys: Record<string, () => void>, enabled = true): void {
  const latest = useRef(keys);
  latest.current = keys;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      // Escape leaves a text field, so that the page's keys work again.
      if (e.key === 'Escape' && isTyping(e.target) && !document.querySelector('[role="dialog"]')) {
        (e.target as HTMLElement).blur();
        return;
      }
      if (e.defaultPrevented || e.ctrlKey || e.altKey || e.metaKey || isTyping(e.target)) return;
      if (document.querySelector('[role="dialog"], [role="presentation"].MuiPopover-root')) return;
      const action = latest.current[e.key.length === 1 ? e.key.toLowerCase() : e.key] ?? latest.current[e.key];
      if (!action) return;
      e.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}

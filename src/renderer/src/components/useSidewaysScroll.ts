import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Whether a scroll frame is wider inside than out (the table scrolls sideways) and whether columns are still out of
 * view to the right; kept up to date as the window, the frame or its rows change size.
 */
export function useSidewaysScroll<E extends HTMLElement = HTMLDivElement>() {
  const ref = useRef<E>(null);
  const [state, setState] = useState({ overflowing: false, hidden: false });
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const overflowing = el.scrollWidth > el.clientWidth + 1;
    const hidden = overflowing && el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setState((s) => (s.overflowing === overflowing && s.hidden === hidden ? s : { overflowing, hidden }));
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [measure]);
  return { ref, onScroll: measure, ...state };
}

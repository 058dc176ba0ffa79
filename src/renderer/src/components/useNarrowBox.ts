import { useLayoutEffect, useRef, useState } from 'react';

/**
 * Whether a box is narrower than `below` px, kept up to date as it resizes (the window, the sidebar opening). Measured
 * before the first paint, so a screen that lays out differently when narrow does not first paint the wide layout.
 */
export function useNarrowBox<E extends HTMLElement = HTMLDivElement>(below: number) {
  const ref = useRef<E>(null);
  const [narrow, setNarrow] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setNarrow(el.clientWidth > 0 && el.clientWidth < below);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [below]);
  return { ref, narrow };
}

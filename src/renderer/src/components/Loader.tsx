import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import { keyframes } from '@mui/material/styles';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';

export interface LoaderApi {
  /** Shows the full-page loader (counted: every show needs one hide). */
  show(): void;
  hide(): void;
  /** Shows the loader while the promise is in flight. */
  track<T>(promise: Promise<T>): Promise<T>;
}

const LoaderContext = createContext<LoaderApi | null>(null);

const fadeIn = keyframes`from { opacity: 0; }`;

/**
 * The global full-page loader: a backdrop with a spinner while any tracked call, any write, or any read that has
 * nothing to show yet is in flight (background refreshes of answers already on screen do not cover the page).
 * Reads and writes opt out with `loader: false`.
 */
export function LoaderProvider({ children }: { children: ReactNode }) {
  const [count, setCount] = useState(0);
  const reading = useIsFetching({ predicate: (q) => q.state.data === undefined && q.meta?.loader !== false });
  const writing = useIsMutating({ predicate: (m) => m.meta?.loader !== false });
  const show = useCallback(() => setCount((c) => c + 1), []);
  const hide = useCallback(() => setCount((c) => Math.max(0, c - 1)), []);
  const api = useMemo<LoaderApi>(
    () => ({
      show,
      hide,
      async track(promise) {
        show();
        try {
          return await promise;
        } finally {
          hide();
        }
      },
    }),
    [show, hide],
  );
  return (
    <LoaderContext.Provider value={api}>
      {children}
      {count + reading + writing > 0 && (
        // A named region: the backdrop sits outside the page's landmarks, and every content must be in one (axe "region").
        <Backdrop
          open
          role="region"
          aria-label="Page loading"
          // Faded in by a CSS animation, not the Fade transition: its start forces a layout of the whole page in the
          // commit that shows the loader, which is also the commit of a new screen (issue 33). Unmounted when done.
          appear={false}
          sx={{
            zIndex: (t) => t.zIndex.modal + 10,
            color: '#fff',
            animation: (t) => `${fadeIn} ${t.transitions.duration.enteringScreen}ms ${t.transitions.easing.easeInOut}`,
            '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
          }}
          data-testid="page-loader"
        >
          <CircularProgress color="inherit" aria-label="Loading" />
        </Backdrop>
      )}
    </LoaderContext.Provider>
  );
}

export function useLoader(): LoaderApi {
  const ctx = useContext(LoaderContext);
  if (!ctx) throw new Error('useLoader must be used inside LoaderProvider');
  return ctx;
}

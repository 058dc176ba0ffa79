import { startTransition, useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * Mounts its children one task after the screen's first commit, in a box of `minHeight` until then (so nothing below
 * moves): for parts that measure themselves on mount (MUI Tabs reads the page's layout) or are below the fold. Mounted
 * with the screen, their mount, measuring and effects made the screen's first task 50-100 ms long (issue 33). Also for
 * an MUI Tooltip in a screen's first commit: it sets state when it mounts, which ran all of the screen's effects in
 * that commit's task (`minWidth` then keeps the button's place in its row).
 */
export function DeferredMount({ minHeight, minWidth, children }: { minHeight: number; minWidth?: number; children: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    // A timer, not a microtask: React may flush this effect in the commit's own task. A transition: React renders the
    // children in slices (a plain update from a timer renders them in one go, the comments' and history's included).
    const timer = setTimeout(() => startTransition(() => setMounted(true)), 0);
    return () => clearTimeout(timer);
  }, []);
  return mounted ? children : <Box aria-hidden sx={{ minHeight, minWidth }} />;
}

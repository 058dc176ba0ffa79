import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';
import { useConfirm } from './Confirm';

export const LEAVE_TEXT = 'You have unsaved changes. Leave this page and lose them?';

/**
 * While `active`: asks before leaving for another screen (in-app navigation) and before closing or reloading the
 * page. Returns `allowLeaving()`, for the navigation that follows a save; a navigation with `state.saved` (the review
 * queue's next card after a decision that sent what was typed) is never asked about.
 */
export function useLeavePrompt(active: boolean): () => void {
  const confirm = useConfirm();
  const activeRef = useRef(active);
  const allowed = useRef(false);
  useEffect(() => {
    activeRef.current = active;
  }, [active]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      activeRef.current &&
      !allowed.current &&
      currentLocation.pathname !== nextLocation.pathname &&
      !(nextLocation.state as { saved?: boolean } | null)?.saved,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirm(LEAVE_TEXT, { title: 'Leave this page?', yes: 'Leave', no: 'Stay' }).then((leave) =>
      leave ? blocker.proceed() : blocker.reset(),
    );
  }, [blocker, confirm]);

  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);

  return useCallback(() => {
    allowed.current = true;
  }, []);
}

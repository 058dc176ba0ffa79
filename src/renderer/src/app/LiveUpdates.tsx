import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { visuallyHidden } from '../components/visuallyHidden';
import type { StreamStatus } from '../../../shared/event-stream';
import { createInvalidator } from '../api/live';
import { useApiQuery } from '../api/query';
import { usePendingInTitle } from '../components/useDocumentTitle';
import { clearNewLinks, noteNewLink, useNewLinks } from '../components/links/newLinks';
import { useTransport } from './api';
import { useSession } from './session';

/** How long the stream may be down before the banner shows (a server restart reconnects within it). */
const BANNER_AFTER_MS = 2000;

/**
 * The one live-event subscription of a signed-in session: every event refreshes the reads it makes stale (in the
 * background: no loader, no scroll jump, open dialogs stay), "Reconnecting..." shows while the API is unreachable
 * and everything is refreshed when it is back; staff see the pending count in the title. A new link between sellers:
 * in a browser, counted on the Seller Lists item and announced politely to screen readers (nothing over the page's
 * controls); the desktop app raises an OS notification (main) instead.
 */
export function LiveUpdates() {
  const transport = useTransport();
  const queryClient = useQueryClient();
  const { user, isStaff } = useSession();
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const [showBanner, setShowBanner] = useState(false);

  const newLinks = useNewLinks();
  const browser = transport.kind === 'http';

  useEffect(() => {
    if (!user) return;
    const invalidator = createInvalidator(queryClient);
    const stop = transport.events({
      event: (e) => {
        invalidator.push(e);
        // Linked sellers (issue 54): a new link refreshes the links panels. No toast: every card of a busy marketplace
        // can make one, and toasts covered the header's buttons.
        if (browser && isStaff && e.type === 'seller.linked') noteNewLink(e.data, e.card_id);
      },
      status: setStatus,
      resync: () => invalidator.all(),
      signedOut: () => undefined,
    });
    return () => {
      stop();
      invalidator.stop();
      clearNewLinks();
    };
  }, [transport, queryClient, user, browser, isStaff]);

  useEffect(() => {
    if (status !== 'reconnecting') return setShowBanner(false);
    const t = setTimeout(() => setShowBanner(true), BANNER_AFTER_MS);
    return () => clearTimeout(t);
  }, [status]);

  const figures = useApiQuery('dashboardFigures', {}, { enabled: isStaff, loader: false });
  usePendingInTitle(isStaff ? (figures.data?.pending ?? 0) : 0);

  return (
    <>
      {browser && isStaff && (
        <Box role="status" aria-live="polite" data-testid="new-link-announcer" sx={visuallyHidden}>
          {newLinks.recent[0]?.text ?? ''}
        </Box>
      )}
      {showBanner && (
        <Alert severity="warning" role="status" data-testid="reconnecting" sx={{ mb: 2 }}>
          Reconnecting... The server cannot be reached; what you see may be out of date.
        </Alert>
      )}
    </>
  );
}

import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { linkablePath } from '../../../shared/screens';
import { useTransport } from './api';

const CardSearchDialog = lazy(() => import('../features/gift-cards/CardSearchDialog'));

/**
 * The desktop shell's requests (menu entries and their accelerators, deep links, clicked notifications): open a
 * screen, search a card by number, reload what is on screen. Nothing in a browser.
 */
export function DesktopCommands() {
  const transport = useTransport();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searching, setSearching] = useState(false);

  useEffect(() => {
    if (!transport.onCommand) return;
    return transport.onCommand((c) => {
      if (c.kind === 'navigate') {
        const path = linkablePath(c.path);
        if (path) void navigate(path);
      } else if (c.kind === 'search') setSearching(true);
      else if (c.kind === 'reload') void queryClient.invalidateQueries({ type: 'active' });
    });
  }, [transport, navigate, queryClient]);

  if (!searching) return null;
  return (
    <Suspense fallback={null}>
      <CardSearchDialog open onClose={() => setSearching(false)} />
    </Suspense>
  );
}

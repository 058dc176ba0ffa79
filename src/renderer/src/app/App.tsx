import { RouterProvider } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createQueryClient } from '../api/query';
import type { Transport } from '../api/transport';
import { LoaderProvider } from '../components/Loader';
import { NotifyProvider } from '../components/notify';
import { ConfirmProvider } from '../components/Confirm';
import { TransportProvider } from './api';
import { SessionProvider } from './session';
import { createAppRouter } from './routes';
import { AppThemeProvider } from './theme';

export { loadLoginScreen } from './routes';

export function App({ transport }: { transport: Transport }) {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <AppThemeProvider>
      <NotifyProvider>
        <QueryClientProvider client={queryClient}>
          <LoaderProvider>
            <ConfirmProvider>
              <TransportProvider transport={transport}>
                <SessionProvider>
                  <RouterProvider router={router} />
                </SessionProvider>
              </TransportProvider>
            </ConfirmProvider>
          </LoaderProvider>
        </QueryClientProvider>
      </NotifyProvider>
    </AppThemeProvider>
  );
}

import { BrowserRouter, HashRouter } from 'react-router-dom';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createQueryClient } from '../api/query';
import type { Transport } from '../api/transport';
import { LoaderProvider } from '../components/Loader';
import { NotifyProvider } from '../components/notify';
import { ConfirmProvider } from '../components/Confirm';
import { TransportProvider } from './api';
import { SessionProvider } from './session';
import { AppRoutes } from './routes';
import { theme } from './theme';

/** Path routes: the server (browser mode) and the app:// protocol (desktop) both fall back to index.html; a file:// page gets hash routes. */
const Router = window.location.protocol === 'file:' ? HashRouter : BrowserRouter;

export function App({ transport }: { transport: Transport }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <NotifyProvider>
        <QueryClientProvider client={queryClient}>
          <LoaderProvider>
            <ConfirmProvider>
              <TransportProvider transport={transport}>
                <Router>
                  <SessionProvider>
                    <AppRoutes />
                  </SessionProvider>
                </Router>
              </TransportProvider>
            </ConfirmProvider>
          </LoaderProvider>
        </QueryClientProvider>
      </NotifyProvider>
    </ThemeProvider>
  );
}

import { useMemo, type ReactNode } from 'react';
import GlobalStyles from '@mui/material/GlobalStyles';
import { SnackbarProvider, useSnackbar } from 'notistack';
import { TOAST_MS } from '../../../shared/constants';

/** Toasts: top-right below the top bar (never over the user name, Due or Logout), TOAST_MS long. */
export function NotifyProvider({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider
      maxSnack={4}
      autoHideDuration={TOAST_MS}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      classes={{ containerAnchorOriginTopRight: 'toasts-below-top-bar' }}
    >
      <GlobalStyles
        styles={{
          '.toasts-below-top-bar': { top: '76px !important' },
          '@media print': { '.toasts-below-top-bar': { display: 'none' } },
          // notistack's own green, orange and blue under white text are below WCAG's 4.5:1 (axe color-contrast).
          '.notistack-MuiContent.notistack-MuiContent-success': { backgroundColor: '#2e7d32' },
          '.notistack-MuiContent.notistack-MuiContent-warning': { backgroundColor: '#b45309' },
          '.notistack-MuiContent.notistack-MuiContent-info': { backgroundColor: '#0277bd' },
        }}
      />
      {children}
    </SnackbarProvider>
  );
}

export interface Notify {
  success(msg: string): void;
  error(msg: string): void;
  warning(msg: string): void;
}

export function useNotify(): Notify {
  const { enqueueSnackbar } = useSnackbar();
  return useMemo(
    () => ({
      success: (msg: string) => enqueueSnackbar(msg, { variant: 'success' }),
      error: (msg: string) => enqueueSnackbar(msg, { variant: 'error' }),
      warning: (msg: string) => enqueueSnackbar(msg, { variant: 'warning', autoHideDuration: 8000 }),
    }),
    [enqueueSnackbar],
  );
}

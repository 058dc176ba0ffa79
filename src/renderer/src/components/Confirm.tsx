import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { MSG } from '../../../shared/messages';

export interface ConfirmLabels {
  title?: string;
  yes?: string;
  no?: string;
  /** The yes button's colour: `error` (the default) for what cannot be undone, `success` for an approval. */
  tone?: 'error' | 'success';
  /** What the yes button acts on ("Deletes the offer Amazon."), below the message: the spec's delete text names nothing. */
  detail?: string;
}
type ConfirmFn = (message?: string, labels?: ConfirmLabels) => Promise<boolean>;
const ConfirmContext = createContext<ConfirmFn | null>(null);

/** One confirmation dialog for the whole app: `await confirm()` resolves true on "Yes, delete it!" (or `labels.yes`). */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<string | null>(null);
  const [labels, setLabels] = useState<ConfirmLabels>({});
  const resolver = useRef<((ok: boolean) => void) | null>(null);

  const confirm = useCallback<ConfirmFn>((msg = MSG.deleteConfirm, l = {}) => {
    resolver.current?.(false);
    setMessage(msg);
    setLabels(l);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const close = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setMessage(null);
  };

  // The spec's text starts with the title ("Are you sure? You won't be able to revert this!"): say it once, as the
  // title, and the rest below it (the trailing space keeps the dialog's text the spec's sentence).
  const title = labels.title ?? 'Are you sure?';
  const body = message?.startsWith(`${title} `) ? message.slice(title.length + 1) : message;

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Dialog open={message !== null} onClose={() => close(false)} aria-labelledby="confirm-title" aria-describedby="confirm-text">
        <DialogTitle id="confirm-title">
          {title}
          {body !== message && ' '}
        </DialogTitle>
        <DialogContent>
          <DialogContentText id="confirm-text">{body}</DialogContentText>
          {labels.detail && (
            <DialogContentText sx={{ mt: 1 }} data-testid="confirm-detail">
              {labels.detail}
            </DialogContentText>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => close(false)} autoFocus>
            {labels.no ?? 'Cancel'}
          </Button>
          <Button onClick={() => close(true)} color={labels.tone ?? 'error'} variant="contained">
            {labels.yes ?? 'Yes, delete it!'}
          </Button>
        </DialogActions>
      </Dialog>
    </ConfirmContext.Provider>
  );
}

/** `const confirm = useConfirm(); if (await confirm()) ...` */
export function useConfirm(): ConfirmFn {
  const ctx = useContext(ConfirmContext);
  if (!ctx) throw new Error('useConfirm must be used inside ConfirmProvider');
  return ctx;
}

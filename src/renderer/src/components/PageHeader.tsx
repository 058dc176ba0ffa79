import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from './useDocumentTitle';

/** Back To Lists as the spec writes it, not in capitals as MUI sets a button's text (issue 55: "BACK TO LISTS"). */
export const BACK_BUTTON = { textTransform: 'none' } as const;

/** A screen's title (h1) with its action buttons on the right. */
export function PageHeader({ title, actions, windowTitle }: { title: ReactNode; actions?: ReactNode; windowTitle?: string }) {
  useDocumentTitle(windowTitle ?? (typeof title === 'string' ? title : undefined));
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
      <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
        {title}
      </Typography>
      {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
    </Box>
  );
}

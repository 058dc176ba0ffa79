import type { ReactNode, RefObject } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from './useDocumentTitle';

/** Back To Lists as the spec writes it, not in capitals as MUI sets a button's text (issue 55: "BACK TO LISTS"). */
export const BACK_BUTTON = { textTransform: 'none' } as const;

interface Props {
  title: ReactNode;
  actions?: ReactNode;
  windowTitle?: string;
  /** The title can take the focus (from a script, not by Tab): the review queue's workspace (useReviewFocus). */
  focusRef?: RefObject<HTMLHeadingElement | null>;
}

/** A keyboard focus on the title shows as the buttons' ring (theme.tsx). */
const titleFocus = { '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 } };

/** A screen's title (h1) with its action buttons on the right. */
export function PageHeader({ title, actions, windowTitle, focusRef }: Props) {
  useDocumentTitle(windowTitle ?? (typeof title === 'string' ? title : undefined));
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
      <Typography
        variant="h5"
        component="h1"
        ref={focusRef}
        tabIndex={focusRef ? -1 : undefined}
        sx={{ flexGrow: 1, ...(focusRef ? titleFocus : {}) }}
      >
        {title}
      </Typography>
      {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
    </Box>
  );
}

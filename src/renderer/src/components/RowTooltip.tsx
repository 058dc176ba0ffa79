import { cloneElement, useState, type ReactElement } from 'react';
import Tooltip from '@mui/material/Tooltip';

type Child = ReactElement<Record<string, unknown>>;

/**
 * A list row's MUI Tooltip, mounted when the pointer or the focus first reaches its child: a Tooltip sets state on
 * mount, so a page of rows with a few each re-rendered them all and flushed the page's effects in the rows' commit
 * (issue 33). Until then the child gets the name the Tooltip gives it (`aria-label` = the title, the child's own wins).
 */
export function RowTooltip({ title, children }: { title: string; children: Child }) {
  const [open, setOpen] = useState<boolean | null>(null);
  if (open === null)
    return cloneElement(children, {
      'aria-label': title,
      ...children.props,
      onMouseOver: () => setOpen(true),
      onFocus: () => setOpen(true),
    });
  return (
    <Tooltip title={title} open={open} onOpen={() => setOpen(true)} onClose={() => setOpen(false)}>
      {children}
    </Tooltip>
  );
}

import { useState } from 'react';

/**
 * True from the first render in which `open` is true on. A dialog whose form calls react-hook-form's `useForm` mounts
 * it when it first opens, not closed with the screen: `useForm` sets state in a layout effect, which made the screen's
 * first commit (a page of list rows) re-render at once and run all of its effects in the same main-thread task
 * (issue 33). It stays mounted afterwards, so the dialog's close transition runs as before.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

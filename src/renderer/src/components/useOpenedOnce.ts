import { useState } from 'react';

/**
 * True from the first render in which `open` is true: a screen's dialog form mounts when it first opens, not with the
 * screen (react-hook-form's `useForm` sets state on mount, which made the screen's first commit re-render at once and
 * run all of its effects in the same main-thread task, issue 33). After that it stays mounted, so it closes as before.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

import { useEffect } from 'react';
import { documentTitle } from './title';

let currentScreen: string | undefined;
let pendingCount = 0;
const apply = () => {
  document.title = documentTitle(currentScreen, pendingCount);
};

/** Sets the title while a screen shows; no name leaves the title to the screen inside (a gate's children). */
export function useDocumentTitle(screen?: string): void {
  useEffect(() => {
    if (!screen) return;
    currentScreen = screen;
    apply();
  }, [screen]);
}

/** The count of cards pending review in front of every title (staff; 0 shows none), kept live by the event stream. */
export function usePendingInTitle(pending: number): void {
  useEffect(() => {
    pendingCount = pending;
    apply();
    return () => {
      pendingCount = 0;
      apply();
    };
  }, [pending]);
}

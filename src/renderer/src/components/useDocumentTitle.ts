import { useEffect } from 'react';

export const APP_TITLE = 'Gift Card Back-Office';

/** The window / tab title of a screen: "Gift Cards · Gift Card Back-Office". */
export const documentTitle = (screen?: string): string => (screen ? `${screen} · ${APP_TITLE}` : APP_TITLE);

/** Sets the title while a screen shows; no name leaves the title to the screen inside (a gate's children). */
export function useDocumentTitle(screen?: string): void {
  useEffect(() => {
    if (screen) document.title = documentTitle(screen);
  }, [screen]);
}

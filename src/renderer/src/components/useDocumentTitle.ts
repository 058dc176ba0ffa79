import { useEffect } from 'react';

export const APP_TITLE = 'Gift Card Back-Office';

/** The window / tab title of a screen: "Gift Cards · Gift Card Back-Office". */
export const documentTitle = (screen?: string): string => (screen ? `${screen} · ${APP_TITLE}` : APP_TITLE);

export function useDocumentTitle(screen?: string): void {
  useEffect(() => {
    document.title = documentTitle(screen);
  }, [screen]);
}

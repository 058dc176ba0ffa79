const APP_TITLE = 'Gift Card Back-Office';

/** The window / tab title of a screen: "Gift Cards · Gift Card Back-Office", "(3) ..." with 3 cards pending review. */
export const documentTitle = (screen?: string, pending = 0): string =>
  `${pending > 0 ? `(${pending}) ` : ''}${screen ? `${screen} · ${APP_TITLE}` : APP_TITLE}`;

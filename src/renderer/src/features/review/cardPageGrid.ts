/**
 * The card page's two sides (photos 7, the decision 5) at wide screens, one column narrow: the page and its loading
 * skeleton (CardPageSkeleton) share it.
 */
export const cardPageGrid = {
  display: 'grid',
  gap: 3,
  alignItems: 'start',
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 7fr) minmax(0, 5fr)' },
  maxWidth: { xs: 820, lg: 1600 },
} as const;

/**
 * The card page's two sides, photos beside the decision from 900 px on (5 to 7, so the form and the duplicates'
 * photos keep their room; 7 to 5 from 1200 px), one column below: the page and its skeleton (CardPageSkeleton) share it.
 */
export const cardPageGrid = {
  display: 'grid',
  gap: 3,
  alignItems: 'start',
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)', lg: 'minmax(0, 7fr) minmax(0, 5fr)' },
  maxWidth: { xs: 820, md: 1600 },
} as const;

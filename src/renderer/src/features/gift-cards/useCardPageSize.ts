import { useCallback, useMemo, useState } from 'react';
import { PER_PAGE_MAX } from '../../../../shared/list-queries';
import { PAGE_SIZE } from '../../../../shared/constants';

/**
 * The work queue (staff's card list) fills the window (issue 55): without a page size in the URL it asks for as many
 * rows as fit under its header in the window's height, or for the size this user last chose in Rows per page
 * (remembered in localStorage per user). The API's default stays the spec's 5 a page: the size is always sent. A
 * seller's list keeps the spec's 5.
 */

/**
 * The window's height above and below the rows, px, measured at 1440 px: top bar, title, tabs and filters (to the
 * table head's top, 245), the table head (51), the pagination (56), the page's bottom padding (24).
 */
const CHROME_PX = 380;
/**
 * A row's height, px: wide, two lines (seller and email, offer and id; 53, 59 with a status mark under the badge);
 * folded (narrow window), five lines (117 to 137).
 */
const ROW_PX = { wide: 58, folded: 127 };
/** Below this window width the list folds its card columns into one (GiftCardListPage's FOLD_BELOW, plus the menu). */
const FOLDS_BELOW_WINDOW = 1430;

/** How many rows fit in a window of this size: at least the spec's 5, at most the API's largest page. */
function fittedPageSize(width: number, height: number): number {
  const row = width < FOLDS_BELOW_WINDOW ? ROW_PX.folded : ROW_PX.wide;
  return Math.min(PER_PAGE_MAX, Math.max(PAGE_SIZE.cards, Math.floor((height - CHROME_PX) / row)));
}

const keyOf = (userId: number | undefined) => `gcbo.cardsPerPage.${userId ?? 0}`;

function storedSize(userId: number | undefined): string | null {
  try {
    const v = window.localStorage.getItem(keyOf(userId));
    return v && /^[1-9]\d{0,2}$/.test(v) && Number(v) <= PER_PAGE_MAX ? v : null;
  } catch {
    return null;
  }
}

/** The Rows per page option that forgets the remembered size, so that the list fills the window again. */
export const FIT_WINDOW = 'fit';

/**
 * The page size to send when the URL has none: the remembered choice, else what fills the window (measured once when
 * the list opens, so the page does not change under the reader). `remember` takes the value picked in Rows per page
 * and answers the one for the URL: a size is remembered, FIT_WINDOW forgets (none in the URL), '' leaves the memory.
 */
export function useCardPageSize(userId: number | undefined) {
  const [fitted] = useState(() => String(fittedPageSize(window.innerWidth, window.innerHeight)));
  const [chosen, setChosen] = useState<string | null>(() => storedSize(userId));
  const remember = useCallback(
    (value: string): string => {
      if (value === '') return '';
      const size = value === FIT_WINDOW ? null : value;
      setChosen(size);
      try {
        if (size) window.localStorage.setItem(keyOf(userId), size);
        else window.localStorage.removeItem(keyOf(userId));
      } catch {
        /* private mode: the choice lasts while the list is open */
      }
      return size ?? '';
    },
    [userId],
  );
  const perPage = chosen ?? fitted;
  const remembered = chosen !== null;
  return useMemo(() => ({ perPage, remembered, remember }), [perPage, remembered, remember]);
}

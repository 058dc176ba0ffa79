import { useDeferredValue, useState } from 'react';
import type { GiftCardDetail } from '../../../../shared/types';
import { useApiQuery } from '../../api/query';
import { duplicatesArgs } from './DuplicatePanel';
import { usePhotosSized } from './photoSizes';

/**
 * Whether the card page may show: once the card, the offers, its money, (staff) its duplicates and its photos' sizes
 * are in (the photos at most 0.8 s later), so that each panel shows in its final size. Built from placeholders as each
 * answer arrived, the page moved by 0.31 of the window while it loaded (issue 55). Once shown, it stays while it
 * refreshes. It shows in a deferred render, which React renders in slices: the answer that completed it (the photo's
 * load, a query's) is a blocking update, and the whole page rendered with it was one main-thread task of 150-550 ms
 * throttled (issue 55). Hidden at once (the next card opens on its skeleton, not on the last card's page).
 */
export function useCardPageReady(id: number, valid: boolean, detail: GiftCardDetail | null, offersReady: boolean, staff: boolean) {
  const answered = (q: { data?: unknown; isError: boolean }) => q.data !== undefined || q.isError;
  const money = useApiQuery('cardMoney', { id }, { enabled: valid, loader: false });
  const duplicates = useApiQuery('cardDuplicates', duplicatesArgs(id, (detail?.data.card_number ?? '').trim()), {
    enabled: staff && detail !== null,
    loader: false,
  });
  const photosSized = usePhotosSized(detail?.images);
  const [shownId, setShownId] = useState<number | null>(null);
  const complete = detail !== null && offersReady && answered(money) && (!staff || answered(duplicates)) && photosSized;
  if (complete && shownId !== id) setShownId(id);
  const ready = complete || (shownId === id && detail !== null);
  const revealed = useDeferredValue(ready);
  return ready && revealed;
}

import { useEffect } from 'react';
import { useApiQuery } from '../../api/query';
import type { GiftCard } from '../../../../shared/types';

/** Digits only: how a typed number is compared with the one read off the photos. */
const digits = (s: string) => s.replace(/\D/g, '');

/**
 * Staff: the number field is prefilled with the number read off the photos while the card has none (also when the read
 * arrives after the page opened, as long as nobody typed), and says whether what it holds is what the photo shows.
 */
export function useReadNumber(card: GiftCard, isStaff: boolean, typed: string, prefillWith: (n: string) => void): string | undefined {
  // While the photos are being read, the card is looked at again every few seconds (the page's own query: it refreshes).
  useApiQuery(
    'getCard',
    { id: card.id },
    { enabled: isStaff && card.read_status === 'pending' && card.card_status === 0, refetchInterval: 3000, loader: false },
  );
  const read = isStaff ? (card.read_number ?? null) : null;
  const prefill = read !== null && !card.card_number;
  useEffect(() => {
    if (prefill && typed === '') prefillWith(read);
    // Only when the read arrives or the card changes; a field the reviewer emptied stays empty.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [prefill, read]);
  if (!isStaff) return undefined;
  if (card.read_status === 'pending') return 'Reading the number from the photo…';
  if (read === null) return card.read_status === 'unreadable' ? 'No card number could be read from the photo' : undefined;
  if (typed.trim() === '') return `The photo reads ${read}`;
  return digits(typed) === read ? 'Read from photo' : `Differs from the photo (it reads ${read})`;
}

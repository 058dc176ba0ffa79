import { useEffect } from 'react';
import { useApiQuery } from '../../api/query';
import type { GiftCard } from '../../../../shared/types';
import { groupedCode, sameCode } from '../../lib/compare-code';

/** What the number field says about the photo's read; `match` and `differs` come with a typed number and a read. */
export interface ReadNote {
  text: string;
  tone: 'note' | 'match' | 'differs';
}

/**
 * Staff: the number field is prefilled with the number read off the photos while the card has none (also when the read
 * arrives after the page opened, as long as nobody typed), and says whether what it holds is what the photo shows.
 */
export function useReadNumber(card: GiftCard, isStaff: boolean, typed: string, prefillWith: (n: string) => void): ReadNote | undefined {
  // While the photos are being read, the card is looked at again every few seconds (the page's own query: it refreshes).
  useApiQuery(
    'getCard',
    { id: card.id },
    { enabled: isStaff && card.read_status === 'pending' && card.card_status === 0, refetchInterval: 3000, loader: false },
  );
  const read = isStaff ? (card.read_number ?? null) : null;
  const prefill = read !== null && !card.card_number;
  useEffect(() => {
    // Grouped in fours, as typed numbers are: approved as read, it showed ungrouped in the lists (issue 55).
    if (prefill && typed === '') prefillWith(groupedCode(read));
    // Only when the read arrives or the card changes; a field the reviewer emptied stays empty.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [prefill, read]);
  if (!isStaff) return undefined;
  const note = (text: string): ReadNote => ({ text, tone: 'note' });
  if (card.read_status === 'pending') return note('Reading the number from the photo…');
  if (read === null) return card.read_status === 'unreadable' ? note('Could not read a code from the photos') : undefined;
  if (typed.trim() === '') return note(`The photo reads ${groupedCode(read)}`);
  return sameCode(typed, read)
    ? { text: 'Matches the photo', tone: 'match' }
    : { text: `Differs from the photo (it reads ${groupedCode(read)})`, tone: 'differs' };
}

import type { Tx } from '../../db/client';
import type { CardStatus } from '../../../shared/constants';
import type { CardAppealSummary, CardRecourse } from '../../../shared/types';
import { recourseOf, recourseOut, type RecourseWindows } from './recourse';
import { latestAppealOfCard } from './repository';
import { summaryOut } from './shape';

/**
 * What a card's answer adds about recourse (issue 53): `recourse` while the card is rejected or clawed back (with a
 * decision on record), `appeal` once a resubmission or an appeal was made. Neither key otherwise: a card nobody
 * contested answers as it always did.
 */
export async function cardRecourse(
  tx: Tx,
  card: { id: number; status: CardStatus },
  windows: RecourseWindows,
): Promise<{ recourse?: CardRecourse; appeal?: CardAppealSummary }> {
  const [recourse, appeal] = await Promise.all([recourseOf(tx, card, windows), latestAppealOfCard(tx, card.id)]);
  const out = recourseOut(recourse);
  return { ...(out && { recourse: out }), ...(appeal && { appeal: summaryOut(appeal) }) };
}

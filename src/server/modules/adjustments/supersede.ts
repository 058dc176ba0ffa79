import type { Tx } from '../../db/client';
import { closeAdjustment, lockPendingAdjustment } from './repository';
import { windowOpen } from './shape';

/**
 * A later decision on an adjusted card (approval withdrawn, rejected, set pending, disputed, re-approved) replaces an
 * adjustment still waiting for its seller: its hold ends with it. One whose window already ended was accepted by it.
 */
export async function supersedeAdjustment(tx: Tx, cardId: number, actorId: number): Promise<void> {
  const pending = await lockPendingAdjustment(tx, cardId);
  if (!pending) return;
  const open = windowOpen(pending);
  await closeAdjustment(tx, pending, open ? 'superseded' : 'accepted', actorId, 'Replaced by a later decision on the card', false);
}

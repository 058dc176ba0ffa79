import type { CardRead } from '../../../shared/types';
import type { CardReadRow } from './repository';

/** A card's read as staff see it; a card whose photos were never queued (none) reads as pending. */
export const readOut = (r: CardReadRow | null): CardRead => ({
  read_number: r?.status === 'read' ? r.number : null,
  read_status: r?.status ?? 'pending',
  read_image_id: r?.status === 'read' && r.image_id !== null ? Number(r.image_id) : null,
  read_confidence: r?.status === 'read' && r.confidence !== null ? Number(r.confidence) : null,
});

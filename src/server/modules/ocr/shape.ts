import type { CardRead } from '../../../shared/types';
import type { CardReadRow } from './repository';

const boxOf = (r: CardReadRow): CardRead['read_box'] =>
  r.box_x === null || r.box_y === null || r.box_w === null || r.box_h === null
    ? null
    : { x: Number(r.box_x), y: Number(r.box_y), w: Number(r.box_w), h: Number(r.box_h) };

/** A card's read as staff see it; a card whose photos were never queued (none) reads as pending. */
export const readOut = (r: CardReadRow | null): CardRead => ({
  read_number: r?.status === 'read' ? r.number : null,
  read_status: r?.status ?? 'pending',
  read_image_id: r?.status === 'read' && r.image_id !== null ? Number(r.image_id) : null,
  read_confidence: r?.status === 'read' && r.confidence !== null ? Number(r.confidence) : null,
  read_box: r?.status === 'read' && r.image_id !== null ? boxOf(r) : null,
});

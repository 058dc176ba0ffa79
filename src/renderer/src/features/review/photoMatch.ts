import type { ImageMatch } from '../../../../shared/types';

/**
 * How close a matching photo is, in words: only an identical file or picture is called "the same". A match found only
 * turned, mirrored or framed compares the pictures' shapes without their colours, so two brands' cards of one layout
 * meet there too (issue 55: a blue ACME card and a red MEGA MART card were called the same picture): it says so.
 */
export function photoMatchText(m: Pick<ImageMatch, 'kind' | 'distance' | 'numbers_differ'>): string {
  if (m.kind === 'same') return 'The same file';
  if (m.numbers_differ) return 'The same card design, with another number on the photo,';
  if (m.kind === 'edited') return 'A picture of the same layout, perhaps turned, mirrored or framed (or only the same card design),';
  return m.distance <= 2 ? 'The same picture' : 'A very similar picture (perhaps only the same card design)';
}

import { isoOrNull } from '../../db/values';
import type { CardStatus } from '../../../shared/constants';
import type { DuplicateCard, ImageMatch, ReviewClaim } from '../../../shared/types';

/** What review reads (duplicates, matching photos, claims) as rows, and their API shapes. */
export interface DuplicateRow {
  id: number;
  card_number: string | null;
  card_status: number;
  seller_id: number;
  name: string;
  created_at: string;
  /** number: its stored number matches; photo: only what its photos say does. */
  by: 'number' | 'photo';
  /** Its photo to show beside this card's (file name; null: it has none). */
  image: string | null;
}

/** Signs a photo's file name for the caller (images/signing.ts). */
type PhotoUrl = (name: string) => string;

export const duplicateOut = (r: DuplicateRow, photoUrl: PhotoUrl): DuplicateCard => ({
  id: Number(r.id),
  card_number: r.card_number,
  card_status: Number(r.card_status) as CardStatus,
  seller_id: Number(r.seller_id),
  name: r.name,
  created_at: isoOrNull(r.created_at) ?? '',
  blocks: blocksApproval(r),
  by: r.by,
  image_url: r.image ? photoUrl(r.image) : null,
});

/** A pending or approved card with the same number blocks approving another (unless overridden). */
export const blocksApproval = (r: { card_status: number }): boolean => Number(r.card_status) === 0 || Number(r.card_status) === 1;

/** Photos whose 64-bit dHashes differ in at most this many bits are the same picture (re-encoded, resized). */
export const SIMILAR_IMAGE_BITS = 10;

export interface ImageMatchRow {
  image_id: number;
  card_id: number;
  matched_image_id: number;
  card_status: number;
  name: string;
  created_at: string;
  same: boolean;
  /** Matched only as a turned, mirrored or framed copy. */
  edited: boolean;
  distance: number;
  numbers_differ: boolean;
  /** File names of this card's photo and the other card's that match. */
  image: string;
  matched_image: string;
}

export const imageMatchOut = (r: ImageMatchRow, photoUrl: PhotoUrl): ImageMatch => ({
  image_id: Number(r.image_id),
  card_id: Number(r.card_id),
  matched_image_id: Number(r.matched_image_id),
  card_status: Number(r.card_status) as CardStatus,
  name: r.name,
  created_at: isoOrNull(r.created_at) ?? '',
  kind: r.same ? 'same' : r.edited ? 'edited' : 'similar',
  distance: Number(r.distance),
  numbers_differ: r.numbers_differ === true,
  image_url: photoUrl(r.image),
  matched_image_url: photoUrl(r.matched_image),
});

export interface ClaimRow {
  user_id: number;
  name: string;
  since: string;
}

export const claimOut = (r: ClaimRow): ReviewClaim => ({ user_id: Number(r.user_id), name: r.name, since: isoOrNull(r.since) ?? '' });

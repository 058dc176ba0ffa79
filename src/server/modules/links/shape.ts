import { isoOrNull } from '../../db/values';
import type { LinkSignal } from '../../../shared/constants';
import type { SellerLink } from '../../../shared/types';

/** A link as the repository reads it, seen from one seller. */
export interface LinkRow {
  id: number;
  signal: LinkSignal;
  seller_id: number;
  other_seller_id: number;
  other_seller_name: string | null;
  gift_card_id: number | null;
  other_gift_card_id: number | null;
  transaction_id: number | null;
  other_transaction_id: number | null;
  first_seen_at: string;
  known_good_at: string | null;
  known_good_by: number | null;
  known_good_by_name: string | null;
  note: string | null;
}

const idOrNull = (v: number | null) => (v === null ? null : Number(v));

export const linkOut = (r: LinkRow): SellerLink => ({
  id: Number(r.id),
  signal: r.signal,
  seller_id: Number(r.seller_id),
  other_seller_id: Number(r.other_seller_id),
  other_seller_name: r.other_seller_name,
  gift_card_id: idOrNull(r.gift_card_id),
  other_gift_card_id: idOrNull(r.other_gift_card_id),
  transaction_id: idOrNull(r.transaction_id),
  other_transaction_id: idOrNull(r.other_transaction_id),
  first_seen_at: isoOrNull(r.first_seen_at)!,
  known_good_at: isoOrNull(r.known_good_at),
  known_good_by: idOrNull(r.known_good_by),
  known_good_by_name: r.known_good_by_name,
  note: r.note,
});

import { isoOrNull } from '../../db/values';
import type { SellerLink } from '../../../shared/types';

/** A link as the repository reads it, seen from one seller: the API's fields, ids and dates as the driver gives them. */
export type LinkRow = SellerLink;

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

import type { OperationName } from './endpoints';
import type { VersionedRecord } from './messages';

/**
 * Stale decisions are refused (issue 29): which reads answer a record's version (ETag) and which writes honour
 * If-Match on which record. The server (http/etag.ts) and the renderer (api/versions.ts) both read these.
 */
export const VERSIONED_READS: Partial<Record<OperationName, VersionedRecord>> = {
  getCard: 'card',
  getTransaction: 'payout',
  getOffer: 'offer',
  getUser: 'user',
};
export const VERSIONED_WRITES: Partial<Record<OperationName, VersionedRecord>> = {
  updateCard: 'card',
  deleteCard: 'card',
  reviewCard: 'card',
  disputeCard: 'card',
  resolveDispute: 'card',
  updateTransaction: 'payout',
  updateOffer: 'offer',
  deleteOffer: 'offer',
  updateUser: 'user',
  deleteUser: 'user',
  // A card payment (gidcard_id) is a decision on the card as the payer saw it.
  createTransaction: 'card',
};

/** The id of the record a versioned write names: `:id`, or a card payment's gidcard_id (null: none). */
export function writeTarget(op: OperationName, id: number | undefined, body: unknown): number | null {
  if (op === 'createTransaction') {
    const card = (body as { gidcard_id?: unknown } | undefined)?.gidcard_id;
    return typeof card === 'number' || (typeof card === 'string' && /^\d+$/.test(card)) ? Number(card) : null;
  }
  return id ?? null;
}

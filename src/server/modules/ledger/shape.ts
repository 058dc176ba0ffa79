import { moneyOut } from '../../db/values';
import { centsToNumber, type Cents } from '../../../shared/money';
import { TRANSACTION_KINDS, type PaymentKind } from '../../../shared/constants';
import type { Transaction } from '../../../shared/types';

/** A transaction as the repository reads it for the lists and the detail, with its seller's name. */
export interface TransactionViewRow {
  id: number;
  code: string;
  seller_id: number;
  transaction_amount: string;
  is_redeem: number;
  gift_card_id: number | null;
  kind: number;
  checked_by: number | null;
  version: number;
  created_at: string;
  seller_name: string | null;
  payment_kind: PaymentKind | null;
}

/** The API shape of a transaction; the detail adds its allocations. */
export const transactionOut = (r: TransactionViewRow, allocations?: { cardId: number; amount: Cents }[]): Transaction => ({
  id: r.id,
  code: r.code,
  seller_id: r.seller_id,
  transaction_amount: moneyOut(r.transaction_amount),
  is_redeem: Number(r.is_redeem) === 1 ? 1 : 0,
  gidcard_id: r.gift_card_id,
  kind: TRANSACTION_KINDS[Number(r.kind)] ?? 'payout',
  payment_kind: r.payment_kind,
  created_at: r.created_at,
  seller: { id: r.seller_id, name: r.seller_name ?? '' },
  version: Number(r.version),
  ...(allocations && { allocations: allocations.map((a) => ({ gift_card_id: a.cardId, amount: centsToNumber(a.amount) })) }),
});

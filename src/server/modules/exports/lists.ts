import { centsOf } from '../../db/values';
import { CARD_STATUS_LABEL, TRANSACTION_KINDS, type CardStatus } from '../../../shared/constants';
import { cardDueCents, payableCents } from '../../../shared/money';
import { money, type CsvColumn } from './csv';
import type { AuditRow } from '../audit/repository';
import type { CardExportRow, OfferExportRow, PersonExportRow, SellerExportRow, TransactionExportRow } from './repository';

/** The columns of each list's CSV: the screen's, plus ids and ISO dates; money as plain 2-decimal numbers. */
const amount = (v: string | null) => (v === null ? null : money(centsOf(v)));

export function cardColumns(staff: boolean): CsvColumn<CardExportRow>[] {
  return [
    { header: 'id', value: (r) => r.id },
    { header: 'submitted_at', value: (r) => r.created_at },
    ...(staff
      ? [
          { header: 'seller_id', value: (r: CardExportRow) => r.seller_id },
          { header: 'seller_name', value: (r: CardExportRow) => r.seller_name },
          { header: 'seller_email', value: (r: CardExportRow) => r.seller_email },
        ]
      : []),
    { header: 'offer_id', value: (r) => r.offer_id },
    { header: 'offer_title', value: (r) => r.offer_title },
    { header: 'card_number', value: (r) => r.card_number },
    { header: 'status', value: (r) => CARD_STATUS_LABEL[r.card_status as CardStatus] ?? String(r.card_status) },
    { header: 'price', value: (r) => amount(r.price) },
    { header: 'rate', value: (r) => amount(r.rate) },
    { header: 'payable', value: (r) => money(payableCents(centsOf(r.price), centsOf(r.rate))) },
    { header: 'paid_amount', value: (r) => amount(r.paid_amount) },
    {
      header: 'due',
      value: (r) => money(cardDueCents(Number(r.card_status), payableCents(centsOf(r.price), centsOf(r.rate)), centsOf(r.paid_amount))),
    },
    { header: 'approved_at', value: (r) => r.approval_date },
    { header: 'rejected_at', value: (r) => r.rejection_date },
    { header: 'reject_reason', value: (r) => r.reject_reason },
  ];
}

export const transactionColumns: CsvColumn<TransactionExportRow>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'created_at', value: (r) => r.created_at },
  { header: 'code', value: (r) => r.code },
  { header: 'seller_id', value: (r) => r.seller_id },
  { header: 'seller_name', value: (r) => r.seller_name },
  { header: 'amount', value: (r) => amount(r.transaction_amount) },
  { header: 'kind', value: (r) => TRANSACTION_KINDS[Number(r.kind)] ?? 'payout' },
  { header: 'gift_card_id', value: (r) => r.gift_card_id },
  { header: 'redeemed', value: (r) => (Number(r.is_redeem) === 1 ? 'yes' : 'no') },
];

/** The spec's columns first, unchanged; then the seller list's Trust (issue 54): the score and its band. */
export const sellerColumns: CsvColumn<SellerExportRow>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'name', value: (r) => r.name },
  { header: 'email', value: (r) => r.email },
  { header: 'seller_due', value: (r) => amount(r.seller_due) },
  { header: 'created_at', value: (r) => r.created_at },
  { header: 'trust_score', value: (r) => Number(r.trust_score) },
  { header: 'trust_band', value: (r) => r.trust_band },
];

export const userColumns: CsvColumn<PersonExportRow>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'name', value: (r) => r.name },
  { header: 'email', value: (r) => r.email },
  { header: 'role', value: (r) => r.role },
  { header: 'rate', value: (r) => amount(r.rate) },
  { header: 'created_at', value: (r) => r.created_at },
];

export const offerColumns: CsvColumn<OfferExportRow>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'title', value: (r) => r.title },
  { header: 'active', value: (r) => (Number(r.is_active) === 1 ? 'yes' : 'no') },
  { header: 'price_type', value: (r) => (Number(r.price_type) === 1 ? 'fixed' : 'range') },
  { header: 'min_price', value: (r) => amount(r.min_price) },
  { header: 'max_price', value: (r) => amount(r.max_price) },
  { header: 'fixed_prices', value: (r) => r.fixed_price },
  { header: 'rate_type', value: (r) => (Number(r.rate_type) === 1 ? 'fixed' : 'percentage') },
  { header: 'rate', value: (r) => amount(r.rate) },
  { header: 'created_at', value: (r) => r.created_at },
];

export const auditColumns: CsvColumn<AuditRow>[] = [
  { header: 'id', value: (r) => Number(r.id) },
  { header: 'at', value: (r) => r.at },
  { header: 'actor_id', value: (r) => r.actor_id },
  { header: 'actor_name', value: (r) => r.actor_name },
  { header: 'action', value: (r) => r.action },
  { header: 'entity', value: (r) => r.entity },
  { header: 'entity_id', value: (r) => r.entity_id },
  { header: 'details', value: (r) => JSON.stringify(r.details) },
];

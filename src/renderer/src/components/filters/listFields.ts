import { PER_PAGE_CHOICES } from '../../../../shared/list-queries';
import type { ChosenSeller } from '../useChosenSeller';
import { TRUST_BAND_LABEL, TRUST_BANDS } from '../../../../shared/trust';
import type { FilterField } from './listFilters';

/**
 * The filter bars of the lists, as data: each field is a query parameter the list call declares in
 * src/shared/list-queries.ts (search `q`, selects, a date range, amounts, sort, rows per page).
 */
export const perPageField: FilterField = {
  key: 'per_page',
  label: 'Rows per page',
  kind: 'select',
  options: PER_PAGE_CHOICES.map((n) => ({ value: String(n), label: String(n) })),
};

/** The Sort select: every key of the list's allow-list, labelled, so a header click always shows in it. */
export const sortField = (options: { value: string; label: string }[]): FilterField => ({
  key: 'sort',
  label: 'Sort',
  kind: 'select',
  options,
});

const yesNo = [
  { value: '1', label: 'Yes' },
  { value: '0', label: 'No' },
];
export const dateRange = (): FilterField[] => [
  { key: 'from', label: 'From', kind: 'date' },
  { key: 'to', label: 'To', kind: 'date' },
];
export const amountRange = (min: string, max: string, noun = 'amount'): FilterField[] => [
  { key: min, label: `Min ${noun}`, kind: 'amount' },
  { key: max, label: `Max ${noun}`, kind: 'amount' },
];
/** The seller typeahead; the chosen seller (from the URL) is its one option, so its chip and description show the name. */
export const sellerField = (chosen: ChosenSeller | null): FilterField => ({
  key: 'seller_id',
  label: 'Seller',
  kind: 'seller',
  options: chosen ? [{ value: chosen.id, label: chosen.name }] : [],
});

const TRANSACTION_SORTS = [
  { value: 'created_at', label: 'Oldest first' },
  { value: '-amount', label: 'Amount, highest first' },
  { value: 'amount', label: 'Amount, lowest first' },
];

/** Transactions (staff): by code or seller, seller, paid date, redeemed, amount. */
export const transactionFields = (seller: ChosenSeller | null): FilterField[] => [
  { key: 'q', label: 'Search transactions', kind: 'search' },
  sellerField(seller),
  ...dateRange(),
  { key: 'is_redeem', label: 'Redeemed', kind: 'select', options: yesNo },
  ...amountRange('min_amount', 'max_amount'),
  sortField(TRANSACTION_SORTS),
  perPageField,
];

/** My Transaction (seller): their own payouts. */
export const myTransactionFields: FilterField[] = [
  { key: 'q', label: 'Search codes', kind: 'search' },
  ...dateRange(),
  { key: 'is_redeem', label: 'Redeemed', kind: 'select', options: yesNo },
  ...amountRange('min_amount', 'max_amount'),
  sortField(TRANSACTION_SORTS),
  perPageField,
];

/** Seller Lists: by name or email, owed money or not, trust band (staff). */
export const sellerFields: FilterField[] = [
  { key: 'q', label: 'Search by name or email', kind: 'search' },
  { key: 'has_due', label: 'Owed money', kind: 'select', options: yesNo },
  { key: 'trust_band', label: 'Trust', kind: 'select', options: TRUST_BANDS.map((b) => ({ value: b, label: TRUST_BAND_LABEL[b] })) },
  sortField([
    { value: 'name', label: 'Name, A to Z' },
    { value: '-name', label: 'Name, Z to A' },
    { value: '-due', label: 'Due, highest first' },
    { value: 'due', label: 'Due, lowest first' },
    { value: 'trust', label: 'Trust, lowest first' },
    { value: '-trust', label: 'Trust, highest first' },
  ]),
  perPageField,
];

/** User Lists: by name or email, account type. */
export const userFields: FilterField[] = [
  { key: 'q', label: 'Search users', kind: 'search' },
  {
    key: 'role',
    label: 'Account type',
    kind: 'select',
    options: [
      { value: 'admin', label: 'Admin' },
      { value: 'manager', label: 'Manager' },
      { value: 'seller', label: 'Seller' },
    ],
  },
  sortField([
    { value: 'created_at', label: 'Oldest first' },
    { value: 'name', label: 'Name, A to Z' },
    { value: '-name', label: 'Name, Z to A' },
    { value: 'email', label: 'Email, A to Z' },
    { value: '-email', label: 'Email, Z to A' },
  ]),
  perPageField,
];

/** Gift Card Offers: by title, active or not. */
export const offerFields: FilterField[] = [
  { key: 'q', label: 'Search offers', kind: 'search' },
  { key: 'is_active', label: 'Active', kind: 'select', options: yesNo },
  sortField([
    { value: 'created_at', label: 'Oldest first' },
    { value: 'title', label: 'Name, A to Z' },
    { value: '-title', label: 'Name, Z to A' },
  ]),
  perPageField,
];

import { CARD_STATUS_LABEL, type CardStatus } from '../../../../shared/constants';
import type { FilterField } from '../../components/filters/listFilters';
import type { ChosenSeller } from '../../components/useChosenSeller';
import { amountRange, dateRange, perPageField, sellerField, sortField } from '../../components/filters/listFields';
import { FIT_WINDOW } from './useCardPageSize';

const statusOptions = (Object.keys(CARD_STATUS_LABEL) as unknown as CardStatus[]).map((s) => ({
  value: String(s),
  label: CARD_STATUS_LABEL[s],
}));
const SORTS = [
  { value: 'created_at', label: 'Oldest first' },
  { value: 'review_due', label: 'Due for review first' },
  { value: '-price', label: 'Price, highest first' },
  { value: 'price', label: 'Price, lowest first' },
  { value: '-due', label: 'Due, highest first' },
  { value: 'due', label: 'Due, lowest first' },
  { value: '-approval_date', label: 'Approved, newest first' },
  { value: 'approval_date', label: 'Approved, oldest first' },
  { value: 'status', label: 'Status, Pending first' },
  { value: '-status', label: 'Status, Disputed first' },
  { value: '-rate', label: 'Rate, highest first' },
  { value: 'rate', label: 'Rate, lowest first' },
  { value: '-paid', label: 'Paid, highest first' },
  { value: 'paid', label: 'Paid, lowest first' },
  { value: '-payable', label: 'Payable, highest first' },
  { value: 'payable', label: 'Payable, lowest first' },
  { value: 'offer', label: 'Card Info, A to Z' },
  { value: '-offer', label: 'Card Info, Z to A' },
  { value: 'card_number', label: 'Card Number, A to Z' },
  { value: '-card_number', label: 'Card Number, Z to A' },
];
/** Staff's list also sorts by seller. */
const STAFF_SORTS = [...SORTS, { value: 'seller', label: 'Seller, A to Z' }, { value: '-seller', label: 'Seller, Z to A' }];

const overdueField: FilterField = {
  key: 'overdue',
  label: 'Review',
  kind: 'select',
  options: [
    { value: '1', label: 'Overdue' },
    { value: '0', label: 'Not overdue' },
  ],
};

/**
 * Rows per page without a size in the URL (issue 55): the list fills the window, or takes this user's remembered
 * size; once one is remembered, Fit window forgets it.
 */
const rowsPerPage = ({ perPage: size, remembered }: { perPage: string; remembered: boolean }): FilterField => ({
  ...perPageField,
  placeholder: remembered ? `${size} (remembered)` : `Fit window (${size})`,
  options: [...(perPageField.options ?? []), ...(remembered ? [{ value: FIT_WINDOW, label: 'Fit window' }] : [])],
});

/**
 * The card list's filter bar: staff also filter by seller; the date range applies to the chosen date. `size`: staff's
 * page size sent while the URL has none (a seller's list: the spec's 5).
 */
export function cardFilterFields(opts: {
  staff: boolean;
  seller: ChosenSeller | null;
  offers: { id: number; title: string }[];
  size: { perPage: string; remembered: boolean } | null;
}): FilterField[] {
  return [
    { key: 'q', label: 'Search cards', kind: 'search' },
    // Staff choose the status by the tabs above the list (the same URL param).
    { key: 'status', label: 'Status', kind: 'select', options: statusOptions, hidden: opts.staff },
    ...(opts.staff ? [sellerField(opts.seller)] : []),
    { key: 'offer_id', label: 'Card Info', kind: 'select', options: opts.offers.map((o) => ({ value: String(o.id), label: o.title })) },
    {
      key: 'date_field',
      label: 'Date',
      kind: 'select',
      placeholder: 'Submitted',
      options: [
        { value: 'approved', label: 'Approved' },
        { value: 'rejected', label: 'Rejected' },
      ],
    },
    ...dateRange(),
    ...amountRange('min_price', 'max_price', 'price'),
    {
      key: 'has_due',
      label: 'Due',
      kind: 'select',
      options: [
        { value: '1', label: 'Money due' },
        { value: '0', label: 'Nothing due' },
      ],
    },
    // Staff: the pending cards past their review target (the dashboard's Reviews overdue tile opens them).
    ...(opts.staff ? [overdueField] : []),
    sortField(opts.staff ? STAFF_SORTS : SORTS),
    opts.size ? rowsPerPage(opts.size) : perPageField,
  ];
}

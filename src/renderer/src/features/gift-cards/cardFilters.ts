import { CARD_STATUS_LABEL, type CardStatus } from '../../../../shared/constants';
import { PER_PAGE_CHOICES } from '../../../../shared/list-queries';
import type { FilterField } from '../../components/filters/listFilters';

const statusOptions = (Object.keys(CARD_STATUS_LABEL) as unknown as CardStatus[]).map((s) => ({
  value: String(s),
  label: CARD_STATUS_LABEL[s],
}));
const SORTS = [
  { value: 'created_at', label: 'Oldest first' },
  { value: '-price', label: 'Price, highest first' },
  { value: 'price', label: 'Price, lowest first' },
  { value: '-due', label: 'Due, highest first' },
  { value: '-approval_date', label: 'Approved, newest first' },
];
export const perPageField: FilterField = {
  key: 'per_page',
  label: 'Rows per page',
  kind: 'select',
  options: PER_PAGE_CHOICES.map((n) => ({ value: String(n), label: String(n) })),
};

/** The card list's filter bar: staff also filter by seller; the date range applies to the chosen date. */
export function cardFilterFields(opts: {
  staff: boolean;
  sellers: { id: number; name: string }[];
  offers: { id: number; title: string }[];
}): FilterField[] {
  return [
    { key: 'q', label: 'Search cards', kind: 'search' },
    { key: 'status', label: 'Status', kind: 'select', options: statusOptions },
    ...(opts.staff
      ? [
          {
            key: 'seller_id',
            label: 'Seller',
            kind: 'select' as const,
            options: opts.sellers.map((s) => ({ value: String(s.id), label: s.name })),
          },
        ]
      : []),
    { key: 'offer_id', label: 'Card Info', kind: 'select', options: opts.offers.map((o) => ({ value: String(o.id), label: o.title })) },
    {
      key: 'date_field',
      label: 'Date',
      kind: 'select',
      options: [
        { value: 'approved', label: 'Approved' },
        { value: 'rejected', label: 'Rejected' },
      ],
    },
    { key: 'from', label: 'From', kind: 'date' },
    { key: 'to', label: 'To', kind: 'date' },
    { key: 'sort', label: 'Sort', kind: 'select', options: SORTS },
    perPageField,
  ];
}

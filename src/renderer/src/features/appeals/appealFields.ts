import type { FilterField } from '../../components/filters/listFilters';
import { perPageField, sortField } from '../../components/filters/listFields';

/** The appeals queue's filters (all in the URL): waiting or decided, rejection or clawback, order, size. */
export const APPEAL_FIELDS: FilterField[] = [
  {
    key: 'state',
    label: 'State',
    kind: 'select',
    options: [
      { value: 'open', label: 'Waiting for a decision' },
      { value: 'decided', label: 'Decided' },
    ],
  },
  {
    key: 'decision',
    label: 'Decision appealed',
    kind: 'select',
    options: [
      { value: 'rejection', label: 'Rejection' },
      { value: 'clawback', label: 'Clawback' },
    ],
  },
  sortField([
    { value: 'created_at', label: 'Oldest first' },
    { value: '-created_at', label: 'Newest first' },
  ]),
  perPageField,
];

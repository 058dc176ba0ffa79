import { describe, expect, it } from 'vitest';
import {
  describeFilters,
  filterChips,
  filterErrors,
  filtersFromParams,
  issueUrl,
  newUrlTracker,
  nextSort,
  observeUrl,
  withFilter,
  withoutFilters,
  withoutRefused,
  type FilterField,
} from '../../src/renderer/src/components/filters/listFilters';

const fields: FilterField[] = [
  { key: 'q', label: 'Search', kind: 'search' },
  { key: 'status', label: 'Status', kind: 'select', options: [{ value: '0', label: 'Pending' }] },
  { key: 'sort', label: 'Sort', kind: 'select' },
];
const keys = fields.map((f) => f.key);

describe('list filters in the URL', () => {
  it('reads only the declared, non-empty filters (never page)', () => {
    expect(filtersFromParams(new URLSearchParams('status=0&q=&page=3&other=1&sort=-price'), keys)).toEqual({ status: '0', sort: '-price' });
  });
  it('setting a filter goes back to page 1; an empty value removes it', () => {
    expect(withFilter(new URLSearchParams('page=4&status=0'), 'q', 'amz').toString()).toBe('status=0&q=amz');
    expect(withFilter(new URLSearchParams('status=0&q=amz'), 'q', '  ').toString()).toBe('status=0');
  });
  it('clearing keeps what is not a filter of this list', () => {
    expect(withoutFilters(new URLSearchParams('status=0&q=x&page=2&tab=1'), keys).toString()).toBe('tab=1');
  });
  it('names what hides the rows, with option labels, leaving out sort', () => {
    expect(describeFilters({ status: '0', q: 'amz', sort: 'price' }, fields)).toBe('search "amz", Status Pending');
    expect(describeFilters({ sort: 'price' }, fields)).toBe('');
  });

  it('a chip for each active filter of the panel, labelled with its value; none for the search or a field set elsewhere', () => {
    const more: FilterField[] = [
      ...fields.map((f) => (f.key === 'status' ? { ...f, hidden: true } : f)),
      { key: 'seller_id', label: 'Seller', kind: 'select', options: [{ value: '7', label: 'Ann' }] },
      { key: 'from', label: 'From', kind: 'date' },
    ];
    expect(filterChips({ q: 'amz', status: '0', seller_id: '7', from: '2026-05-01', sort: 'price' }, more)).toEqual([
      { key: 'sort', label: 'Sort: price' },
      { key: 'seller_id', label: 'Seller: Ann' },
      { key: 'from', label: 'From: 2026-05-01' },
    ]);
    // A seller no longer in the list still shows, by its id.
    expect(filterChips({ seller_id: '9' }, more)).toEqual([{ key: 'seller_id', label: 'Seller: 9' }]);
    expect(filterChips({ status: '0' }, fields)).toEqual([{ key: 'status', label: 'Status: Pending' }]);
  });

  it('two changes before a navigation lands both survive; a render that still shows the old URL is ignored', () => {
    const p = (s: string) => new URLSearchParams(s);
    const t = newUrlTracker(p('status=0'));
    issueUrl(t, withFilter(t.latest, 'seller_id', '7'));
    observeUrl(t, p('status=0')); // a render from before the navigation
    issueUrl(t, withFilter(t.latest, 'sort', 'price'));
    expect(t.latest.toString()).toBe('status=0&seller_id=7&sort=price');
    observeUrl(t, p('status=0&seller_id=7')); // the first navigation lands
    expect(t.latest.toString()).toBe('status=0&seller_id=7&sort=price');
    observeUrl(t, p('status=0&seller_id=7&sort=price'));
    expect(t.issued).toEqual([]);
  });
  it('a URL we did not ask for (Back, a pasted link) wins over what we asked for', () => {
    const t = newUrlTracker(new URLSearchParams('status=0'));
    issueUrl(t, withFilter(t.latest, 'seller_id', '7'));
    observeUrl(t, new URLSearchParams('status=2'));
    expect(t.latest.toString()).toBe('status=2');
    expect(withFilter(t.latest, 'q', 'x').toString()).toBe('status=2&q=x');
  });
  it('a header click sorts the column its first way, then flips it', () => {
    expect(nextSort('-created_at', 'price', 'desc')).toBe('-price');
    expect(nextSort('-price', 'price', 'desc')).toBe('price');
    expect(nextSort('price', 'price', 'desc')).toBe('-price');
    expect(nextSort('-created_at', 'name')).toBe('name');
    expect(nextSort('-created_at', 'created_at', 'desc')).toBe('created_at');
  });
});

describe('filter pairs the server would refuse', () => {
  const range: FilterField[] = [
    { key: 'from', label: 'From', kind: 'date' },
    { key: 'to', label: 'To', kind: 'date' },
    { key: 'min_price', label: 'Min price', kind: 'amount' },
    { key: 'max_price', label: 'Max price', kind: 'amount' },
  ];
  it('From after To: the error is on To', () => {
    expect(filterErrors({ from: '2026-05-02', to: '2026-05-01' }, range)).toEqual({ to: 'To must be on or after From' });
    expect(filterErrors({ from: '2026-05-01', to: '2026-05-01' }, range)).toEqual({});
    expect(filterErrors({ from: '2026-05-02' }, range)).toEqual({});
  });
  it('a minimum above the maximum: the error is on the maximum', () => {
    expect(filterErrors({ min_price: '50', max_price: '20' }, range)).toEqual({ max_price: 'Max price must be at least the Min price' });
    expect(filterErrors({ min_price: '20', max_price: '50' }, range)).toEqual({});
  });
  it('the list is asked without the refused value, the rest kept (a pasted link with From after To lists from From)', () => {
    const active = { from: '2026-05-02', to: '2026-05-01', q: 'amz', min_price: '50', max_price: '20' };
    expect(withoutRefused(active, filterErrors(active, range))).toEqual({ from: '2026-05-02', q: 'amz', min_price: '50' });
    expect(withoutRefused({ from: '2026-05-01' }, {})).toEqual({ from: '2026-05-01' });
  });
});

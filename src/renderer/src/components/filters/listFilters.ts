/**
 * A list's filters as they live in the URL: only the keys a list declares, only non-empty values, never `page`
 * (useListQuery keeps that). Pure, so the URL <-> state mapping is unit-tested.
 */
export interface FilterField {
  key: string;
  label: string;
  /** `id`: a record's number, typed (applied once typing pauses, like the search). `seller`: the seller typeahead. */
  kind: 'select' | 'date' | 'search' | 'amount' | 'id' | 'seller';
  options?: { value: string; label: string }[];
  /** What the select shows when nothing is chosen (default "Any"). */
  placeholder?: string;
  /** Set elsewhere on the screen (staff's card status tabs): read from the URL and described, not in the bar. */
  hidden?: boolean;
}

/** The declared filters present in the search params, as the query the list call gets. */
export function filtersFromParams(params: URLSearchParams, keys: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of keys) {
    const v = params.get(k);
    if (v !== null && v.trim() !== '') out[k] = v;
  }
  return out;
}

/**
 * The filter values the server would refuse as a pair: From after To, a minimum above the maximum. The message goes
 * under the second field, and the list is asked for without it (withoutRefused), so no request is sent for them.
 */
export function filterErrors(active: Record<string, string>, fields: readonly FilterField[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const label = (key: string) => fields.find((f) => f.key === key)?.label ?? key;
  if (active.from && active.to && active.from > active.to) errors.to = `${label('to')} must be on or after ${label('from')}`;
  for (const f of fields) {
    if (f.kind !== 'amount' || !f.key.startsWith('max_')) continue;
    const minKey = `min_${f.key.slice(4)}`;
    const [min, max] = [Number(active[minKey]), Number(active[f.key])];
    if (active[minKey] && active[f.key] && Number.isFinite(min) && Number.isFinite(max) && min > max)
      errors[f.key] = `${f.label} must be at least the ${label(minKey)}`;
  }
  return errors;
}

/**
 * The filters the list is asked for: the active ones but those refused (filterErrors). A pasted link with From after
 * To lists from From with the error at To instead of "Could not load"; typed, the rows follow the filters that stand
 * instead of staying those of the filters before.
 */
export function withoutRefused(active: Record<string, string>, errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(active).filter(([k]) => errors[k] === undefined));
}

/** The search params after setting one filter: an empty value removes it, and the list goes back to page 1. */
export function withFilter(params: URLSearchParams, key: string, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value.trim() === '') next.delete(key);
  else next.set(key, value);
  next.delete('page');
  return next;
}

/** The search params without any of the list's filters (and back on page 1). */
export function withoutFilters(params: URLSearchParams, keys: readonly string[]): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const k of keys) next.delete(k);
  next.delete('page');
  return next;
}

/** "Status Pending, Seller Ann": what hides the rows, for the empty state. */
export function describeFilters(active: Record<string, string>, fields: readonly FilterField[]): string {
  return fields
    .filter((f) => active[f.key] !== undefined && f.key !== 'sort' && f.key !== 'per_page')
    .map((f) =>
      f.kind === 'search'
        ? `search "${active[f.key]}"`
        : `${f.label} ${f.options?.find((o) => o.value === active[f.key])?.label ?? active[f.key]}`,
    )
    .join(', ');
}

/** One active filter as a chip: "Seller: Ann", "From: 2026-05-01", "Sort: Price, highest first". */
interface FilterChip {
  key: string;
  label: string;
}

/**
 * The chips of a compact filter bar: every active filter set in its panel, in the bar's order. The search (its box is
 * always shown) and the fields set elsewhere on the screen (staff's status tabs) have none.
 */
export function filterChips(active: Record<string, string>, fields: readonly FilterField[]): FilterChip[] {
  return fields
    .filter((f) => active[f.key] !== undefined && f.kind !== 'search' && !f.hidden)
    .map((f) => ({ key: f.key, label: `${f.label}: ${f.options?.find((o) => o.value === active[f.key])?.label ?? active[f.key]}` }));
}

/**
 * Which search params the next filter change starts from. Navigations land late (React Router runs them in a
 * transition), so a render can still show the URL from before our last change; starting from it would drop that
 * change. We remember the URLs we asked for: a render showing one of them confirms it, a render still showing the
 * URL from before them is stale and ignored, and any other URL (Back, a pasted link) is the user's and wins.
 */
export interface UrlTracker {
  latest: URLSearchParams;
  issued: string[];
  shownBefore: string;
}

export function newUrlTracker(params: URLSearchParams): UrlTracker {
  return { latest: params, issued: [], shownBefore: params.toString() };
}

export function observeUrl(t: UrlTracker, params: URLSearchParams): void {
  const shown = params.toString();
  const at = t.issued.indexOf(shown);
  if (at >= 0) {
    t.issued = t.issued.slice(at + 1);
    t.shownBefore = shown;
    if (t.issued.length === 0) t.latest = params;
  } else if (t.issued.length === 0 || shown !== t.shownBefore) {
    t.issued = [];
    t.latest = params;
    t.shownBefore = shown;
  }
}

export function issueUrl(t: UrlTracker, next: URLSearchParams): void {
  t.latest = next;
  t.issued.push(next.toString());
}

/** What a click on a sortable header asks for: the other direction of the current sort, else the column's first. */
export function nextSort(current: string, key: string, first: 'asc' | 'desc' = 'asc'): string {
  if (current === key) return `-${key}`;
  if (current === `-${key}`) return key;
  return first === 'asc' ? key : `-${key}`;
}

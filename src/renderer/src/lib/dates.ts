/** Local calendar dates as YYYY-MM-DD (the report API's format); never via UTC, so "today" is the user's today. */
export function isoDay(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export function addDays(d: Date, days: number): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + days);
}

/** First and last day of month (1..12) of a year. */
export function monthRange(year: number, month: number): { start: string; end: string } {
  return { start: isoDay(new Date(year, month - 1, 1)), end: isoDay(new Date(year, month, 0)) };
}

export function yearRange(year: number): { start: string; end: string } {
  return { start: `${year}-01-01`, end: `${year}-12-31` };
}

/** "2025-03-14" in the user's locale (e.g. "Mar 14, 2025"); other labels are returned as they are. */
export function localDay(label: string, opts: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' }): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(label);
  if (!m) return label;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])).toLocaleDateString(undefined, opts);
}

/** Calendar years from `from`, `count` of them (negative step lists backwards). */
export function yearList(from: number, count: number, step = 1): number[] {
  return Array.from({ length: count }, (_, i) => from + i * step);
}

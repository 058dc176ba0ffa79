import { userLocale } from '../../lib/format';

/** Seconds as a plain duration: "45 s", "2 min 5 s", "1 h 20 min"; a dash when there is none. */
export function formatSeconds(value: number | null, locale = userLocale()): string {
  if (value === null) return '–';
  const n = (v: number, digits = 0) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(v);
  if (value < 60) return `${n(value, 1)} s`;
  const whole = Math.round(value);
  if (whole < 3600) return `${Math.floor(whole / 60)} min ${whole % 60} s`;
  return `${Math.floor(whole / 3600)} h ${Math.floor((whole % 3600) / 60)} min`;
}

/** A share (0 to 1) as a percentage with at most one decimal; a dash when there is none. */
export function formatShare(value: number | null, locale = userLocale()): string {
  if (value === null) return '–';
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(value);
}

/** A rate with one decimal in the user's locale. */
export const formatRate = (value: number, locale = userLocale()): string =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);

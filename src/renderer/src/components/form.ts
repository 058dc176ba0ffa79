import { parseCents } from '../../../shared/money';

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The amount typed in a field as a number with at most 2 decimals, or null when it is not one. */
export function amountOf(text: string): number | null {
  const cents = parseCents(text);
  return cents === null ? null : cents / 100;
}

/** A money field's error: required, then format. */
export function amountError(text: string, label: string, opts: { positive?: boolean } = {}): string | undefined {
  if (!text.trim()) return `${label} is required`;
  const cents = parseCents(text);
  if (cents === null) return `${label} must be an amount with at most 2 decimals`;
  if (opts.positive && cents === 0) return `${label} must be more than 0`;
  return undefined;
}

/** Money as a form field's text (40.5 -> "40.50"). */
export const amountText = (v: number | null | undefined): string =>
  v === null || v === undefined ? '' : (Math.round(v * 100) / 100).toFixed(2);

export type Errors<K extends string> = Partial<Record<K, string>>;
export const hasErrors = (e: Record<string, string | undefined>) => Object.values(e).some(Boolean);

import { cardCarriesDue, parseCents } from '../../../shared/money';

/** The user's locale (the browser's or the desktop app's language); undefined lets Intl pick its default. */
export const userLocale = (): string | undefined => (globalThis as { navigator?: { language?: string } }).navigator?.language || undefined;

/**
 * Intl formats are built once per locale: `toLocaleString(locale, options)` builds a new one on every call (a list page
 * of dates did that hundreds of times in one render, issue 33).
 */
function formatOf<F>(cache: Map<string, F>, locale: string | undefined, make: (locale: string | undefined) => F): F {
  const key = locale ?? '';
  let format = cache.get(key);
  if (!format) {
    format = make(locale);
    cache.set(key, format);
  }
  return format;
}
const moneyFormats = new Map<string, Intl.NumberFormat>();
const money = (locale: string | undefined) =>
  new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });

/** An amount in the user's locale, always in dollars with 2 decimals ("$1,234.50", "1.234,50 $"); exact to the cent. */
export function formatMoney(value: number | string | null | undefined, locale = userLocale()): string {
  const negative = typeof value === 'number' && value < 0;
  const cents = parseCents(negative ? -(value as number) : (value ?? 0)) ?? 0;
  return formatOf(moneyFormats, locale, money).format((negative ? -cents : cents) / 100);
}

const englishPlurals = new Intl.PluralRules('en');

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * "1 card", "2 cards", "1,234 cards": the count in the user's locale with the English noun its plural rule picks (the
 * screens' words are English, so the rule is English too).
 */
export function countOf(n: number, one: string, other: string, locale = userLocale()): string {
  return `${formatOf(numberFormats, locale, (l) => new Intl.NumberFormat(l)).format(n)} ${englishPlurals.select(n) === 'one' ? one : other}`;
}

/** A seller's due: "$40.50", or "owes back $75.00" when it is negative (the seller owes the marketplace). */
export function formatDue(value: number | string | null | undefined, locale = userLocale()): string {
  const negative = typeof value === 'number' ? value < 0 : typeof value === 'string' && value.trim().startsWith('-');
  if (!negative) return formatMoney(value, locale);
  const abs = typeof value === 'number' ? -value : (value as string).trim().slice(1);
  return `owes back ${formatMoney(abs, locale)}`;
}

/** A card's due: "—" for a card that owes nothing either way (pending or rejected), else its signed due. */
export function formatCardDue(card: { card_status: number; due: number }, locale = userLocale()): string {
  return cardCarriesDue(card.card_status) ? formatDue(card.due, locale) : '—';
}

/** A timestamp's day and time in the user's locale ("Nov 23, 2026, 3:14 PM"); '' when it is not a date. */
export function formatDateTime(iso: string | null | undefined, locale = userLocale()): string {
  const d = new Date(iso ?? '');
  return Number.isNaN(d.getTime())
    ? ''
    : formatOf(
        dateTimeFormats,
        locale,
        (l) => new Intl.DateTimeFormat(l, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }),
      ).format(d);
}

/** A timestamp's calendar day in the user's locale; '' when it is not a date. */
export function formatDate(iso: string | null | undefined, locale = userLocale()): string {
  const d = new Date(iso ?? '');
  return Number.isNaN(d.getTime())
    ? ''
    : formatOf(dateFormats, locale, (l) => new Intl.DateTimeFormat(l, { year: 'numeric', month: 'short', day: 'numeric' })).format(d);
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Builds the user's locale's formats at start-up, each in a task of its own (issue 33): the page's first currency
 * format costs 15-25 ms (ICU's locale data) and the first date format about 5 ms, which landed in the first screen's
 * render (the seller's due in the top bar, a list's amounts and dates).
 */
export async function warmFormats(locale = userLocale()): Promise<void> {
  await nextTask();
  formatMoney(0, locale);
  await nextTask();
  const now = new Date().toISOString();
  formatDateTime(now, locale);
  formatDate(now, locale);
  countOf(0, '', '', locale);
}

/**
 * Money is handled as integer cents everywhere; floating point never touches an amount.
 * Amounts travel as JSON numbers with at most 2 decimals, or as decimal strings from forms/the DB.
 */
export type Cents = number;

const MONEY_RE = /^(\d{1,10})(?:\.(\d{1,2}))?$/;

/** Parses "40.5", "40.50", 40.5 or "40" into cents; null when it is not a valid non-negative amount with <= 2 decimals. */
export function parseCents(value: unknown): Cents | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return null;
  }
  const m = MONEY_RE.exec(text);
  if (!m) return null;
  const whole = Number(m[1]);
  const frac = m[2] ? Number(m[2].padEnd(2, '0')) : 0;
  const cents = whole * 100 + frac;
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Cents to a JSON number with at most 2 decimals (4050 -> 40.5). */
export const centsToNumber = (cents: Cents): number => Number(centsToDecimal(cents));

/** Cents to a fixed 2-decimal string for SQL numeric ("40.50"). */
export function centsToDecimal(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The due as the spec writes it in messages: a plain number (40.5, not 40.50). */
export const plainAmount = (cents: Cents): string => String(centsToNumber(cents));

/** "$40.50" */
export function formatMoney(value: number | string | null | undefined): string {
  const cents = typeof value === 'number' && value < 0 ? -(parseCents(-value) ?? 0) : parseCents(value ?? 0);
  if (cents === null) return '$0.00';
  return `${cents < 0 ? '-' : ''}$${centsToDecimal(Math.abs(cents))}`;
}

/** Percentage offers: price x rate / 100, rounded half-up to cents; fixed offers: the offer's rate. */
export function computeRateCents(priceCents: Cents, rateType: number, offerRateCents: Cents): Cents {
  if (rateType === 1) return offerRateCents;
  // offerRateCents is the percentage times 100 (12.5% -> 1250); price*pct/100 in cents = price*offerRateCents/10000.
  const numerator = BigInt(priceCents) * BigInt(offerRateCents);
  return Number((numerator + 5000n) / 10000n);
}

export const payableCents = (priceCents: Cents, rateCents: Cents): Cents => priceCents - rateCents;

/**
 * A card's due, the one rule every figure uses (the database's card_due(), db/functions/card_due.sql, is the same rule): an
 * approved card owes the seller its payable less what was paid; a disputed card is owed back by the seller (minus what
 * was paid on it); pending and rejected cards owe nothing. A seller's due is the sum of their cards' dues.
 */
/** Whether a card in this status carries a due at all (approved: owed to the seller; disputed: owed back). */
export function cardCarriesDue(status: number): boolean {
  return status === 1 || status === 3;
}

export function cardDueCents(status: number, payable: Cents, paid: Cents): Cents {
  if (status === 1) return payable - paid;
  if (status === 3) return -paid;
  return 0;
}

/**
 * Payout holds (docs/money.md): what of a due can be paid now is the due less what is on hold (the held cards' dues).
 * It is negative when a clawback's debit is more than the cards not held carry: the debit is offset against them first.
 */
export const availableNowCents = (due: Cents, onHold: Cents): Cents => due - onHold;

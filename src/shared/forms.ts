import { z } from 'zod';
import { PRICE_TYPE } from './constants';
import { LIMITS } from './limits';
import { MSG } from './messages';
import { parseCents, type Cents } from './money';
import type { Offer } from './types';
import { CODE_PATTERN_MAX, CODE_PATTERN_SYNTAX } from './code-pattern';
import { holdDaysText } from './hold-form';

/**
 * The renderer's form schemas: what a person typed (strings), checked with the texts the screens show
 * (the spec's where it has them). The API schemas (schemas.ts) check the same bodies again on the server.
 * Every rule adds its issue without aborting, so a form shows all its errors at once.
 */

type Ctx = z.RefinementCtx;
const issue = (ctx: Ctx, path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });

/** A negative number gets a message about being negative, not about its decimals. */
const isNegativeNumber = (text: string) => /^-\s*\$?\s*\d[\d,]*\.?\d*$/.test(text.trim()) || /^-\s*\.\d+$/.test(text.trim());

/** Thousands grouped with commas, as the screens print amounts ("1,000.50"). */
const GROUPED_RE = /^\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;

/**
 * What a person pasted as an amount, as the API reads it: a leading dollar sign and the thousands commas the screens
 * print are dropped ("$1,000.50" -> "1000.50"); anything else is left for amountIssue to name.
 */
export function normaliseAmount(text: string): string {
  const t = text.trim().replace(/^\$\s*/, '');
  return GROUPED_RE.test(t) ? t.replace(/,/g, '') : t;
}

/** Why a non-empty amount cannot be read, in the person's terms; undefined when it can. */
function formatIssue(text: string, label: string): string | undefined {
  const t = normaliseAmount(text);
  if (parseCents(t) !== null) return undefined;
  if (isNegativeNumber(text)) return `${label} cannot be negative`;
  if (/^[\d,]*\.?\d*$/.test(t) && t.includes(',')) return `${label} has a comma that does not group thousands: write 1000.50 or 1,000.50`;
  const stray = /[^\d.,]/.exec(t);
  if (stray && /\d/.test(t)) return `${label} may only hold digits and a decimal point ("${stray[0]}" is not allowed)`;
  return `${label} must be an amount with at most 2 decimals`;
}

/** A money input's error: required, then format (at most 2 decimals, not negative), then above 0 when asked. */
export function amountIssue(text: string, label: string, opts: { positive?: boolean } = {}): string | undefined {
  if (!text.trim()) return `${label} is required`;
  const problem = formatIssue(text, label);
  if (problem) return problem;
  if (opts.positive && parseCents(normaliseAmount(text)) === 0) return `${label} must be more than 0`;
  return undefined;
}

/** An amount field: checked as typed, handed on normalised (what the submit handlers send). */
const amountText = () => z.string().transform(normaliseAmount);

const required = (label: string, max = 255) =>
  z.string().trim().min(1, `${label} is required`).max(max, `${label} may not be greater than ${max} characters`);
/** A text field that may be empty, of at most `max` characters (counted after trimming with `trim`). */
const upTo = (label: string, max: number, { trim = false } = {}) =>
  (trim ? z.string().trim() : z.string()).max(max, `${label} may not be greater than ${max} characters`);
const amount = (label: string, opts: { positive?: boolean } = {}) =>
  z
    .string()
    .superRefine((v, ctx) => {
      const m = amountIssue(v, label, opts);
      if (m) ctx.addIssue({ code: 'custom', message: m });
    })
    .transform(normaliseAmount);

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Create / edit user: password required on create only; an admin account keeps its role (no role field). */
export const userForm = ({ creating, adminAccount = false }: { creating: boolean; adminAccount?: boolean }) =>
  z
    .object({
      name: required('User Name'),
      email: z.string().trim(),
      password: z.string(),
      role: z.string(),
    })
    .superRefine((v, ctx) => {
      if (!v.email) issue(ctx, 'email', 'Email is required');
      else if (!EMAIL_RE.test(v.email)) issue(ctx, 'email', 'Enter a valid email address');
      if (creating && !v.password) issue(ctx, 'password', 'Password is required');
      else if (v.password && v.password.length < LIMITS.text.passwordMinChars.value)
        issue(ctx, 'password', `Password must be at least ${LIMITS.text.passwordMinChars.value} characters`);
      if (!adminAccount && !v.role) issue(ctx, 'role', 'User Role is required');
    });
export type UserFormValues = z.input<ReturnType<typeof userForm>>;

/** Spec 5: title, status, price type, rate type and rate required; min and max for range offers, a price for fixed ones. */
export const offerForm = z
  .object({
    title: required('Title'),
    is_active: z.string().min(1, 'Status is required'),
    price_type: z.string().min(1, 'Price Type is required'),
    min_price: amountText(),
    max_price: amountText(),
    fixed_price: z.array(z.string()),
    rate_type: z.string().min(1, 'Rate Type is required'),
    rate: amount('Rate'),
    /** Issue 32: minutes a card may wait for a decision (1 to LIMITS.review.targetMaxMinutes). */
    review_minutes: z
      .string()
      .trim()
      .default('60')
      .refine(
        (v) => /^\d{1,5}$/.test(v) && Number(v) >= 1 && Number(v) <= LIMITS.review.targetMaxMinutes.value,
        `Review Target must be a whole number of minutes from 1 to ${LIMITS.review.targetMaxMinutes.value}`,
      ),
    /** Issue 52: what the offer's codes look like (empty: any code) and whether a Luhn check digit applies. */
    code_pattern: z
      .string()
      .trim()
      .default('')
      .refine(
        (v) => v === '' || (v.length <= CODE_PATTERN_MAX && CODE_PATTERN_SYNTAX.test(v.toUpperCase().replace(/\s+/g, ' '))),
        'Code Pattern must be groups of 9 (a digit), A (a letter) and X (either), e.g. XXXX-XXXXXX-XXXX',
      ),
    code_check: z.string().default(''),
    /** Issue 54: days an approved card of this offer is held before it can be paid (0: none). */
    hold_days: holdDaysText,
  })
  .superRefine((v, ctx) => {
    if (v.price_type === '0') {
      // Positive: a range from 0 let a seller add a $0.00 card (issue 55).
      const minError = amountIssue(v.min_price, 'Min Price', { positive: true });
      const maxError = amountIssue(v.max_price, 'Max Price');
      if (minError) issue(ctx, 'min_price', minError);
      if (maxError) issue(ctx, 'max_price', maxError);
      if (!minError && !maxError && parseCents(v.min_price)! > parseCents(v.max_price)!)
        issue(ctx, 'max_price', 'Max Price must be at least the Min Price');
    } else if (v.price_type === '1' && v.fixed_price.length === 0) issue(ctx, 'fixed_price', 'Add at least one price');
    if (v.rate_type === '0' && (parseCents(v.rate) ?? 0) > 10000) issue(ctx, 'rate', 'Rate may not be more than 100 percent');
    if (v.code_check === 'luhn' && /[AX]/i.test(v.code_pattern ?? ''))
      issue(ctx, 'code_check', 'A Luhn check digit applies to codes of digits only (a pattern of 9s)');
  });
export type OfferFormValues = z.input<typeof offerForm>;

/** Create / edit a payout (spec: seller, amount, code required). */
export const transactionForm = z.object({
  seller_id: z.string().min(1, 'Seller is required'),
  transaction_amount: amount('Transaction Amount', { positive: true }),
  code: required('Code', LIMITS.text.codeChars.value),
});
export type TransactionFormValues = z.input<typeof transactionForm>;

/** A card's payment popup: code and amount required. */
export const payForm = z.object({
  code: z.string().trim().min(1, 'Code is required'),
  amount: z
    .string()
    .superRefine((v, ctx) => {
      const problem = v.trim() ? formatIssue(v, 'Amount') : 'Amount is required';
      const m = problem === 'Amount must be an amount with at most 2 decimals' ? 'Enter an amount with at most 2 decimals' : problem;
      if (m) ctx.addIssue({ code: 'custom', message: m });
    })
    .transform(normaliseAmount),
});

export type PayFormValues = z.input<typeof payForm>;

/** Bulk payment with the spec's texts: empty code, zero, more than the seller's due. */
export const bulkPaymentForm = (dueCents: Cents) =>
  z.object({
    code: z.string().trim().min(1, MSG.bulkNoCode),
    amount: z
      .string()
      .superRefine((v, ctx) => {
        const cents = parseCents(normaliseAmount(v));
        const problem = v.trim() ? formatIssue(v, 'Amount') : undefined;
        const m =
          problem && problem !== 'Amount must be an amount with at most 2 decimals'
            ? problem
            : !v.trim() || cents === null
              ? 'Enter an amount with at most 2 decimals'
              : cents === 0
                ? MSG.bulkZero
                : cents > dueCents
                  ? MSG.bulkTooLarge
                  : undefined;
        if (m) ctx.addIssue({ code: 'custom', message: m });
      })
      .transform(normaliseAmount),
  });

export type BulkPaymentFormValues = z.input<ReturnType<typeof bulkPaymentForm>>;

/** The fixed prices of an offer in cents ("[25,50]" -> [2500, 5000]); empty when none or unreadable. */
export function fixedPrices(offer: Pick<Offer, 'fixed_price'> | undefined): Cents[] {
  if (!offer?.fixed_price) return [];
  try {
    const list: unknown = JSON.parse(offer.fixed_price);
    if (!Array.isArray(list)) return [];
    return list.map(parseCents).filter((c): c is Cents => c !== null);
  } catch {
    return [];
  }
}

/** A card's price against its offer: a fixed offer takes one of its prices, a range offer min..max (both included). */
export function priceError(offer: Pick<Offer, 'price_type' | 'fixed_price' | 'min_price' | 'max_price'> | undefined, price: string) {
  if (!offer) return null;
  const cents = parseCents(normaliseAmount(price));
  if (cents === null) {
    const problem = /\d/.test(price) ? formatIssue(price, 'Price') : undefined;
    // 10.999 says what is wrong with it; only what holds no digit at all is just 'Enter a price'.
    return problem?.endsWith('at most 2 decimals') ? 'Enter a price with at most 2 decimals' : (problem ?? 'Enter a price');
  }
  if (offer.price_type === PRICE_TYPE.fixed) return fixedPrices(offer).includes(cents) ? null : 'Pick one of the prices';
  const min = parseCents(offer.min_price ?? 0) ?? 0;
  const max = parseCents(offer.max_price ?? 0) ?? 0;
  return cents < min || cents > max ? MSG.priceNotInRange : null;
}

/** Add a card: an active offer, a price that fits it, at least one image. */
export const cardAddForm = <Image>(offers: Offer[]) =>
  z
    .object({
      giftcard_offer_id: z.string(),
      price: amountText(),
      description: z.string().max(LIMITS.text.descriptionChars.value),
      images: z.array(z.custom<Image>()),
    })
    .superRefine((v, ctx) => {
      const offer = offers.find((o) => String(o.id) === v.giftcard_offer_id);
      if (!offer) issue(ctx, 'giftcard_offer_id', 'Offer is required');
      else {
        const pe = priceError(offer, v.price);
        if (pe) issue(ctx, 'price', pe);
      }
      if (v.images.length === 0) issue(ctx, 'images', MSG.imageRequired);
    });

const rejectNote = upTo('Note', LIMITS.text.noteChars.value);
const overrideReason = upTo('Reason', LIMITS.text.noteChars.value);

/** Rejecting a card: a reason from the list is required, a note is optional. */
export const rejectForm = z.object({
  reject_reason: z.string().min(1, 'Reason is required'),
  reject_note: rejectNote,
});
export type RejectFormValues = z.input<typeof rejectForm>;

/** Approving over a duplicate number: the override ticked and why. */
export const overrideForm = z.object({ override_duplicate: z.boolean(), override_reason: overrideReason }).superRefine((v, ctx) => {
  if (!v.override_duplicate) issue(ctx, 'override_duplicate', 'Tick the override to approve over the duplicate');
  if (!v.override_reason.trim()) issue(ctx, 'override_reason', 'Reason is required');
});
export type OverrideFormValues = z.input<typeof overrideForm>;

/**
 * Edit a card: an offer; a changed offer or price must fit the offer (an unchanged one is the card's own). Setting the
 * status to Rejected asks for the reason; approving over a duplicate with the override asks why.
 */
export const cardEditForm = <Image>(offers: Offer[], original: { giftcard_offer_id: string; price: string; card_status?: string }) =>
  z
    .object({
      giftcard_offer_id: z.string(),
      price: amountText(),
      card_number: upTo('Card Number', LIMITS.text.cardNumberChars.value),
      description: upTo('Description', LIMITS.text.descriptionChars.value),
      card_status: z.string(),
      reject_reason: z.string(),
      reject_note: rejectNote,
      override_duplicate: z.boolean(),
      override_reason: overrideReason,
      images: z.array(z.custom<Image>()),
    })
    .superRefine((v, ctx) => {
      if (v.card_status === '2' && original.card_status !== '2' && !v.reject_reason) issue(ctx, 'reject_reason', 'Reason is required');
      if (v.override_duplicate && !v.override_reason.trim()) issue(ctx, 'override_reason', 'Reason is required');
      const offer = offers.find((o) => String(o.id) === v.giftcard_offer_id);
      if (!offer) return issue(ctx, 'giftcard_offer_id', 'Offer is required');
      if (v.giftcard_offer_id === original.giftcard_offer_id && v.price === original.price) return;
      const pe = priceError(offer, v.price);
      if (pe) issue(ctx, 'price', pe);
    });

/** Report form: both dates required, the end not before the start. */
export const dateRangeForm = z
  .object({ start_date: z.string().min(1, 'Start Date is required'), end_date: z.string().min(1, 'End Date is required') })
  .superRefine((v, ctx) => {
    if (v.start_date && v.end_date && v.end_date < v.start_date) issue(ctx, 'end_date', 'End Date must be on or after the Start Date');
  });
export type DateRangeValues = z.input<typeof dateRangeForm>;

/** Staff dispute a paid card: a reason (required) and a note. */
export const disputeForm = z.object({
  reason: z.string().min(1, 'Reason is required'),
  note: upTo('Note', LIMITS.text.disputeNoteChars.value, { trim: true }),
});
export type DisputeFormValues = z.input<typeof disputeForm>;

/** Resolving a dispute: an optional note. */
export const resolveForm = z.object({
  note: upTo('Note', LIMITS.text.disputeNoteChars.value, { trim: true }),
});
export type ResolveFormValues = z.input<typeof resolveForm>;

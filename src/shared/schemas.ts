import { z } from 'zod';
import { parseCents } from './money';
import { DISPUTE_REASONS, type DisputeReason } from './constants';
import { REJECT_REASONS } from './constants';
import { LIMITS } from './limits';
import { CODE_CHECKS, CODE_PATTERN_MAX, CODE_PATTERN_SYNTAX } from './code-pattern';
import { proofBody } from './proof';
import { INBOX_ITEM_ID } from './inbox';
import { adjustReason } from './adjustment';

/** Form bodies arrive as strings, JSON bodies as numbers: every field schema accepts both. */
const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const money = z.union([z.number(), z.string()], { error: 'must be an amount' }).transform((v, ctx) => {
  const cents = parseCents(v);
  if (cents === null) {
    // Stored amounts have at most 10 digits before the point: a larger one is refused, never cut or read as 0.
    const tooLarge = /^\d{11,}(\.\d{1,2})?$/.test(String(v).trim()) || (typeof v === 'number' && v >= 1e10);
    ctx.addIssue({
      code: 'custom',
      message: tooLarge ? 'may not be greater than 9999999999.99' : 'must be a non-negative amount with at most 2 decimals',
    });
    return z.NEVER;
  }
  return cents;
});

export const id = z.union([z.number(), z.string()], { error: 'must be an id' }).transform((v, ctx) => {
  const n = typeof v === 'number' ? v : /^\d{1,10}$/.test(v.trim()) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > 2147483647) {
    ctx.addIssue({ code: 'custom', message: 'must be a positive whole number' });
    return z.NEVER;
  }
  return n;
});

const enumInt = <T extends number>(allowed: readonly T[]) =>
  z.union([z.number(), z.string()], { error: 'is required' }).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : /^\d+$/.test(v.trim()) ? Number(v) : NaN;
    if (!allowed.includes(n as T)) {
      ctx.addIssue({ code: 'custom', message: `must be one of ${allowed.join(', ')}` });
      return z.NEVER;
    }
    return n as T;
  });

const PASSWORD_CHARS = LIMITS.text.passwordChars.value;
const PASSWORD_MIN_CHARS = LIMITS.text.passwordMinChars.value;
const CARD_NUMBER_CHARS = LIMITS.text.cardNumberChars.value;
const CODE_CHARS = LIMITS.text.codeChars.value;
const DESCRIPTION_CHARS = LIMITS.text.descriptionChars.value;
const NOTE_CHARS = LIMITS.text.noteChars.value;
const DISPUTE_NOTE_CHARS = LIMITS.text.disputeNoteChars.value;
const SKIPPED_CARDS = LIMITS.review.skippedCards.value;
const REVIEW_TARGET_MAX_MINUTES = LIMITS.review.targetMaxMinutes.value;
const BULK_CARDS = LIMITS.review.bulkCards.value;
const FIXED_PRICES = LIMITS.offers.fixedPrices.value;
const HOLD_MAX_DAYS = LIMITS.offers.holdMaxDays.value;

export const text = (max: number) =>
  z.string({ error: 'is required' }).trim().min(1, 'is required').max(max, `may not be greater than ${max} characters`);
export const optionalText = (max: number) =>
  z.preprocess(emptyToUndefined, z.string().trim().max(max, `may not be greater than ${max} characters`).optional());
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToUndefined, schema.optional());

export const pageQuery = z.object({
  page: z
    .preprocess((v) => (v === undefined ? '1' : v), z.string().regex(/^[1-9]\d{0,8}$/, 'must be a positive whole number'))
    .transform(Number),
});

/** `GET events`: events after this id (the SSE stream also takes the Last-Event-ID header). */
export const eventsQuery = z.object({
  after: z
    .string()
    .regex(/^(0|[1-9]\d{0,17})$/, 'must be a whole number')
    .refine((v) => Number(v) <= Number.MAX_SAFE_INTEGER, `may not be greater than ${Number.MAX_SAFE_INTEGER}`)
    .transform(Number)
    .optional(),
});

export const loginBody = z.object({
  email: text(255),
  password: z
    .string({ error: 'is required' })
    .min(1, 'is required')
    .max(PASSWORD_CHARS, `may not be greater than ${PASSWORD_CHARS} characters`),
});

export const userCreateBody = z.object({
  name: text(255),
  email: z.string({ error: 'is required' }).trim().toLowerCase().pipe(z.email('must be a valid email address').max(255)),
  role: z.enum(['manager', 'seller'], { error: 'must be manager or seller' }),
  password: z
    .string({ error: 'is required' })
    .min(PASSWORD_MIN_CHARS, `must be at least ${PASSWORD_MIN_CHARS} characters`)
    .max(PASSWORD_CHARS, `may not be greater than ${PASSWORD_CHARS} characters`),
  rate: optional(money),
});
export const userUpdateBody = userCreateBody.extend({
  password: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .min(PASSWORD_MIN_CHARS, `must be at least ${PASSWORD_MIN_CHARS} characters`)
      .max(PASSWORD_CHARS, `may not be greater than ${PASSWORD_CHARS} characters`)
      .optional(),
  ),
});

/** fixed_price is sent as JSON text ("[25,50]"); a real array is accepted too. */
export const fixedPriceList = z.union([z.string(), z.array(z.union([z.number(), z.string()]))]).transform((v, ctx) => {
  let list: unknown = v;
  if (typeof v === 'string') {
    try {
      list = JSON.parse(v);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON list of prices' });
      return z.NEVER;
    }
  }
  if (!Array.isArray(list) || list.length > FIXED_PRICES) {
    ctx.addIssue({ code: 'custom', message: `must be a JSON list of at most ${FIXED_PRICES} prices` });
    return z.NEVER;
  }
  const cents = list.map(parseCents);
  if (cents.some((c) => c === null || c === 0)) {
    ctx.addIssue({ code: 'custom', message: 'every price must be a positive amount with at most 2 decimals' });
    return z.NEVER;
  }
  return [...new Set(cents as number[])].sort((a, b) => a - b);
});

/** Days of a payout hold: a whole number from `min` to LIMITS.offers.holdMaxDays. */
export const holdDays = (min: number) =>
  z.union([z.number(), z.string()], { error: 'must be a whole number of days' }).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : /^\d{1,4}$/.test(v.trim()) ? Number(v) : NaN;
    if (!Number.isInteger(n) || n < min || n > HOLD_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', message: `must be a whole number of days from ${min} to ${HOLD_MAX_DAYS}` });
      return z.NEVER;
    }
    return n;
  });

const reviewMinutes = z.union([z.number(), z.string()], { error: 'must be a whole number of minutes' }).transform((v, ctx) => {
  const n = typeof v === 'number' ? v : /^\d{1,6}$/.test(v.trim()) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > REVIEW_TARGET_MAX_MINUTES) {
    ctx.addIssue({ code: 'custom', message: `must be a whole number of minutes from 1 to ${REVIEW_TARGET_MAX_MINUTES}` });
    return z.NEVER;
  }
  return n;
});

const codePattern = z
  .union([z.string(), z.null()])
  .transform((v) => (v === null ? null : v.trim().toUpperCase().replace(/\s+/g, ' ') || null))
  .refine((v) => v === null || (v.length <= CODE_PATTERN_MAX && CODE_PATTERN_SYNTAX.test(v)), {
    message: 'must be groups of 9 (a digit), A (a letter) and X (either), split by spaces or dashes, e.g. XXXX-XXXXXX-XXXX',
  });
const codeCheck = z
  .union([z.enum(CODE_CHECKS), z.literal(''), z.null()], { error: 'must be luhn or empty' })
  .transform((v) => (v ? v : null));

export const offerBody = z
  .object({
    title: text(255),
    is_active: enumInt([0, 1] as const),
    price_type: enumInt([0, 1] as const),
    min_price: optional(money),
    max_price: optional(money),
    fixed_price: optional(fixedPriceList),
    rate_type: enumInt([0, 1] as const),
    rate: money,
    /** Issue 32: the review target in minutes (1 to 7 days); left out, 60 for a new offer and unchanged on an edit. */
    review_minutes: optional(reviewMinutes),
    /** Issue 52: what the offer's codes look like; left out, none on a new offer and unchanged on an edit; null or '' clears it. */
    code_pattern: codePattern.optional(),
    code_check: codeCheck.optional(),
    /** Issue 54: days an approved card of this offer is held before it can be paid; left out, 0 on a new offer and unchanged on an edit. */
    hold_days: optional(holdDays(0)),
  })
  .superRefine((o, ctx) => {
    if (o.price_type === 0) {
      if (o.min_price === undefined) ctx.addIssue({ code: 'custom', path: ['min_price'], message: 'is required' });
      if (o.max_price === undefined) ctx.addIssue({ code: 'custom', path: ['max_price'], message: 'is required' });
      // A range from 0 let a seller add a $0.00 card (issue 55).
      if (o.min_price === 0) ctx.addIssue({ code: 'custom', path: ['min_price'], message: 'must be more than 0' });
      if (o.min_price !== undefined && o.max_price !== undefined && o.min_price > o.max_price)
        ctx.addIssue({ code: 'custom', path: ['max_price'], message: 'must be at least the min price' });
    } else if (!o.fixed_price || o.fixed_price.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['fixed_price'], message: 'needs at least one price' });
    }
    if (o.rate_type === 0 && o.rate > 10000) ctx.addIssue({ code: 'custom', path: ['rate'], message: 'may not be more than 100 percent' });
    if (o.code_check && o.code_pattern && /[AX]/.test(o.code_pattern))
      ctx.addIssue({ code: 'custom', path: ['code_check'], message: 'applies to codes of digits only (a pattern of 9s)' });
  });

const cardFields = {
  giftcard_offer_id: id,
  price: money,
  card_number: optionalText(CARD_NUMBER_CHARS),
  description: optionalText(DESCRIPTION_CHARS),
};
export const cardCreateBody = z.object({
  ...cardFields,
  // One per submission, the same on a retry: a second submission with it answers the first card (issue 49).
  idempotency_key: optional(z.string().regex(/^[\w-]{8,64}$/, 'must be 8 to 64 letters, digits, dashes or underscores')),
});
/** 1/0, true/false (JSON or form text). */
const flagValue = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])], { error: 'must be 0 or 1' })
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');
const rejectReason = z.enum(REJECT_REASONS, { error: `must be one of ${REJECT_REASONS.join(', ')}` });
/** Review fields the spec does not have: all optional on the spec's update call. */
const reviewFields = {
  reject_reason: optional(rejectReason),
  reject_note: optionalText(NOTE_CHARS),
  override_duplicate: optional(flagValue),
  override_reason: optionalText(NOTE_CHARS),
};
const overrideNeedsReason = (v: { override_duplicate?: boolean; override_reason?: string }, ctx: z.RefinementCtx) => {
  if (v.override_duplicate && !v.override_reason)
    ctx.addIssue({ code: 'custom', path: ['override_reason'], message: 'is required when overriding a duplicate' });
};
export const cardUpdateBody = z
  .object(cardFields)
  .extend({
    card_status: optional(enumInt([0, 1, 2] as const)),
    ...reviewFields,
  })
  .superRefine(overrideNeedsReason);

/** The one-click review: approve, or reject with a reason from the list (required) and an optional note. */
export const cardReviewBody = z
  .object({
    action: z.enum(['approve', 'reject'], { error: 'must be approve or reject' }),
    // The review workspace sends the number read off the photos with the decision (issue 32); left out: unchanged.
    card_number: optionalText(CARD_NUMBER_CHARS),
    ...reviewFields,
    // Deciding a card another reviewer holds (their lease) is refused unless the caller takes it over (audited).
    take_over: optional(flagValue),
    // Issue 53: boxes on the photos and the evidence found, shown to the seller with the rejection; left out, none.
    proof: proofBody,
    // Issue 53: approve at a lower value than the seller's (a partial balance), with a reason from the list and a note.
    adjusted_price: optional(money),
    adjust_reason: optional(adjustReason),
    adjust_note: optionalText(NOTE_CHARS),
  })
  .superRefine((v, ctx) => {
    if (v.action === 'reject' && !v.reject_reason) ctx.addIssue({ code: 'custom', path: ['reject_reason'], message: 'is required' });
    if (v.action !== 'reject' && v.proof) ctx.addIssue({ code: 'custom', path: ['proof'], message: 'may only go with a rejection' });
    adjustmentFieldsFit(v, ctx);
    overrideNeedsReason(v, ctx);
  });
/** An adjusted value goes with an approval and its reason; a reason or note without one is refused. */
function adjustmentFieldsFit(
  v: { action: string; adjusted_price?: number; adjust_reason?: string; adjust_note?: string },
  ctx: z.RefinementCtx,
) {
  const adjusted = v.adjusted_price !== undefined;
  if (adjusted && v.action !== 'approve')
    ctx.addIssue({ code: 'custom', path: ['adjusted_price'], message: 'may only go with an approval' });
  if (adjusted && v.adjusted_price === 0) ctx.addIssue({ code: 'custom', path: ['adjusted_price'], message: 'must be at least 0.01' });
  if (adjusted && !v.adjust_reason)
    ctx.addIssue({ code: 'custom', path: ['adjust_reason'], message: 'is required with an adjusted price' });
  if (!adjusted && (v.adjust_reason || v.adjust_note))
    ctx.addIssue({ code: 'custom', path: ['adjusted_price'], message: 'is required with an adjustment reason or note' });
}
/** Several cards at once, each checked as if reviewed alone (no duplicate override in bulk). */
export const cardReviewBulkBody = z
  .object({
    ids: z
      .array(id, { error: 'must be a list of card ids' })
      .min(1, 'must name at least one card')
      .max(BULK_CARDS, `may not name more than ${BULK_CARDS} cards`),
    action: z.enum(['approve', 'reject'], { error: 'must be approve or reject' }),
    reject_reason: optional(rejectReason),
    reject_note: optionalText(NOTE_CHARS),
    // The version of each card as the caller saw it (card id -> version): a card changed since is refused, alone.
    versions: z.record(z.string().regex(/^[1-9]\d{0,9}$/, 'must be keyed by card id'), z.number().int().min(1).max(2147483647)).optional(),
    take_over: optional(flagValue),
  })
  .superRefine((v, ctx) => {
    if (v.action === 'reject' && !v.reject_reason) ctx.addIssue({ code: 'custom', path: ['reject_reason'], message: 'is required' });
    if (v.versions && Object.keys(v.versions).length > BULK_CARDS)
      ctx.addIssue({ code: 'custom', path: ['versions'], message: `may not name more than ${BULK_CARDS} cards` });
  });
/** The number staff are typing, to look its duplicates up before saving; the card's own when left out. */
/** Start reviewing / next card: the cards to pass over this time (the one just skipped). */
export const reviewNextBody = z.object({
  skip: z.array(id, { error: 'must be a list of card ids' }).max(SKIPPED_CARDS, `may not name more than ${SKIPPED_CARDS} cards`).optional(),
});
export const duplicatesQuery = z.object({ card_number: optionalText(CARD_NUMBER_CHARS) });

export const commentBody = z.object({ comment: text(DESCRIPTION_CHARS) });
export const searchCardBody = z.object({ card_number: text(CARD_NUMBER_CHARS) });

/** Business refusals (zero, empty code, over due) are checked by the service with the spec's texts, so these stay lax. */
export const transactionBody = z.object({
  code: z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z.string().trim().max(CODE_CHARS, `may not be greater than ${CODE_CHARS} characters`),
  ),
  transaction_amount: money,
  gidcard_id: optional(id),
  seller_id: optional(id),
});
/** Editing a payout: staff send code and amount (seller optional), or only `is_redeem: 0` to reverse a redeem. */
export const transactionUpdateBody = transactionBody
  .extend({
    is_redeem: z.union([z.literal(0), z.literal('0')], { error: 'may only be 0 (reverse the redeem)' }).transform(() => 0 as const),
  })
  .partial();
export const bulkPaymentBody = z.object({
  seller_id: id,
  paid_amount: money,
  code: z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z.string().trim().max(CODE_CHARS, `may not be greater than ${CODE_CHARS} characters`),
  ),
});

const isoDate = z
  .string({ error: 'is required' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'must be a real date')
  .refine((s) => s >= '1900-01-01' && s <= '2999-12-31', 'must be between 1900-01-01 and 2999-12-31');
export const chartBody = z
  .object({
    start_date: isoDate,
    end_date: isoDate,
    seller_id: z.preprocess(
      (v) => (v === undefined || v === '' ? 0 : v),
      z.union([z.number(), z.string()]).transform((v, ctx) => {
        const n = Number(v);
        if (!Number.isSafeInteger(n) || n < 0 || n > 2147483647) {
          ctx.addIssue({ code: 'custom', message: 'must be 0 or a seller id' });
          return z.NEVER;
        }
        return n;
      }),
    ),
  })
  .refine((b) => b.start_date <= b.end_date, { path: ['end_date'], message: 'must be on or after the start date' });
export const dashboardChartQuery = z.object({ start_date: isoDate, end_date: isoDate }).refine((b) => b.start_date <= b.end_date, {
  path: ['end_date'],
  message: 'must be on or after the start date',
});

/** Staff dispute a paid card: why (one of DISPUTE_REASONS) and a note. */
export const disputeBody = z.object({
  reason: z.enum(Object.keys(DISPUTE_REASONS) as [DisputeReason, ...DisputeReason[]], {
    error: `must be one of ${Object.keys(DISPUTE_REASONS).join(', ')}`,
  }),
  note: optionalText(DISPUTE_NOTE_CHARS),
  // Issue 53: boxes on the photos and the evidence found, shown to the seller with the clawback; left out, none.
  proof: proofBody,
});
export const disputeResolveBody = z.object({ note: optionalText(DISPUTE_NOTE_CHARS) });

/** A seller's statement over a date range (both ends included); staff name the seller, a seller gets their own. */
export const statementQuery = z
  .object({ start_date: isoDate, end_date: isoDate, seller_id: optional(id) })
  .refine((b) => b.start_date <= b.end_date, { path: ['end_date'], message: 'must be on or after the start date' });

export type OfferBody = z.input<typeof offerBody>;

/** Declining a payment that waits for a second staff member: why, in words. */
export const pendingDeclineBody = z.object({ reason: text(500) });
/** Issue 53: a seller's resubmission (new photos, an optional word to the reviewer) or appeal, and staff's answer. */
export const resubmitBody = z.object({ note: optionalText(LIMITS.text.appealNoteChars.value) });
export const appealBody = z.object({ note: text(LIMITS.text.appealNoteChars.value) });
export const appealDecideBody = z.object({
  outcome: z.enum(['upheld', 'reversed'], { error: 'must be one of upheld, reversed' }),
  note: text(LIMITS.text.appealNoteChars.value),
});
/** An admin's text telling a seller what to do about one rejection reason. */
export const rejectRemedyBody = z.object({ reason: rejectReason, remedy: text(LIMITS.text.remedyChars.value) });

/** Staff place a payout hold on a seller or on one card (exactly one), with a reason; `days` left out: until released. */
export const holdBody = z
  .object({
    seller_id: optional(id),
    gift_card_id: optional(id),
    reason: text(LIMITS.text.holdReasonChars.value),
    days: optional(holdDays(1)),
  })
  .superRefine((b, ctx) => {
    if ((b.seller_id === undefined) === (b.gift_card_id === undefined))
      ctx.addIssue({ code: 'custom', path: ['seller_id'], message: 'name either a seller or a gift card' });
  });
export const holdReleaseBody = z.object({ note: optionalText(LIMITS.text.holdReasonChars.value) });
/** One seller or one card (exactly one): the payout holds' list and the linked sellers' (issue 54). */
export const sellerOrCardQuery = z.object({ seller_id: optional(id), gift_card_id: optional(id) }).superRefine((b, ctx) => {
  if ((b.seller_id === undefined) === (b.gift_card_id === undefined))
    ctx.addIssue({ code: 'custom', path: ['seller_id'], message: 'name either a seller or a gift card' });
});
/** A link marked known-good, with why. */
export const linkKnownGoodBody = z.object({ note: optionalText(LIMITS.text.linkNoteChars.value) });
/**
 * Reviewer figures over a period (issue 54): from and to are days (both included) in the report time zone, at most
 * LIMITS.reports.maxDays apart.
 */
export const reviewerFiguresQuery = z
  .object({ from: isoDate, to: isoDate })
  .refine((b) => b.from <= b.to, { path: ['to'], message: 'must be on or after the from date' })
  .refine((b) => (Date.parse(`${b.to}T00:00:00Z`) - Date.parse(`${b.from}T00:00:00Z`)) / 86_400_000 < LIMITS.reports.maxDays.value, {
    path: ['to'],
    message: `must be within ${LIMITS.reports.maxDays.value} days of the from date (both included)`,
  });
export type ReviewerFiguresQuery = z.output<typeof reviewerFiguresQuery>;
/**
 * The seller's inbox read up to an item (its id, as the list answers it) and everything older; without it, up to the
 * newest item there is.
 */
export const inboxReadBody = z.object({
  through: optional(z.string().max(20, 'may not be greater than 20 characters').regex(INBOX_ITEM_ID, 'must be an item of the inbox')),
});

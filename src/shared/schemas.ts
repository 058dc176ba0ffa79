import { z } from 'zod';
import { parseCents } from './money';

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

const text = (max: number) =>
  z.string({ error: 'is required' }).trim().min(1, 'is required').max(max, `may not be greater than ${max} characters`);
const optionalText = (max: number) =>
  z.preprocess(emptyToUndefined, z.string().trim().max(max, `may not be greater than ${max} characters`).optional());
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToUndefined, schema.optional());

export const pageQuery = z.object({
  page: z
    .preprocess((v) => (v === undefined ? '1' : v), z.string().regex(/^[1-9]\d{0,8}$/, 'must be a positive whole number'))
    .transform(Number),
});

export const loginBody = z.object({
  email: text(255),
  password: z.string({ error: 'is required' }).min(1, 'is required').max(1024, 'may not be greater than 1024 characters'),
});

export const userCreateBody = z.object({
  name: text(255),
  email: z.string({ error: 'is required' }).trim().toLowerCase().pipe(z.email('must be a valid email address').max(255)),
  role: z.enum(['manager', 'seller'], { error: 'must be manager or seller' }),
  password: z.string({ error: 'is required' }).min(6, 'must be at least 6 characters').max(1024, 'may not be greater than 1024 characters'),
  rate: optional(money),
});
export const userUpdateBody = userCreateBody.extend({
  password: z.preprocess(
    emptyToUndefined,
    z.string().min(6, 'must be at least 6 characters').max(1024, 'may not be greater than 1024 characters').optional(),
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
  if (!Array.isArray(list) || list.length > 50) {
    ctx.addIssue({ code: 'custom', message: 'must be a JSON list of at most 50 prices' });
    return z.NEVER;
  }
  const cents = list.map(parseCents);
  if (cents.some((c) => c === null || c === 0)) {
    ctx.addIssue({ code: 'custom', message: 'every price must be a positive amount with at most 2 decimals' });
    return z.NEVER;
  }
  return [...new Set(cents as number[])].sort((a, b) => a - b);
});

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
  })
  .superRefine((o, ctx) => {
    if (o.price_type === 0) {
      if (o.min_price === undefined) ctx.addIssue({ code: 'custom', path: ['min_price'], message: 'is required' });
      if (o.max_price === undefined) ctx.addIssue({ code: 'custom', path: ['max_price'], message: 'is required' });
      if (o.min_price !== undefined && o.max_price !== undefined && o.min_price > o.max_price)
        ctx.addIssue({ code: 'custom', path: ['max_price'], message: 'must be at least the min price' });
    } else if (!o.fixed_price || o.fixed_price.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['fixed_price'], message: 'needs at least one price' });
    }
    if (o.rate_type === 0 && o.rate > 10000) ctx.addIssue({ code: 'custom', path: ['rate'], message: 'may not be more than 100 percent' });
  });

export const cardCreateBody = z.object({
  giftcard_offer_id: id,
  price: money,
  card_number: optionalText(100),
  description: optionalText(5000),
});
export const cardUpdateBody = cardCreateBody.extend({
  card_status: optional(enumInt([0, 1, 2] as const)),
});

export const commentBody = z.object({ comment: text(5000) });
export const searchCardBody = z.object({ card_number: text(100) });

/** Business refusals (zero, empty code, over due) are checked by the service with the spec's texts, so these stay lax. */
export const transactionBody = z.object({
  code: z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string().trim().max(100, 'may not be greater than 100 characters')),
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
  code: z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string().trim().max(100, 'may not be greater than 100 characters')),
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

export type OfferBody = z.input<typeof offerBody>;

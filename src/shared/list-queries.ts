import { z } from 'zod';
import { parseCents } from './money';
import { AUDIT_ENTITIES } from './constants';
import { LIMITS } from './limits';
import { trustBand } from './trust';

/**
 * The query parameters of the list calls (work queues). With none of them a list answers exactly as the spec says:
 * its page size, newest first, the spec's shape. Each list has its own sort allow-list; filters a seller's own lists
 * do not accept (seller_id, role...) are simply not declared on them.
 */
export const PER_PAGE_CHOICES = [5, 10, 25, 50, 100] as const;
export const PER_PAGE_MAX = 100;
/** Filtered totals are counted up to this many rows; above it the answer says `total_capped` ("10,000+"). */
export const TOTAL_CAP = LIMITS.lists.totalCap.value;
/** A search (`q`) is counted up to this many matches ("1,000+"). */
export const SEARCH_TOTAL_CAP = LIMITS.lists.searchTotalCap.value;
const MAX_SEARCH = LIMITS.lists.searchChars.value;

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const opt = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());

const wholeNumber = (max: number) =>
  z.union([z.string(), z.number()]).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : /^\d{1,10}$/.test(v.trim()) ? Number(v) : NaN;
    if (!Number.isSafeInteger(n) || n < 1 || n > max) {
      ctx.addIssue({ code: 'custom', message: 'must be a positive whole number' });
      return z.NEVER;
    }
    return n;
  });
const idParam = wholeNumber(2147483647);
const page = z
  .preprocess(
    (v) => (v === undefined ? '1' : typeof v === 'number' ? String(v) : v),
    z.string().regex(/^[1-9]\d{0,8}$/, 'must be a positive whole number'),
  )
  .transform(Number);
/**
 * Rows per page: any whole number from 1 to PER_PAGE_MAX (the card list asks for as many rows as fill the window, issue
 * 55); the Rows per page select offers PER_PAGE_CHOICES. Without it a list answers the spec's page size.
 */
const perPage = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > PER_PAGE_MAX || String(v).trim() !== String(n)) {
    ctx.addIssue({ code: 'custom', message: `must be a whole number from 1 to ${PER_PAGE_MAX}` });
    return z.NEVER;
  }
  return n;
});
const flag = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const s = String(v).trim();
  if (s !== '0' && s !== '1') {
    ctx.addIssue({ code: 'custom', message: 'must be 0 or 1' });
    return z.NEVER;
  }
  return s === '1' ? (1 as const) : (0 as const);
});
const statusParam = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const s = String(v).trim();
  if (!/^[0-3]$/.test(s)) {
    ctx.addIssue({ code: 'custom', message: 'must be one of 0, 1, 2, 3' });
    return z.NEVER;
  }
  return Number(s) as 0 | 1 | 2 | 3;
});
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= '2000-01-01' && s <= '2999-12-31';
  }, 'must be a real date as YYYY-MM-DD');
const amount = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const cents = parseCents(v);
  if (cents === null) {
    ctx.addIssue({ code: 'custom', message: 'must be a non-negative amount with at most 2 decimals' });
    return z.NEVER;
  }
  return cents;
});
const search = z
  .string()
  .trim()
  .max(MAX_SEARCH, `may not be greater than ${MAX_SEARCH} characters`)
  .refine((s) => !s.includes('\0'), 'may not contain a NUL character');
/**
 * A keyset position (`cursor`): the sort it belongs to, the sort key (as text) and id of the row it continues after
 * (`back`: before), as base64url JSON. `page` asks for the `page`-th page by OFFSET, answered with the cursors too.
 */
export interface Cursor {
  sort: string;
  key: string | null;
  id: number;
  back: boolean;
}
const CURSOR_MESSAGE = 'must be a cursor from a previous page or page';
const cursor = z
  .string()
  .max(LIMITS.lists.cursorChars.value, CURSOR_MESSAGE)
  .transform((v, ctx): Cursor | 'page' => {
    if (v === 'page') return v;
    let parsed: unknown;
    try {
      parsed = /^[A-Za-z0-9_-]+$/.test(v) ? JSON.parse(atob(v.replace(/-/g, '+').replace(/_/g, '/'))) : undefined;
    } catch {
      parsed = undefined;
    }
    const [sort, key, id, back] = Array.isArray(parsed) && parsed.length === 4 ? (parsed as unknown[]) : [];
    if (typeof sort !== 'string' || (key !== null && typeof key !== 'string') || !Number.isSafeInteger(id) || (back !== 0 && back !== 1)) {
      ctx.addIssue({ code: 'custom', message: CURSOR_MESSAGE });
      return z.NEVER;
    }
    return { sort, key, id: id as number, back: back === 1 };
  });
/** A list's sort allow-list, as an enum: the OpenAPI document lists its keys (issue 55). */
const sortOf = <T extends readonly [string, ...string[]]>(keys: T) => z.enum(keys, { error: `must be one of ${keys.join(', ')}` });

/** Date range and amount range checks shared by the lists that have them. */
const rangesInOrder = (q: { from?: string; to?: string }, ctx: z.RefinementCtx, min?: number, max?: number) => {
  if (q.from && q.to && q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be on or after from' });
  if (min !== undefined && max !== undefined && min > max)
    ctx.addIssue({ code: 'custom', path: ['max_price'], message: 'must be at least min_price' });
};

/** A seller's own cards (`my-giftcard`): every column of My Gift Cards that sorts. */
export const MY_CARD_SORTS = [
  '-created_at',
  'created_at',
  '-price',
  'price',
  '-due',
  'due',
  '-approval_date',
  'approval_date',
  '-status',
  'status',
  '-rate',
  'rate',
  '-paid',
  'paid',
  '-payable',
  'payable',
  'review_due',
  '-review_due',
  'offer',
  '-offer',
  'card_number',
  '-card_number',
] as const;
/** Staff's card list (`gift-card`): also by seller (name, then id). */
export const CARD_SORTS = [...MY_CARD_SORTS, 'seller', '-seller'] as const;
export const CARD_DATE_FIELDS = ['submitted', 'approved', 'rejected'] as const;
export const TRANSACTION_SORTS = ['-created_at', 'created_at', '-amount', 'amount'] as const;
export const SELLER_SORTS = ['-created_at', 'name', '-name', '-due', 'due', 'trust', '-trust'] as const;
export const USER_SORTS = ['-created_at', 'created_at', 'name', '-name', 'email', '-email'] as const;
export const OFFER_SORTS = ['-created_at', 'created_at', 'title', '-title'] as const;
export const AUDIT_SORTS = ['-created_at', 'created_at'] as const;

const myCardShape = {
  page,
  per_page: opt(perPage),
  cursor: opt(cursor),
  sort: opt(sortOf(MY_CARD_SORTS)),
  q: opt(search),
  /** Cards whose number holds this (any part, punctuation ignored), nothing else: the Search Gift Card popup's matches. */
  number: opt(search),
  status: opt(statusParam),
  offer_id: opt(idParam),
  date_field: opt(z.enum(CARD_DATE_FIELDS, { error: `must be one of ${CARD_DATE_FIELDS.join(', ')}` })),
  from: opt(day),
  to: opt(day),
  min_price: opt(amount),
  max_price: opt(amount),
  has_due: opt(flag),
};
const checkCards = (q: { from?: string; to?: string; min_price?: number; max_price?: number }, ctx: z.RefinementCtx) =>
  rangesInOrder(q, ctx, q.min_price, q.max_price);

/**
 * `gift-card` (staff): q searches card number (punctuation-insensitive), seller name or email, offer title; overdue=1
 * keeps the pending cards past their review target (the dashboard's figure), overdue=0 every other card.
 */
export const cardListQuery = z
  .object({ ...myCardShape, sort: opt(sortOf(CARD_SORTS)), seller_id: opt(idParam), overdue: opt(flag) })
  .superRefine(checkCards);
/** `my-giftcard`: the seller's own cards; q searches card number and offer title. */
export const myCardListQuery = z.object(myCardShape).superRefine(checkCards);

const myTransactionShape = {
  page,
  per_page: opt(perPage),
  cursor: opt(cursor),
  sort: opt(sortOf(TRANSACTION_SORTS)),
  q: opt(search),
  from: opt(day),
  to: opt(day),
  is_redeem: opt(flag),
  min_amount: opt(amount),
  max_amount: opt(amount),
};
const checkTransactions = (q: { from?: string; to?: string; min_amount?: number; max_amount?: number }, ctx: z.RefinementCtx) => {
  rangesInOrder(q, ctx);
  if (q.min_amount !== undefined && q.max_amount !== undefined && q.min_amount > q.max_amount)
    ctx.addIssue({ code: 'custom', path: ['max_amount'], message: 'must be at least min_amount' });
};
/** `transaction` (staff): q searches the code, seller name or email; from/to is the paid date. */
export const transactionListQuery = z.object({ ...myTransactionShape, seller_id: opt(idParam) }).superRefine(checkTransactions);
/** `my-transaction`: the seller's own payouts; q searches the code. */
export const myTransactionListQuery = z.object(myTransactionShape).superRefine(checkTransactions);

/** `seller-lists`: q searches name or email; has_due=1 keeps sellers owed money. */
export const sellerListQuery = z.object({
  page,
  per_page: opt(perPage),
  cursor: opt(cursor),
  sort: opt(sortOf(SELLER_SORTS)),
  q: opt(search),
  has_due: opt(flag),
  /** Seller trust (issue 54, staff): the sellers of one band. */
  trust_band: opt(trustBand),
});
/** `all-user-lists`: q searches name or email. */
export const userListQuery = z.object({
  page,
  per_page: opt(perPage),
  cursor: opt(cursor),
  sort: opt(sortOf(USER_SORTS)),
  q: opt(search),
  role: opt(z.enum(['admin', 'manager', 'seller'], { error: 'must be one of admin, manager, seller' })),
});
/** `gift-card-offer`: q searches the title. */
export const offerListQuery = z.object({
  page,
  per_page: opt(perPage),
  cursor: opt(cursor),
  sort: opt(sortOf(OFFER_SORTS)),
  q: opt(search),
  is_active: opt(flag),
});

/** `audit-log` (admins): who (actor_id), what (action), which record (entity, entity_id), when (from/to, report days). */
export const auditLogQuery = z
  .object({
    page,
    per_page: opt(perPage),
    cursor: opt(cursor),
    sort: opt(sortOf(AUDIT_SORTS)),
    actor_id: opt(idParam),
    action: opt(z.string().regex(/^[a-z][a-z_]{0,39}$/, 'must be an action name: lower-case letters and underscores')),
    entity: opt(z.enum(AUDIT_ENTITIES, { error: `must be one of ${AUDIT_ENTITIES.join(', ')}` })),
    entity_id: opt(idParam),
    from: opt(day),
    to: opt(day),
  })
  .superRefine((q, ctx) => {
    rangesInOrder(q, ctx);
    // A record is its kind and its id (one index reads it); an id alone would name one record of each kind.
    if (q.entity_id !== undefined && q.entity === undefined)
      ctx.addIssue({ code: 'custom', path: ['entity'], message: 'is required with entity_id' });
  });

/** `appeal` (staff, issue 53): the appeals queue; `state=open` the ones waiting (oldest first), `decided` the answered. */
export const APPEAL_SORTS = ['created_at', '-created_at'] as const;
export const appealListQuery = z.object({
  page,
  per_page: opt(perPage),
  cursor: opt(cursor),
  sort: opt(sortOf(APPEAL_SORTS)),
  state: opt(z.enum(['open', 'decided'], { error: 'must be one of open, decided' })),
  decision: opt(z.enum(['rejection', 'clawback'], { error: 'must be one of rejection, clawback' })),
});
export type AppealListQuery = z.output<typeof appealListQuery>;

export type CardListQuery = z.output<typeof cardListQuery>;
export type MyCardListQuery = z.output<typeof myCardListQuery>;
export type TransactionListQuery = z.output<typeof transactionListQuery>;
export type MyTransactionListQuery = z.output<typeof myTransactionListQuery>;
export type SellerListQuery = z.output<typeof sellerListQuery>;
export type UserListQuery = z.output<typeof userListQuery>;
export type OfferListQuery = z.output<typeof offerListQuery>;
export type AuditLogQuery = z.output<typeof auditLogQuery>;

import {
  bigint,
  bigserial,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** Mirrors migrations/*.sql (the migrations are the source of truth; functions and triggers live in functions/). */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });
const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

export const appSettings = pgTable('app_settings', { key: text('key').primaryKey(), value: text('value').notNull() });
export const counters = pgTable('counters', {
  name: text('name').notNull(),
  shard: smallint('shard').notNull(),
  value: bigint('value', { mode: 'number' }).notNull(),
});

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  role: text('role').$type<'admin' | 'manager' | 'seller'>().notNull(),
  rate: money('rate'),
  sellerDue: numeric('seller_due', { precision: 14, scale: 2 }).notNull().default('0'),
  cardCount: integer('card_count').notNull().default(0),
  transactionCount: integer('transaction_count').notNull().default(0),
  /** What a person edits (name, email, role, rate), not counters or the password hash: the ETag (0026). */
  version: integer('version').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  deletedAt: ts('deleted_at'),
  /** Seller trust (0037, docs/trust.md): 50 until the seller-trust job scores them. */
  trustScore: smallint('trust_score').notNull().default(50),
});

export const authTokens = pgTable('auth_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
});

export const loginAttempts = pgTable('login_attempts', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: ts('window_start').notNull().defaultNow(),
  lockedUntil: ts('locked_until'),
});

export const offers = pgTable('gift_card_offers', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  isActive: smallint('is_active').notNull().default(1),
  priceType: smallint('price_type').notNull(),
  minPrice: money('min_price'),
  maxPrice: money('max_price'),
  fixedPrice: money('fixed_price').array(),
  rateType: smallint('rate_type').notNull(),
  rate: money('rate').notNull(),
  /** The review target: minutes a card of this offer may wait for a decision (issue 32). */
  reviewMinutes: integer('review_minutes').notNull().default(60),
  /** What its codes look like (issue 52, shared/code-pattern.ts); null: any code of letters and digits. */
  codePattern: text('code_pattern'),
  codeCheck: text('code_check'),
  /** Days an approved card of this offer is held before it can be paid (issue 54); 0: none. */
  holdDays: integer('hold_days').notNull().default(0),
  version: integer('version').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const giftCards = pgTable('gift_cards', {
  id: serial('id').primaryKey(),
  offerId: integer('giftcard_offer_id').notNull(),
  sellerId: integer('seller_id').notNull(),
  cardNumber: text('card_number'),
  /** The number's confusable skeleton (shared/identifiers.ts), written with it. */
  numberKey: text('number_key'),
  price: money('price').notNull(),
  rate: money('rate').notNull(),
  description: text('description'),
  cardStatus: smallint('card_status').notNull().default(0),
  paidAmount: money('paid_amount').notNull().default('0'),
  approvalDate: ts('approval_date'),
  approvedBy: integer('approved_by'),
  rejectionDate: ts('rejection_date'),
  rejectReason: text('reject_reason'),
  rejectNote: text('reject_note'),
  /** Submission time plus the offer's review target; set by a trigger (0025). */
  reviewDueAt: ts('review_due_at'),
  /** The seller's key for this submission: a retry with it answers this card (0027). */
  idempotencyKey: text('idempotency_key'),
  /** Bumped by each write of what people edit or decide (not the paid amount): the ETag (0026). */
  version: integer('version').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const giftCardImages = pgTable('gift_card_images', {
  id: serial('id').primaryKey(),
  giftCardId: integer('gift_card_id').notNull(),
  image: text('image').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const comments = pgTable('gift_card_comments', {
  id: serial('id').primaryKey(),
  giftCardId: integer('gift_card_id').notNull(),
  userId: integer('user_id').notNull(),
  comment: text('comment').notNull(),
  image: text('image'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const transactions = pgTable('transactions', {
  id: serial('id').primaryKey(),
  code: text('code').notNull(),
  /** The code's confusable skeleton (shared/identifiers.ts), written with it; unique. */
  codeNorm: text('code_norm'),
  sellerId: integer('seller_id').notNull(),
  amount: money('transaction_amount').notNull(),
  isRedeem: smallint('is_redeem').notNull().default(0),
  giftCardId: integer('gift_card_id'),
  createdBy: integer('created_by'),
  /** FOUR_EYES: the staff member who approved it (null: its maker alone). */
  checkedBy: integer('checked_by'),
  version: integer('version').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const allocations = pgTable('transaction_allocations', {
  id: serial('id').primaryKey(),
  transactionId: integer('transaction_id').notNull(),
  giftCardId: integer('gift_card_id').notNull(),
  amount: money('amount').notNull(),
});

export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  actorId: integer('actor_id'),
  action: text('action').notNull(),
  entity: text('entity').notNull(),
  entityId: integer('entity_id'),
  details: jsonb('details').notNull().default({}),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const rejectReasons = pgTable('reject_reasons', {
  reason: text('reason').primaryKey(),
  remedy: text('remedy').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedBy: integer('updated_by'),
});

/** Issue 53: the proof attached to a rejection or a clawback (0038). */
export const decisionProofs = pgTable('decision_proofs', {
  id: serial('id').primaryKey(),
  giftCardId: integer('gift_card_id').notNull(),
  decision: text('decision').notNull(),
  regions: jsonb('regions').notNull(),
  evidence: jsonb('evidence').notNull(),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  supersededAt: ts('superseded_at'),
});

export const reportDaily = pgTable(
  'report_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    sellerId: integer('seller_id').notNull(),
    approved: integer('approved').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.day] })],
);

import { LIMITS } from './limits';

export const ROLES = ['admin', 'manager', 'seller'] as const;
export type Role = (typeof ROLES)[number];
export const isStaff = (role: string | undefined | null): boolean => role === 'admin' || role === 'manager';

export const CARD_STATUS = { pending: 0, approved: 1, rejected: 2, disputed: 3 } as const;
/** 0-2 as the spec says; 3 = Disputed (an approved card found bad after it was paid: its payments are clawed back). */
export type CardStatus = 0 | 1 | 2 | 3;
export const CARD_STATUS_LABEL: Record<CardStatus, string> = { 0: 'Pending', 1: 'Approved', 2: 'Rejected', 3: 'Disputed' };

/** transactions.kind: 0 a payout, 1 the negative entry of a clawback, 2 its reversal when the dispute is resolved. */
export const TRANSACTION_KINDS = ['payout', 'clawback', 'clawback_reversed'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];
export const TRANSACTION_KIND_LABEL: Record<TransactionKind, string> = {
  payout: 'Payout',
  clawback: 'Clawback',
  clawback_reversed: 'Clawback reversed',
};

/** Why staff dispute a paid card. */
/** How a payout was made (transactions of kind payout): from a card's pay icon, a seller payout, a bulk payment. */
export const PAYMENT_KINDS = ['card_payment', 'payout', 'bulk_payment'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
export const PAYMENT_KIND_LABEL: Record<PaymentKind, string> = {
  card_payment: 'Card payment',
  payout: 'Payout',
  bulk_payment: 'Bulk payment',
};
export const DISPUTE_REASONS = {
  used: 'Card already used',
  invalid: 'Card invalid or not activated',
  balance: 'Balance lower than stated',
  fraud: 'Suspected fraud',
  other: 'Other',
} as const;
export type DisputeReason = keyof typeof DISPUTE_REASONS;

export const PRICE_TYPE = { range: 0, fixed: 1 } as const;
export const RATE_TYPE = { percentage: 0, fixed: 1 } as const;

/** Each list's page size, by list (shared/limits.ts says why). */
export const PAGE_SIZE = {
  cards: LIMITS.lists.cardsPerPage.value,
  comments: LIMITS.lists.commentsPerPage.value,
  offers: LIMITS.lists.offersPerPage.value,
  users: LIMITS.lists.usersPerPage.value,
  sellers: LIMITS.lists.sellersPerPage.value,
  transactions: LIMITS.lists.transactionsPerPage.value,
} as const;
/** Pagination controls appear when total is above this: one page's worth. */
export const PAGINATION_THRESHOLD = { ...PAGE_SIZE };
export const PAGE_LINKS = 8;
/** What an audit entry is about (its `entity`). */
export const AUDIT_ENTITIES = [
  'gift_card',
  'transaction',
  'user',
  'offer',
  'comment',
  'image',
  'session',
  'reject_remedy',
  'qa_review',
  'payout_hold',
  'trust_policy',
  'seller_link',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
export const TOAST_MS = 3000;
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** What moved a seller's due, as a statement lists it. */
export const STATEMENT_EVENT_KINDS = [
  'approved',
  'unapproved',
  'adjusted',
  'payment',
  'payment_reversed',
  'disputed',
  'resolved',
  'deleted',
  'moved_in',
  'moved_out',
] as const;
/** Why staff reject a card (a fixed list; stored as these keys, shown with these labels). */
/** What links two sellers (issue 54, linked sellers): a card number (its key), a photo (bytes or dHash), a payout code. */
export const LINK_SIGNALS = ['card_number', 'photo', 'payout_code'] as const;
export type LinkSignal = (typeof LINK_SIGNALS)[number];
export const REJECT_REASONS = ['unreadable_image', 'used_or_zero_balance', 'duplicate', 'wrong_card', 'suspected_fraud', 'other'] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];
export const REJECT_REASON_LABEL: Record<RejectReason, string> = {
  unreadable_image: 'Unreadable image',
  used_or_zero_balance: 'Already used or zero balance',
  duplicate: 'Duplicate',
  wrong_card: 'Wrong card or offer',
  suspected_fraud: 'Suspected fraud',
  other: 'Other',
};
export const STATEMENT_EVENT_LABEL: Record<(typeof STATEMENT_EVENT_KINDS)[number], string> = {
  approved: 'Card approved',
  unapproved: 'Card approval withdrawn',
  adjusted: 'Card price changed',
  payment: 'Payment',
  payment_reversed: 'Payment reversed (payout edited)',
  disputed: 'Card disputed: clawback',
  resolved: 'Dispute resolved',
  deleted: 'Card deleted',
  moved_in: 'Card moved in',
  moved_out: 'Card moved out',
};

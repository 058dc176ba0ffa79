export const ROLES = ['admin', 'manager', 'seller'] as const;
export type Role = (typeof ROLES)[number];
export const isStaff = (role: string | undefined | null): boolean => role === 'admin' || role === 'manager';

export const CARD_STATUS = { pending: 0, approved: 1, rejected: 2 } as const;
export type CardStatus = 0 | 1 | 2;
export const CARD_STATUS_LABEL: Record<CardStatus, string> = { 0: 'Pending', 1: 'Approved', 2: 'Rejected' };

export const PRICE_TYPE = { range: 0, fixed: 1 } as const;
export const RATE_TYPE = { percentage: 0, fixed: 1 } as const;

export const PAGE_SIZE = { cards: 5, comments: 5, offers: 10, users: 10, sellers: 10, transactions: 10 } as const;
/** Pagination controls appear when total is above this. */
export const PAGINATION_THRESHOLD = { cards: 5, comments: 5, offers: 10, users: 10, sellers: 10, transactions: 10 } as const;
export const PAGE_LINKS = 8;
export const TOAST_MS = 3000;
export const MAX_REPORT_DAYS = 366;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGES_PER_REQUEST = 10;
export const MAX_IMAGE_PIXELS = 40_000_000;
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

import type { Role } from './constants';
import type { OperationName } from './endpoints';

/**
 * The one access policy (issue 29): for every operation of the contract, which roles may call it and which rule
 * applies to the record it names. The server enforces it in one place before every handler (http/route.ts, with
 * http/object-access.ts for the record rules), the OpenAPI document shows it (x-access), Electron main reads
 * `public` from it, and the access-matrix test derives every expectation from it.
 */
export type ObjectRule =
  /** No record named, or staff-only: every record the role may call it on. */
  | 'none'
  /** `:id` is a gift card: a seller only their own. */
  | 'own-card'
  /** `:id` is a card photo: a seller only one of their own card. */
  | 'own-image'
  /** `:id` is a comment: a seller only one on their own card. */
  | 'own-comment'
  /** `:id` is a transaction: a seller only their own. */
  | 'own-payout'
  /** Answers the caller's own data: a seller's `seller_id` is replaced by their own id. */
  | 'own-data'
  /** Names a seller (`seller_id`) or a card by its number: a seller finds only their own (403/404 otherwise). */
  | 'own-seller'
  /** `:id` is a payment waiting for a second staff member: its maker may not approve it. */
  | 'not-own-request'
  /** `:id` is a user: staff accounts are an admin's; a manager reaches sellers (never a role or another's password). */
  | 'people';

export interface AccessRule {
  roles: 'public' | readonly Role[];
  object: ObjectRule;
  /** Staff see staff-only fields (notes, staff names, overrides, claims); a seller's answer leaves them out. */
  staffOnlyFields?: true;
}

const ANY = ['admin', 'manager', 'seller'] as const;
const STAFF = ['admin', 'manager'] as const;
const SELLER = ['seller'] as const;
const ADMIN = ['admin'] as const;

export const accessPolicy = {
  login: { roles: 'public', object: 'none' },
  logout: { roles: ANY, object: 'none' },
  sellerDue: { roles: SELLER, object: 'own-data' },
  allOffers: { roles: ANY, object: 'none' },
  listOffers: { roles: STAFF, object: 'none' },
  getOffer: { roles: ANY, object: 'none' },
  createOffer: { roles: STAFF, object: 'none' },
  updateOffer: { roles: STAFF, object: 'none' },
  deleteOffer: { roles: STAFF, object: 'none' },
  createCard: { roles: SELLER, object: 'none' },
  listCards: { roles: STAFF, object: 'none' },
  myCards: { roles: SELLER, object: 'own-data' },
  cardStatusCounts: { roles: STAFF, object: 'none' },
  getCard: { roles: ANY, object: 'own-card', staffOnlyFields: true },
  updateCard: { roles: ANY, object: 'own-card' },
  deleteCard: { roles: ANY, object: 'own-card' },
  deleteCardImage: { roles: ANY, object: 'own-image' },
  searchCardNumber: { roles: ANY, object: 'own-seller' },
  listComments: { roles: ANY, object: 'own-card', staffOnlyFields: true },
  addComment: { roles: ANY, object: 'own-card' },
  deleteComment: { roles: ANY, object: 'own-comment' },
  createTransaction: { roles: STAFF, object: 'none' },
  getTransaction: { roles: ANY, object: 'own-payout' },
  updateTransaction: { roles: ANY, object: 'own-payout' },
  listTransactions: { roles: STAFF, object: 'none' },
  myTransactions: { roles: SELLER, object: 'own-data' },
  bulkPayment: { roles: STAFF, object: 'none' },
  disputeCard: { roles: STAFF, object: 'none' },
  resolveDispute: { roles: STAFF, object: 'none' },
  sellerStatement: { roles: ANY, object: 'own-seller' },
  exportStatement: { roles: ANY, object: 'own-seller' },
  exportCards: { roles: STAFF, object: 'none' },
  exportMyCards: { roles: SELLER, object: 'own-data' },
  exportTransactions: { roles: STAFF, object: 'none' },
  exportMyTransactions: { roles: SELLER, object: 'own-data' },
  exportSellers: { roles: STAFF, object: 'none' },
  exportUsers: { roles: STAFF, object: 'none' },
  exportOffers: { roles: STAFF, object: 'none' },
  sellerList: { roles: STAFF, object: 'none' },
  listUsers: { roles: STAFF, object: 'none' },
  getUser: { roles: STAFF, object: 'people' },
  createUser: { roles: STAFF, object: 'people' },
  updateUser: { roles: STAFF, object: 'people' },
  deleteUser: { roles: STAFF, object: 'people' },
  chartData: { roles: ANY, object: 'own-data' },
  chartDataYearly: { roles: ANY, object: 'own-data' },
  dashboardChart: { roles: ANY, object: 'own-data' },
  dashboardFigures: { roles: ANY, object: 'own-data' },
  events: { roles: ANY, object: 'own-data' },
  reviewCard: { roles: STAFF, object: 'none' },
  reviewCards: { roles: STAFF, object: 'none' },
  cardDuplicates: { roles: STAFF, object: 'none' },
  claimCard: { roles: STAFF, object: 'none' },
  startReview: { roles: STAFF, object: 'none' },
  releaseClaim: { roles: STAFF, object: 'none' },
  cardHistory: { roles: ANY, object: 'own-card', staffOnlyFields: true },
  cardMoney: { roles: ANY, object: 'own-card', staffOnlyFields: true },
  rejectReasons: { roles: ANY, object: 'own-data' },
  listPendingPayments: { roles: STAFF, object: 'none' },
  approvePendingPayment: { roles: STAFF, object: 'not-own-request' },
  declinePendingPayment: { roles: STAFF, object: 'none' },
  settings: { roles: STAFF, object: 'none' },
  listRejectRemedies: { roles: ANY, object: 'none' },
  updateRejectRemedy: { roles: ADMIN, object: 'none' },
  resubmitCard: { roles: SELLER, object: 'own-card' },
  appealCard: { roles: SELLER, object: 'own-card' },
  acceptAdjustment: { roles: SELLER, object: 'own-card' },
  withdrawAdjustment: { roles: SELLER, object: 'own-card' },
  listAppeals: { roles: STAFF, object: 'none' },
  getAppeal: { roles: STAFF, object: 'none' },
  decideAppeal: { roles: STAFF, object: 'none' },
  sellerInbox: { roles: SELLER, object: 'own-data' },
  markInboxRead: { roles: SELLER, object: 'own-data' },
  listAuditLog: { roles: ADMIN, object: 'none' },
  placeHold: { roles: STAFF, object: 'none' },
  releaseHold: { roles: STAFF, object: 'none' },
  listHolds: { roles: STAFF, object: 'none' },
  listSellerLinks: { roles: STAFF, object: 'none' },
  markLinkKnownGood: { roles: STAFF, object: 'none' },
  exportAuditLog: { roles: ADMIN, object: 'none' },
  qaPolicy: { roles: STAFF, object: 'none' },
  updateQaPolicy: { roles: ADMIN, object: 'none' },
  listQaReviews: { roles: STAFF, object: 'none' },
  getQaReview: { roles: STAFF, object: 'none' },
  decideQaReview: { roles: STAFF, object: 'none' },
  resolveQaReview: { roles: ADMIN, object: 'none' },
  sellerTrust: { roles: STAFF, object: 'none' },
  trustPolicy: { roles: STAFF, object: 'none' },
  updateTrustPolicy: { roles: ADMIN, object: 'none' },
  reviewerFigures: { roles: ADMIN, object: 'none' },
  exportReviewerFigures: { roles: ADMIN, object: 'none' },
} as const satisfies Record<OperationName, AccessRule>;

/** May a caller of this role call the operation at all (before any record rule)? */
export function roleMayCall(op: OperationName, role: Role): boolean {
  const roles: AccessRule['roles'] = accessPolicy[op].roles;
  return roles === 'public' || roles.includes(role);
}
export const isPublicOperation = (op: OperationName): boolean => accessPolicy[op].roles === 'public';

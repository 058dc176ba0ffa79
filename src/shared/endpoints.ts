import { z } from 'zod';
import * as s from './schemas';
import * as L from './list-queries';
import { LIMITS } from './limits';
import type * as T from './types';
import type { EventsPoll } from './events';
import * as qa from './qa';
import * as trust from './trust';

/**
 * The API contract: one entry per call of spec section 7 (plus logout).
 * `path` is relative to the API base (`/api/`); `:id` is filled from args.id.
 * Used by the server (routes + OpenAPI), by Electron main (IPC allow-list and argument checks)
 * and by the renderer (typed calls).
 */
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export interface EndpointDef {
  method: Method;
  path: string;
  body?: z.ZodType;
  query?: z.ZodType;
  /** Multipart file fields this call may carry; `gallery` is sent as gallery[0], gallery[1], ... */
  files?: readonly ('gallery' | 'comment_image')[];
  /** Answers a CSV file (text/csv, streamed) instead of JSON: a download, never an `api:call` over IPC. */
  csv?: true;
  summary: string;
}

const def =
  <R>() =>
  <const D extends EndpointDef>(d: D) =>
    d as D & { __response?: R };

export const endpoints = {
  login: def<T.LoginResponse>()({
    method: 'POST',
    path: 'login',

    body: s.loginBody,
    summary: 'Log in with email or user name',
  }),
  logout: def<T.Msg>()({ method: 'POST', path: 'logout', summary: 'Revoke the current token' }),
  sellerDue: def<T.SellerDue>()({ method: 'GET', path: 'seller-due', summary: "The logged-in seller's due" }),

  allOffers: def<T.Offer[]>()({ method: 'GET', path: 'all-gift-card-offer', summary: 'Every offer (for selects)' }),
  listOffers: def<T.Page<T.Offer>>()({
    method: 'GET',
    path: 'gift-card-offer',

    query: L.offerListQuery,
    summary: `Offers, ${LIMITS.lists.offersPerPage.value} a page`,
  }),
  getOffer: def<T.Wrapped<T.Offer>>()({ method: 'GET', path: 'gift-card-offer/:id', summary: 'One offer' }),
  createOffer: def<T.Msg>()({ method: 'POST', path: 'gift-card-offer', body: s.offerBody, summary: 'Create an offer' }),
  updateOffer: def<T.Msg>()({
    method: 'POST',
    path: 'gift-card-offer-update/:id',

    body: s.offerBody,
    summary: 'Edit an offer',
  }),
  deleteOffer: def<T.Msg>()({ method: 'DELETE', path: 'gift-card-offer/:id', summary: 'Delete an offer without cards' }),

  createCard: def<T.Created>()({
    method: 'POST',
    path: 'gift-card',

    body: s.cardCreateBody,
    files: ['gallery'],
    summary: 'Submit a gift card with images',
  }),
  listCards: def<T.Page<T.GiftCard>>()({
    method: 'GET',
    path: 'gift-card',

    query: L.cardListQuery,
    summary: `All cards, ${LIMITS.lists.cardsPerPage.value} a page`,
  }),
  myCards: def<T.Wrapped<T.Page<T.GiftCard>>>()({
    method: 'GET',
    path: 'my-giftcard',

    query: L.myCardListQuery,
    summary: "The seller's own cards",
  }),
  cardStatusCounts: def<T.Wrapped<T.CardStatusCounts>>()({
    method: 'GET',
    path: 'gift-card-status-counts',

    summary: 'How many cards are in each status (exact, kept by triggers), and when the oldest pending card was submitted',
  }),
  getCard: def<T.GiftCardDetail>()({ method: 'GET', path: 'gift-card/:id', summary: 'One card with its images' }),
  updateCard: def<T.Msg>()({
    method: 'POST',
    path: 'gift-card-update/:id',

    body: s.cardUpdateBody,
    files: ['gallery'],
    summary: 'Edit a card',
  }),
  deleteCard: def<T.Msg>()({ method: 'DELETE', path: 'gift-card/:id', summary: 'Delete a card' }),
  deleteCardImage: def<T.Msg>()({ method: 'DELETE', path: 'delete-giftcard-image/:id', summary: 'Delete a card image' }),
  searchCardNumber: def<T.Wrapped<T.GiftCard>>()({
    method: 'POST',
    path: 'search-card-number',

    body: s.searchCardBody,
    summary: 'Find a card by its number',
  }),

  listComments: def<T.Wrapped<T.Page<T.Comment>>>()({
    method: 'GET',
    path: 'gift-card-comments/:id',

    query: s.pageQuery,
    summary: `A card's comments, ${LIMITS.lists.commentsPerPage.value} a page`,
  }),
  addComment: def<T.Msg>()({
    method: 'POST',
    path: 'add-gift-card/:id',

    body: s.commentBody,
    files: ['comment_image'],
    summary: 'Comment on a card',
  }),
  deleteComment: def<T.Msg>()({ method: 'DELETE', path: 'delete-giftcard-comment/:id', summary: 'Delete a comment' }),

  createTransaction: def<T.Msg>()({
    method: 'POST',
    path: 'transaction',

    body: s.transactionBody,
    summary: 'Pay a card or a seller',
  }),
  getTransaction: def<T.Wrapped<T.Transaction>>()({ method: 'GET', path: 'transaction/:id', summary: 'One transaction' }),
  updateTransaction: def<T.Msg>()({
    method: 'POST',
    path: 'transaction-update/:id',

    body: s.transactionUpdateBody,
    summary: 'Staff: edit a payout; seller: flip is_redeem',
  }),
  listTransactions: def<T.Page<T.Transaction>>()({
    method: 'GET',
    path: 'transaction',

    query: L.transactionListQuery,
    summary: `All transactions, ${LIMITS.lists.transactionsPerPage.value} a page`,
  }),
  myTransactions: def<T.Wrapped<T.Page<T.Transaction>>>()({
    method: 'GET',
    path: 'my-transaction',

    query: L.myTransactionListQuery,
    summary: "The seller's transactions",
  }),
  bulkPayment: def<T.Msg>()({
    method: 'POST',
    path: 'bulk-payment',

    body: s.bulkPaymentBody,
    summary: "Pay a seller's approved cards, oldest first",
  }),
  disputeCard: def<T.Msg>()({
    method: 'POST',
    path: 'gift-card-dispute/:id',

    body: s.disputeBody,
    summary: 'Mark an approved, paid card Disputed: what was paid on it is clawed back from its seller',
  }),
  resolveDispute: def<T.Msg>()({
    method: 'POST',
    path: 'gift-card-dispute-resolve/:id',

    body: s.disputeResolveBody,
    summary: 'Resolve a dispute: the card is approved again and its clawback reversed',
  }),
  sellerStatement: def<T.SellerStatement>()({
    method: 'GET',
    path: 'seller-statement',

    query: s.statementQuery,
    summary: "A seller's statement for a date range: opening due, each change in order with the running due, closing due",
  }),
  exportStatement: def<string>()({
    method: 'GET',
    path: 'export/seller-statement',

    query: s.statementQuery,
    csv: true,
    summary: 'The seller statement as CSV',
  }),
  exportCards: def<string>()({
    method: 'GET',
    path: 'export/gift-card',

    query: L.cardListQuery,
    csv: true,
    summary: 'The gift card list as CSV, with its filters and search (every matching row, newest first)',
  }),
  exportMyCards: def<string>()({
    method: 'GET',
    path: 'export/my-giftcard',

    query: L.myCardListQuery,
    csv: true,
    summary: "The seller's own cards as CSV, with the list's filters and search",
  }),
  exportTransactions: def<string>()({
    method: 'GET',
    path: 'export/transaction',

    query: L.transactionListQuery,
    csv: true,
    summary: 'The transaction list as CSV, with its filters and search',
  }),
  exportMyTransactions: def<string>()({
    method: 'GET',
    path: 'export/my-transaction',

    query: L.myTransactionListQuery,
    csv: true,
    summary: "The seller's own payouts as CSV, with the list's filters and search",
  }),
  exportSellers: def<string>()({
    method: 'GET',
    path: 'export/seller-lists',

    query: L.sellerListQuery,
    csv: true,
    summary: "Sellers with their due and trust (score, band) as CSV, with the list's filters and search",
  }),
  exportUsers: def<string>()({
    method: 'GET',
    path: 'export/all-user-lists',

    query: L.userListQuery,
    csv: true,
    summary: "The user list as CSV, with the list's filters and search",
  }),
  exportOffers: def<string>()({
    method: 'GET',
    path: 'export/gift-card-offer',

    query: L.offerListQuery,
    csv: true,
    summary: "The offer list as CSV, with the list's filters and search",
  }),
  sellerList: def<T.Page<T.SellerRow>>()({
    method: 'GET',
    path: 'seller-lists',

    query: L.sellerListQuery,
    summary: 'Sellers with their due',
  }),

  listUsers: def<T.Page<T.User>>()({
    method: 'GET',
    path: 'all-user-lists',

    query: L.userListQuery,
    summary: `Users, ${LIMITS.lists.usersPerPage.value} a page`,
  }),
  getUser: def<{ user: T.User }>()({ method: 'GET', path: 'users/:id', summary: 'One user' }),
  createUser: def<T.Msg>()({
    method: 'POST',
    path: 'users',

    body: s.userCreateBody,
    summary: 'Create a manager or seller',
  }),
  updateUser: def<T.Msg>()({ method: 'PUT', path: 'users/:id', body: s.userUpdateBody, summary: 'Edit a user' }),
  deleteUser: def<T.Msg>()({ method: 'DELETE', path: 'users/:id', summary: 'Delete a user' }),

  chartData: def<T.ChartData>()({
    method: 'POST',
    path: 'chart-data',

    body: s.chartBody,
    summary: 'Daily approvals and rejections',
  }),
  chartDataYearly: def<T.ChartData>()({
    method: 'POST',
    path: 'chart-data-yearly',

    body: s.chartBody,
    summary: 'Monthly approvals and rejections over a year',
  }),
  dashboardChart: def<T.DashboardChart>()({
    method: 'GET',
    path: 'chart-data',

    query: s.dashboardChartQuery,
    summary: 'Days with approvals or rejections',
  }),
  dashboardFigures: def<T.DashboardFigures>()({
    method: 'GET',
    path: 'dashboard-figures',

    summary: 'Figures staff look at first (pending, due, paid and decided this month); a seller gets their own',
  }),
  events: def<EventsPoll>()({
    method: 'GET',
    path: 'events',

    query: s.eventsQuery,
    summary:
      'Live events (staff: all; a seller: their own). With Accept: text/event-stream a Server-Sent Events stream (Last-Event-ID replays what was missed, heartbeats, ends when the token is revoked); otherwise the events after `after` as JSON',
  }),

  reviewCard: def<T.Msg>()({
    method: 'POST',
    path: 'gift-card-review/:id',

    body: s.cardReviewBody,
    summary: 'Approve a card, or reject it with a reason from the list (refused over a duplicate number unless overridden)',
  }),
  reviewCards: def<T.BulkReviewResult>()({
    method: 'POST',
    path: 'gift-card-review-bulk',

    body: s.cardReviewBulkBody,
    summary: 'Approve or reject several cards, each checked as if alone; what passed and what was refused',
  }),
  cardDuplicates: def<T.CardDuplicates>()({
    method: 'GET',
    path: 'gift-card-duplicates/:id',

    query: s.duplicatesQuery,
    summary: 'Other cards with the same number (normalised; the number being typed, or the stored one) and the same photos',
  }),
  claimCard: def<{ claim: T.ReviewClaim | null }>()({
    method: 'POST',
    path: 'gift-card-claim/:id',

    summary: `Opening a pending card for review: claims it for ${LIMITS.review.claimMinutes.value} minutes, or answers another staff member's claim (never blocks)`,
  }),
  startReview: def<T.ReviewLease>()({
    method: 'POST',
    path: 'gift-card-review-next',

    body: s.reviewNextBody,
    summary: `The review queue: leases the pending card due first that nobody else holds to the caller for ${LIMITS.review.claimMinutes.value} minutes (releasing their other cards); none when the queue is empty`,
  }),
  releaseClaim: def<T.Msg>()({
    method: 'DELETE',
    path: 'gift-card-claim/:id',
    summary: "Leaving a card: releases the caller's own claim on it (another staff member's stays)",
  }),
  cardHistory: def<T.Wrapped<T.Page<T.HistoryEntry>>>()({
    method: 'GET',
    path: 'gift-card-history/:id',

    query: s.pageQuery,
    summary: `A card's history from the audit trail and its payments, newest first, ${LIMITS.lists.historyPerPage.value} a page`,
  }),
  cardMoney: def<T.Wrapped<T.CardMoney>>()({
    method: 'GET',
    path: 'gift-card-money/:id',

    summary: "A card's price, rate, payable, paid, due and the payouts that paid it",
  }),
  rejectReasons: def<{ reasons: T.RejectReasonCount[] }>()({
    method: 'POST',
    path: 'chart-data-reject-reasons',

    body: s.chartBody,
    summary: 'Rejections per reason over a range (a seller gets their own)',
  }),

  listPendingPayments: def<{ data: T.PendingPayment[] }>()({
    method: 'GET',
    path: 'pending-payment',
    summary: 'Payments waiting for a second staff member (FOUR_EYES), newest first: the open ones and the expired',
  }),
  approvePendingPayment: def<T.Msg>()({
    method: 'POST',
    path: 'pending-payment-approve/:id',
    summary: 'Another staff member than its maker approves a waiting payment: it is made now, with the usual checks',
  }),
  declinePendingPayment: def<T.Msg>()({
    method: 'POST',
    path: 'pending-payment-decline/:id',
    body: s.pendingDeclineBody,
    summary: 'Decline a waiting payment with a reason',
  }),

  settings: def<T.Settings>()({
    method: 'GET',
    path: 'settings',
    summary: "What the screens need of the server's configuration: whether FOUR_EYES is on, and its limit when it is",
  }),

  listRejectRemedies: def<{ data: T.RejectRemedy[] }>()({
    method: 'GET',
    path: 'reject-remedies',
    summary: 'Each rejection reason, in list order, with the text that tells a seller what to do about it',
  }),
  updateRejectRemedy: def<T.Msg>()({
    method: 'PUT',
    path: 'reject-remedies',
    body: s.rejectRemedyBody,
    summary: "Change one rejection reason's remedy: what a seller whose card is rejected for it is told to do",
  }),

  resubmitCard: def<T.Msg>()({
    method: 'POST',
    path: 'gift-card-resubmit/:id',
    body: s.resubmitBody,
    files: ['gallery'],
    summary: `A seller's rejected card again, with new photos, within ${LIMITS.appeals.rejectionWindowHours.value} hours (APPEAL_WINDOW_HOURS) of the rejection: Pending again`,
  }),
  appealCard: def<T.Msg>()({
    method: 'POST',
    path: 'gift-card-appeal/:id',
    body: s.appealBody,
    files: ['gallery'],
    summary:
      "A seller appeals their card's rejection (within APPEAL_WINDOW_HOURS) or contests its clawback (within CLAWBACK_APPEAL_WINDOW_HOURS), with a note and photos: once per decision",
  }),
  acceptAdjustment: def<T.Msg>()({
    method: 'POST',
    path: 'gift-card-adjustment-accept/:id',
    summary: `A seller accepts the value staff approved their card at (within ${LIMITS.adjustments.answerWindowHours.value} hours of the adjustment): the card can be paid`,
  }),
  withdrawAdjustment: def<T.Msg>()({
    method: 'POST',
    path: 'gift-card-adjustment-withdraw/:id',
    summary: `A seller withdraws their card instead of accepting its adjusted value (within ${LIMITS.adjustments.answerWindowHours.value} hours): rejected as withdrawn, nothing paid`,
  }),
  listAppeals: def<T.Page<T.Appeal>>()({
    method: 'GET',
    path: 'appeal',
    query: L.appealListQuery,
    summary: `Appeals, ${LIMITS.lists.appealsPerPage.value} a page, oldest first; state=open: the queue (its total is the count to show)`,
  }),
  getAppeal: def<T.Wrapped<T.Appeal>>()({
    method: 'GET',
    path: 'appeal/:id',
    summary: 'One appeal with its photos and the original decision (reason, note, date; never who made it)',
  }),
  decideAppeal: def<T.Msg>()({
    method: 'POST',
    path: 'appeal-decide/:id',
    body: s.appealDecideBody,
    summary:
      'Uphold or reverse an appeal, with a note for the seller; not by who made the decision. Reversed: a rejected card is Pending again, a clawback is reversed as gift-card-dispute-resolve does',
  }),
  sellerInbox: def<T.SellerInbox>()({
    method: 'GET',
    path: 'seller-inbox',
    query: s.pageQuery,
    summary: `The seller's inbox: decisions on their cards and payouts to them, newest first, ${LIMITS.lists.inboxPerPage.value} a page, with the unread count`,
  }),
  markInboxRead: def<T.Msg & { unread: number }>()({
    method: 'POST',
    path: 'seller-inbox/read',
    body: s.inboxReadBody,
    summary: "Mark the seller's inbox read up to an item (`through`, its id) or, without it, up to the newest item",
  }),

  listAuditLog: def<T.Page<T.AuditEntry>>()({
    method: 'GET',
    path: 'audit-log',
    query: L.auditLogQuery,
    summary: 'The append-only audit log: every staff action, newest first, by who, what, which record and when',
  }),
  exportAuditLog: def<string>()({
    method: 'GET',
    path: 'export/audit-log',
    query: L.auditLogQuery,
    csv: true,
    summary: "The audit log as CSV, with the list's filters (every matching entry, newest first)",
  }),
  qaPolicy: def<{ data: qa.QaPolicy[] }>()({
    method: 'GET',
    path: 'qa-policy',
    summary: 'QA sampling: the share (percent) of approvals and of rejections sampled for a second, blind look',
  }),
  updateQaPolicy: def<T.Msg>()({
    method: 'PUT',
    path: 'qa-policy',
    body: qa.qaPolicyBody,
    summary: 'Set the share (percent) of one kind of decision sampled for QA',
  }),
  listQaReviews: def<{ data: qa.QaReview[] }>()({
    method: 'GET',
    path: 'qa-review',
    query: qa.qaListQuery,
    summary: "QA samples, newest first: open (blind: the first decision hidden; the caller's own decisions left out), disagreed, or done",
  }),
  getQaReview: def<{ data: qa.QaReviewDetail }>()({
    method: 'GET',
    path: 'qa-review/:id',
    summary: 'One QA sample with what a blind second look needs of its card (not its status, not who decided it)',
  }),
  decideQaReview: def<{ msg: string; data: qa.QaReview }>()({
    method: 'POST',
    path: 'qa-review/:id',
    body: qa.qaDecideBody,
    summary: 'The second look: another staff member than the first decider decides blind; the answer reveals the first decision',
  }),
  resolveQaReview: def<T.Msg>()({
    method: 'POST',
    path: 'qa-review-resolve/:id',
    body: qa.qaResolveBody,
    summary: 'An admin says which decision of a disagreement was right, with a note',
  }),
  sellerTrust: def<{ data: trust.SellerTrust }>()({
    method: 'GET',
    path: 'seller-trust/:id',
    summary: "A seller's trust score (0-100), its band and the factors that made it (staff only; scored at once if never scored)",
  }),
  trustPolicy: def<{ data: trust.TrustPolicyBand[] }>()({
    method: 'GET',
    path: 'trust-policy',
    summary: 'The trust bands: the scores each holds and the payout hold (days) of a card approved in it',
  }),
  updateTrustPolicy: def<T.Msg>()({
    method: 'PUT',
    path: 'trust-policy',
    body: trust.trustPolicyBody,
    summary: "Set one trust band's lowest score and payout hold (admins; audited)",
  }),

  placeHold: def<{ msg: string; data: T.PayoutHold }>()({
    method: 'POST',
    path: 'payout-holds',
    body: s.holdBody,
    summary: "Hold a seller's payouts or one card's, with a reason, for some days or until released: held cards are not paid",
  }),
  releaseHold: def<{ msg: string; data: T.PayoutHold }>()({
    method: 'POST',
    path: 'payout-hold-release/:id',
    body: s.holdReleaseBody,
    summary: 'Release a payout hold (with FOUR_EYES, by a staff member other than the one who placed it)',
  }),
  listHolds: def<{ data: T.PayoutHold[] }>()({
    method: 'GET',
    path: 'payout-holds',
    query: s.sellerOrCardQuery,
    summary: 'The payout holds placed on a seller or on one card, newest first (at most 100), released ones too',
  }),
  listSellerLinks: def<{ data: T.SellerLink[] }>()({
    method: 'GET',
    path: 'seller-links',
    query: s.sellerOrCardQuery,
    summary:
      "Linked sellers: the other sellers sharing a card number, a photo or a payout code with a seller (or a card's seller), which cards or payouts, known-good or not; newest first, at most 100",
  }),
  markLinkKnownGood: def<{ msg: string; data: T.SellerLink }>()({
    method: 'POST',
    path: 'seller-link-known-good/:id',
    body: s.linkKnownGoodBody,
    summary: 'Mark a link between two sellers as known-good, with a note (audited)',
  }),
  reviewerFigures: def<T.ReviewerFiguresReport>()({
    method: 'GET',
    path: 'reviewer-figures',
    query: s.reviewerFiguresQuery,
    summary:
      'Per reviewer over a period (days in the report time zone): decisions, decisions an hour, median time to decide, SLA met share',
  }),
  exportReviewerFigures: def<string>()({
    method: 'GET',
    path: 'export/reviewer-figures',
    query: s.reviewerFiguresQuery,
    csv: true,
    summary: 'The reviewer figures of a period as CSV (one line per reviewer)',
  }),
} as const;

export type Endpoints = typeof endpoints;
export type OperationName = keyof Endpoints;
export const operationNames = Object.keys(endpoints) as OperationName[];
export const isOperationName = (v: unknown): v is OperationName => typeof v === 'string' && Object.hasOwn(endpoints, v);
/** The operations that answer a CSV download. */
export const isCsvOperation = (op: OperationName): boolean => 'csv' in endpoints[op] && endpoints[op].csv === true;

type Def<K extends OperationName> = Endpoints[K];
export type ResponseOf<K extends OperationName> = Def<K> extends { __response?: infer R } ? R : unknown;
type BodyOf<K extends OperationName> = Def<K> extends { body: infer B extends z.ZodType } ? z.input<B> : never;
type QueryOf<K extends OperationName> = Def<K> extends { query: infer Q extends z.ZodType } ? Partial<z.input<Q>> : never;

/** A file chosen by the user: in browser mode it carries the File; in the desktop app, main keeps the bytes under `id`. */
export interface PickedFile {
  id: string;
  name: string;
  size: number;
  type: string;
  previewUrl: string;
  file?: Blob;
}

/** The arguments of one operation, as the renderer passes them. */
export type ArgsOf<K extends OperationName> = (Def<K>['path'] extends `${string}:id${string}` ? { id: number } : { id?: never }) &
  ([BodyOf<K>] extends [never] ? { body?: never } : { body: BodyOf<K> }) &
  ([QueryOf<K>] extends [never] ? { query?: never } : { query?: QueryOf<K> }) &
  (Def<K> extends { files: readonly (infer F extends string)[] } ? { files?: Partial<Record<F, PickedFile[]>> } : { files?: never }) & {
    /** The version (ETag) of the record as the caller saw it: the write is refused with 412 if it changed since. */
    ifMatch?: string;
  };

export interface ApiResult<R = unknown> {
  status: number;
  data: R | T.ApiError;
  /** The record's version, from a read that answers one (ETag). */
  etag?: string;
}

/** Fills `:id` and the query string: `gift-card/:id` + {id: 5} -> `gift-card/5`. */
export function buildPath(op: OperationName, args: { id?: number; query?: Record<string, unknown> }): string {
  let path: string = endpoints[op].path;
  if (path.includes(':id')) path = path.replace(':id', String(args.id));
  const q = args.query ? Object.entries(args.query).filter(([, v]) => v !== undefined && v !== null) : [];
  if (q.length) path += `?${new URLSearchParams(q.map(([k, v]) => [k, String(v)] as [string, string])).toString()}`;
  return path;
}

/**
 * The argument envelope as Electron main checks it before forwarding: its structure only. Query values are checked by
 * the operation's own query schema (the server's), so main and the server cannot disagree on them.
 */
export const argsEnvelope = z
  .object({
    id: z.number().int().positive().max(2147483647).optional(),
    query: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    body: z.record(z.string(), z.unknown()).optional(),
    files: z
      .record(z.string(), z.array(z.object({ id: z.string().max(64) }).passthrough()).max(LIMITS.uploads.imagesPerRequest.value))
      .optional(),
    ifMatch: z
      .string()
      .regex(/^(W\/)?"[\w-]{1,64}"$/)
      .optional(),
  })
  .strict();

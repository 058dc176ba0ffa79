import { z } from 'zod';
import type { OperationName, ResponseOf } from './endpoints';
import { eventsPollResponse } from './events';
import { qaPolicyResponse, qaReviewDetailResponse, qaReviewResponse } from './qa';
import { sellerTrustResponse, trustBand, trustPolicyResponse } from './trust';
import { proofResponse } from './proof';
import { cardAdjustmentResponse } from './adjustment';
import { INBOX_KINDS } from './inbox';
import { LINK_SIGNALS, REJECT_REASONS, STATEMENT_EVENT_KINDS, TRANSACTION_KINDS, PAYMENT_KINDS } from './constants';

/**
 * Response schemas of the API: what a successful call answers, field by field. The server validates and
 * strips every answer with these (nothing leaves it that they do not name) and the OpenAPI document
 * describes each 200 with them. Money is a JSON number with at most 2 decimals; dates are strings.
 */
const money = z.number().describe('Money: a number with at most 2 decimals');
const id = z.number().int().positive();
const date = z.string();
const role = z.enum(['admin', 'manager', 'seller']);
const flag = z.union([z.literal(0), z.literal(1)]);

export const msgResponse = z.object({ msg: z.string() });
const createdResponse = msgResponse.extend({ id: z.number().int() });
export const errorResponse = z.object({
  message: z.string(),
  errorMsg: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

export const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({
    data: z.array(row),
    current_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    last_page: z.number().int(),
    total_capped: z.boolean().optional(),
    next_cursor: z.string().optional(),
    prev_cursor: z.string().optional(),
  });
export const wrapped = <T extends z.ZodType>(inner: T) => z.object({ data: inner });

/** One item of a seller's inbox (issue 53): no staff name, ever (`.strict()`: nothing else leaves the server). */
const inboxItemResponse = z
  .object({
    id: z.string().describe('The source and the row: "a12" (a decision), "t7" (a payout), "h3" (a hold)'),
    kind: z.enum(INBOX_KINDS),
    at: date,
    card_id: id.nullable(),
    transaction_id: id.nullable(),
    amount: money.nullable().describe('A payout or a clawback: its amount'),
    reason: z.string().nullable().describe("A rejection's reason (its label), a clawback's, an adjustment's or a hold's"),
    note: z.string().nullable().describe("A rejection's note"),
    until: date
      .nullable()
      .describe("A hold's end (when it was released, if earlier; null: until released) or an adjustment's answer deadline"),
    read: z.boolean(),
  })
  .strict();
const version = z.number().int().optional().describe("The record's version (its ETag): sent back as If-Match with a decision");
export const userResponse = z.object({ id, name: z.string(), email: z.string(), role, rate: money.nullable(), version });
export const loginResponse = z.object({
  token: z.string(),
  user: z.object({ id, name: z.string(), email: z.string(), role }),
  notice: z.string().optional(),
});

export const offerResponse = z.object({
  id,
  title: z.string(),
  is_active: flag,
  price_type: flag,
  min_price: money.nullable(),
  max_price: money.nullable(),
  fixed_price: z.string().nullable().describe('JSON text of the list of prices, e.g. "[25,50]"'),
  rate_type: flag,
  rate: money,
  review_minutes: z.number().int().describe('Minutes a card of this offer may wait for a decision (the review target)'),
  hold_days: z.number().int().describe('Days an approved card of this offer is held before it can be paid (0: none)'),
  code_pattern: z
    .string()
    .nullable()
    .describe('What its codes look like: 9 a digit, A a letter, X either, in groups (e.g. XXXX-XXXXXX-XXXX); null: any code'),
  code_check: z.enum(['luhn']).nullable().describe('luhn: the last digit of the code is a Luhn check digit'),
  version,
});

export const cardImageResponse = z.object({ id, image: z.string(), url: z.string() });
export const giftCardResponse = z.object({
  id,
  giftcard_offer_id: id,
  seller_id: id,
  card_number: z.string().nullable(),
  price: money,
  rate: money,
  payable: money,
  paid_amount: money,
  due: money,
  description: z.string().nullable(),
  card_status: z.number().int().describe('0 pending, 1 approved, 2 rejected, 3 disputed'),
  approval_date: date.nullable(),
  rejection_date: date.nullable(),
  created_at: date,
  title: z.string(),
  name: z.string(),
  email: z.string(),
  reject_reason: z.enum(REJECT_REASONS).nullable().describe('Why it was rejected; null: not rejected or no reason given'),
  reject_note: z.string().nullable(),
  duplicate_count: z.number().int().optional().describe('Staff lists only: other cards with this number (normalised)'),
  read_number: z.string().nullable().optional().describe("Staff's card answer only: the card number read off the photos (digits)"),
  read_status: z
    .enum(['pending', 'read', 'unreadable'])
    .optional()
    .describe("Staff's card answer only: pending (photos not read yet), read, unreadable (no card number found)"),
  read_image_id: z.number().int().nullable().optional().describe('The photo the number was read from'),
  read_confidence: z.number().nullable().optional().describe("The reader's confidence, 0-100"),
  read_box: z
    .object({ x: z.number().int(), y: z.number().int(), w: z.number().int(), h: z.number().int() })
    .nullable()
    .optional()
    .describe("Where on that photo the number was read, in the photo's own pixels (upright), for the review to outline"),
  review_due_at: date.nullable().optional().describe('Staff lists only: when the card is due for a decision'),
  approved_by: id
    .nullable()
    .optional()
    .describe("Staff's card answer and lists only: who approved the card (with FOUR_EYES on, they may not pay it)"),
  version,
});
/** The seller's own list: a row also says the card's latest adjusted approval (issue 53), so it shows without opening the card. */
const myGiftCardResponse = giftCardResponse.extend({
  adjustment: cardAdjustmentResponse
    .optional()
    .describe(
      "Issue 53: the card's latest adjusted approval (asked and approved values, the seller's answer and its deadline); absent when none",
    ),
});
/** Issue 53: a seller's recourse against a decision, and their resubmission or appeal (no staff member named). */
const appealDecision = z.enum(['rejection', 'clawback']);
const cardRecourseResponse = z
  .object({
    decision: appealDecision,
    decided_at: date,
    window_ends_at: date.describe('Until when the seller may resubmit (a rejection) or appeal'),
    can_resubmit: z.boolean(),
    can_appeal: z.boolean(),
  })
  .strict();
const cardAppealSummaryResponse = z
  .object({
    id,
    kind: z.enum(['resubmit', 'appeal']),
    decision: appealDecision,
    note: z.string().nullable(),
    created_at: date,
    outcome: z.enum(['upheld', 'reversed']).nullable(),
    outcome_note: z.string().nullable(),
    outcome_at: date.nullable(),
  })
  .strict();
const appealResponse = cardAppealSummaryResponse
  .extend({
    gift_card_id: id,
    seller: z.object({ id, name: z.string() }),
    card: z.object({
      offer: z.string().nullable(),
      price: money,
      card_status: z.number().int().describe('0 pending, 1 approved, 2 rejected, 3 disputed'),
    }),
    original: z
      .object({ reason: z.string().nullable(), reason_label: z.string().nullable(), note: z.string().nullable(), decided_at: date })
      .strict()
      .describe('The decision appealed: what and when, never who made it'),
    own_decision: z.boolean().describe('The caller made the original decision: they may not decide the appeal'),
    decide_by: date.describe('When staff should have decided it (its target): an open appeal past it is overdue'),
    images: z.array(z.object({ id, url: z.string() })).optional(),
  })
  .strict();

export const giftCardDetailResponse = z.object({
  data: giftCardResponse,
  images: z.array(cardImageResponse),
  remedy: z
    .string()
    .nullable()
    .optional()
    .describe("A rejected card with a reason: what its seller should do about it (the reason's remedy); null otherwise"),
  recourse: cardRecourseResponse
    .nullable()
    .optional()
    .describe('A rejected or clawed-back card: until when its seller may resubmit or appeal (absent when neither applies)'),
  appeal: cardAppealSummaryResponse.nullable().optional().describe("The card's latest resubmission or appeal and its outcome"),
  proof: proofResponse,
  adjustment: cardAdjustmentResponse
    .optional()
    .describe("Issue 53: the card's latest adjusted approval (the asked and approved values, why, the seller's answer); absent when none"),
});
/** What the photos say is for staff: a seller's card answer leaves it out. */
const sellerGiftCardDetailResponse = giftCardDetailResponse.extend({
  data: giftCardResponse.omit({
    approved_by: true,
    read_number: true,
    read_status: true,
    read_image_id: true,
    read_confidence: true,
    read_box: true,
  }),
});

export const commentResponse = z.object({
  id,
  gift_card_id: id,
  comment: z.string(),
  image: z.string().nullable(),
  image_url: z.string().nullable(),
  user_id: id.nullable().describe("Null on a staff member's comment as a seller sees it"),
  created_at: date,
  comment_user: z.object({ id: id.nullable(), name: z.string() }),
});

export const transactionResponse = z.object({
  id,
  code: z.string(),
  seller_id: id,
  transaction_amount: money,
  is_redeem: flag,
  gidcard_id: id.nullable(),
  kind: z.enum(TRANSACTION_KINDS).describe('payout; clawback: the negative entry of a disputed card; clawback_reversed'),
  payment_kind: z.enum(PAYMENT_KINDS).nullable().optional().describe('card_payment, payout or bulk_payment; null for clawbacks'),
  created_at: date,
  seller: z.object({ id, name: z.string() }),
  allocations: z.array(z.object({ gift_card_id: id, amount: money })).optional(),
  version,
});

/** Payout holds (docs/money.md): due = available_now + on_hold. */
const holdFigures = {
  available_now: money.describe('What of the due can be paid now: the due less what is on hold (may be negative after clawbacks)'),
  on_hold: money.describe("What of the due is on hold: the held cards' dues"),
  hold_release: date.nullable().describe('When the first held card is released; null: nothing held, or held until staff release it'),
};
export const sellerRowResponse = z.object({
  id,
  name: z.string(),
  email: z.string(),
  seller_due: money,
  ...holdFigures,
  trust_score: z.number().int().describe('Seller trust (0-100; 50 until scored): staff only, like the list'),
  trust_band: trustBand,
});
export const sellerDueResponse = z.object({ due: money, ...holdFigures });
const cardHoldResponse = z
  .object({
    until: date.nullable().describe('When the hold ends; null: until staff release it'),
    reason: z.string().nullable().describe("Why; null: the hold every card approved then gets (its offer's, or its seller's trust band's)"),
  })
  .nullable()
  .describe('The card is on hold: an approved card is paid only after its hold ends');
/** Linked sellers (issue 54), seen from one seller (`seller_id`): the other seller, the signal, what linked them. */
export const sellerLinkResponse = z.object({
  id,
  signal: z.enum(LINK_SIGNALS),
  seller_id: id.describe("The seller asked about (or the card's seller)"),
  other_seller_id: id,
  other_seller_name: z.string().nullable(),
  gift_card_id: id.nullable().describe("card_number, photo: this seller's card that linked them"),
  other_gift_card_id: id.nullable().describe("card_number, photo: the other seller's card"),
  transaction_id: id.nullable().describe("payout_code: this seller's payout with the code"),
  other_transaction_id: id.nullable().describe("payout_code: the other seller's (the same payout when one was moved)"),
  first_seen_at: date,
  known_good_at: date.nullable().describe('When staff marked the link known-good; null: not marked'),
  known_good_by: id.nullable(),
  known_good_by_name: z.string().nullable(),
  note: z.string().nullable(),
});
export const payoutHoldResponse = z.object({
  id,
  seller_id: id.nullable(),
  gift_card_id: id.nullable(),
  reason: z.string(),
  until: date.nullable(),
  placed_by: id,
  placed_by_name: z.string().nullable(),
  placed_at: date,
  released_by: id.nullable(),
  released_by_name: z.string().nullable(),
  released_at: date.nullable(),
  release_note: z.string().nullable(),
  active: z.boolean(),
});

export const sellerStatementResponse = z.object({
  seller: z.object({ id, name: z.string(), email: z.string() }),
  start_date: date,
  end_date: date,
  opening_due: money,
  closing_due: money.describe('Equals seller-due as of the end date'),
  today: sellerDueResponse.describe("Payout holds: the seller's due today, what of it is available now and what is on hold"),
  events: z.array(
    z.object({
      at: date,
      kind: z.enum(STATEMENT_EVENT_KINDS),
      amount: money,
      due: money,
      gift_card_id: id.nullable(),
      transaction_id: id.nullable(),
      code: z.string().nullable(),
      cards: z.number().int(),
    }),
  ),
});

export const chartDataResponse = z.object({
  lableArray: z.array(z.string()),
  approvalArray: z.array(z.number()),
  rejectionArray: z.array(z.number()),
});
export const dashboardChartResponse = z.object({
  approved: z.array(z.object({ approval_date: date, total: z.number() })),
  rejected: z.array(z.object({ rejection_date: date, total: z.number() })),
});

export const dashboardFiguresResponse = z.object({
  scope: z.enum(['all', 'own']),
  pending: z.number().int(),
  oldest_pending_at: date.nullable(),
  overdue: z.number().int().describe('Pending cards past their review target'),
  due: money,
  paid_this_month: money,
  clawed_back_this_month: money,
  approved_this_month: z.number().int(),
  rejected_this_month: z.number().int(),
  jobs_backlog: z
    .number()
    .int()
    .optional()
    .describe('Staff only: card photos waiting to be read or hashed (background jobs waiting or running)'),
  appeals_open: z.number().int().optional().describe("Staff only: sellers' appeals waiting for a decision"),
  appeals_overdue: z.number().int().optional().describe('Staff only: open appeals past their target (LIMITS.appeals.decideHours)'),
  ...holdFigures,
});

const cardStatus = z.number().int().describe('0 pending, 1 approved, 2 rejected, 3 disputed');
const rejectReason = z.enum(REJECT_REASONS);
export const bulkReviewResponse = z.object({
  msg: z.string(),
  passed: z.number().int(),
  refused: z.number().int(),
  results: z.array(z.object({ id, ok: z.boolean(), msg: z.string() })),
});
export const duplicatesResponse = z.object({
  key: z.string().nullable(),
  numbers: z.array(
    z.object({
      id,
      card_number: z.string().nullable(),
      card_status: cardStatus,
      seller_id: id,
      name: z.string(),
      created_at: date,
      blocks: z.boolean(),
      by: z.enum(['number', 'photo']).optional().describe('number: its stored number matches; photo: what its photos say matches'),
      image_url: z
        .string()
        .nullable()
        .optional()
        .describe('Signed URL of its photo to compare (the one its number was read from, else its first); null: no photo'),
    }),
  ),
  images: z.array(
    z.object({
      image_id: id,
      card_id: id,
      matched_image_id: id,
      card_status: cardStatus,
      name: z.string(),
      created_at: date,
      kind: z.enum(['same', 'similar', 'edited']).describe('same file; same picture; same picture turned, mirrored or framed'),
      distance: z.number().int(),
      numbers_differ: z.boolean().optional().describe('Both photos were read and show different card numbers'),
      image_url: z.string().optional().describe("Signed URL of this card's matching photo"),
      matched_image_url: z.string().optional().describe("Signed URL of the other card's matching photo"),
    }),
  ),
  read_number: z.string().nullable().optional().describe("The card number read off this card's photos (digits)"),
  read_status: z.enum(['pending', 'read', 'unreadable']).optional(),
  differs_from_photo: z.boolean().optional().describe('The number looked up is not the one the photos show'),
});
export const reviewLeaseResponse = z.object({
  card: z
    .object({ id, review_due_at: date.nullable(), lease_until: date })
    .nullable()
    .describe('The card leased to the caller, or null when no pending card is free'),
});
export const claimResponse = z.object({
  claim: z.object({ user_id: id, name: z.string(), since: date }).nullable().describe("Another staff member's claim, or null"),
});
const text = z.string().nullable();
export const historyEntryResponse = z.object({
  id: z.string(),
  at: date,
  kind: z.enum(['submitted', 'edited', 'status', 'comment', 'comment_deleted', 'image_removed', 'payment', 'qa', 'appeal', 'other']),
  actor: z.object({ id, name: z.string() }).nullable(),
  changes: z.array(z.object({ field: z.string(), before: text, after: text })).optional(),
  images_added: z.number().int().optional(),
  status: z.object({ from: cardStatus.nullable(), to: cardStatus }).optional(),
  reason: rejectReason.nullable().optional(),
  note: text.optional(),
  override_reason: text.optional(),
  comment: text.optional(),
  payment: z.object({ transaction_id: id, code: z.string(), amount: money }).optional(),
  appeal: z
    .object({ decision: z.enum(['rejection', 'clawback']), outcome: z.enum(['upheld', 'reversed']).nullable() })
    .optional()
    .describe("Issue 53: an appeal made (outcome null) or decided; note: the seller's, or the answer"),
});
export const cardMoneyResponse = z.object({
  hold: cardHoldResponse,
  price: money,
  rate: money,
  payable: money,
  paid_amount: money,
  due: money,
  card_status: cardStatus,
  payments: z.array(
    z.object({
      transaction_id: id,
      code: z.string(),
      amount: money,
      transaction_amount: money,
      is_redeem: flag,
      created_at: date,
      by: z.string().nullable(),
    }),
  ),
  clawbacks: z.array(
    z.object({
      transaction_id: id,
      kind: z.enum(['clawback', 'clawback_reversed']),
      code: z.string(),
      amount: money,
      created_at: date,
      by: z.string().nullable(),
    }),
  ),
});
export const rejectReasonsResponse = z.object({
  reasons: z.array(z.object({ reason: z.union([rejectReason, z.literal('none')]), label: z.string(), total: z.number().int() })),
});
export const pendingPaymentResponse = z.object({
  id,
  kind: z.enum(['pay_card', 'payout', 'bulk_payment', 'payout_edit']),
  status: z.enum(['pending', 'approved', 'declined', 'expired']),
  maker: z.object({ id, name: z.string() }),
  seller: z.object({ id, name: z.string() }),
  gift_card_id: id.nullable(),
  transaction_id: id.nullable(),
  code: z.string(),
  amount: money,
  created_at: date,
  expires_at: date,
  before: z
    .object({ code: z.string(), amount: money, seller: z.object({ id, name: z.string() }) })
    .nullable()
    .optional()
    .describe('A change request (payout_edit): the payout as it was, beside the new values'),
  earlier: z
    .array(z.object({ id, code: z.string(), amount: money, created_at: date }))
    .optional()
    .describe("The maker's payments to this seller without a second person within the window, when it was requested"),
});
/** A CSV download (text/csv): a header line, then one line per row. */
export const auditEntryResponse = z.object({
  id,
  at: date.describe('When, ISO 8601'),
  actor: z.object({ id, name: z.string() }).nullable().describe('Who (null: the system)'),
  action: z.string(),
  entity: z.string().describe('What kind of record: gift_card, transaction, user, offer, comment, image, session'),
  entity_id: z.number().int().nullable(),
  details: z.record(z.string(), z.unknown()).describe('The entry as recorded (JSON)'),
});

export const csvResponse = z.string().describe('text/csv: a header line, then one line per row');

/** The answer of every operation of the contract (`satisfies` keeps each schema's own type). */
export const responseSchemas = {
  login: loginResponse,
  logout: msgResponse,
  sellerDue: sellerDueResponse,
  allOffers: z.array(offerResponse),
  listOffers: pageOf(offerResponse),
  getOffer: wrapped(offerResponse),
  createOffer: msgResponse,
  updateOffer: msgResponse,
  deleteOffer: msgResponse,
  createCard: createdResponse,
  listCards: pageOf(giftCardResponse),
  myCards: wrapped(pageOf(myGiftCardResponse)),
  cardStatusCounts: wrapped(
    z.object({
      pending: z.number().int(),
      approved: z.number().int(),
      rejected: z.number().int(),
      disputed: z.number().int(),
      oldest_pending_at: z.string().nullable(),
    }),
  ),
  getCard: giftCardDetailResponse,
  updateCard: msgResponse,
  deleteCard: msgResponse,
  deleteCardImage: msgResponse,
  searchCardNumber: wrapped(giftCardResponse),
  listComments: wrapped(pageOf(commentResponse)),
  addComment: msgResponse,
  deleteComment: msgResponse,
  createTransaction: msgResponse,
  getTransaction: wrapped(transactionResponse),
  updateTransaction: msgResponse,
  listTransactions: pageOf(transactionResponse),
  myTransactions: wrapped(pageOf(transactionResponse)),
  bulkPayment: msgResponse,
  disputeCard: msgResponse,
  resolveDispute: msgResponse,
  sellerStatement: sellerStatementResponse,
  exportStatement: csvResponse,
  exportCards: csvResponse,
  exportMyCards: csvResponse,
  exportTransactions: csvResponse,
  exportMyTransactions: csvResponse,
  exportSellers: csvResponse,
  exportUsers: csvResponse,
  exportOffers: csvResponse,
  sellerList: pageOf(sellerRowResponse),
  listUsers: pageOf(userResponse),
  getUser: z.object({ user: userResponse }),
  createUser: msgResponse,
  updateUser: msgResponse,
  deleteUser: msgResponse,
  chartData: chartDataResponse,
  chartDataYearly: chartDataResponse,
  dashboardChart: dashboardChartResponse,
  dashboardFigures: dashboardFiguresResponse,
  events: eventsPollResponse,
  reviewCard: msgResponse,
  reviewCards: bulkReviewResponse,
  cardDuplicates: duplicatesResponse,
  claimCard: claimResponse,
  startReview: reviewLeaseResponse,
  releaseClaim: msgResponse,
  cardHistory: wrapped(pageOf(historyEntryResponse)),
  cardMoney: wrapped(cardMoneyResponse),
  rejectReasons: rejectReasonsResponse,
  listPendingPayments: z.object({ data: z.array(pendingPaymentResponse) }),
  approvePendingPayment: msgResponse,
  declinePendingPayment: msgResponse,
  settings: z.object({
    four_eyes: z.boolean().describe("FOUR_EYES: a card's approver may not pay it; large payments wait for a second staff member"),
    four_eyes_limit: money.optional().describe('With FOUR_EYES: what one staff member may move to one seller alone over the window'),
  }),
  listRejectRemedies: z.object({
    data: z.array(z.object({ reason: rejectReason, label: z.string(), remedy: z.string(), updated_at: date })),
  }),
  updateRejectRemedy: msgResponse,
  resubmitCard: msgResponse,
  appealCard: msgResponse,
  acceptAdjustment: msgResponse,
  withdrawAdjustment: msgResponse,
  listAppeals: pageOf(appealResponse),
  getAppeal: wrapped(appealResponse),
  decideAppeal: msgResponse,
  sellerInbox: z.object({ data: pageOf(inboxItemResponse), unread: z.number().int().describe('Items newer than the last-read position') }),
  markInboxRead: msgResponse.extend({ unread: z.number().int() }),
  listAuditLog: pageOf(auditEntryResponse),
  exportAuditLog: csvResponse,
  qaPolicy: qaPolicyResponse,
  updateQaPolicy: msgResponse,
  listQaReviews: z.object({ data: z.array(qaReviewResponse) }),
  getQaReview: z.object({ data: qaReviewDetailResponse }),
  decideQaReview: msgResponse.extend({ data: qaReviewResponse }),
  resolveQaReview: msgResponse,
  sellerTrust: sellerTrustResponse,
  trustPolicy: trustPolicyResponse,
  updateTrustPolicy: msgResponse,
  placeHold: z.object({ msg: z.string(), data: payoutHoldResponse }),
  releaseHold: z.object({ msg: z.string(), data: payoutHoldResponse }),
  listHolds: z.object({ data: z.array(payoutHoldResponse) }),
  listSellerLinks: z.object({ data: z.array(sellerLinkResponse) }),
  markLinkKnownGood: z.object({ msg: z.string(), data: sellerLinkResponse }),
  reviewerFigures: z.object({
    from: date,
    to: date,
    time_zone: z.string().describe('The report time zone the days are read in'),
    reviewers: z.array(
      z.object({
        user_id: id,
        name: z.string(),
        approvals: z.number().int(),
        rejections: z.number().int(),
        decisions: z.number().int(),
        hours_deciding: z.number().int().describe('Clock hours (report time zone) with at least one decision'),
        decisions_per_hour: z.number().describe('decisions / hours_deciding, 1 decimal'),
        median_seconds: z.number().nullable().describe('Median seconds from opening the card to the decision; null when none was timed'),
        timed_decisions: z.number().int().describe('Decisions with an opening time (the decider held the claim)'),
        sla_decisions: z.number().int().describe('Decisions of pending cards (the SLA applies)'),
        sla_met: z.number().int().describe("Of those, made by the card's review_due_at"),
        sla_met_share: z.number().nullable().describe('sla_met / sla_decisions, 4 decimals; null when no decision counts'),
        qa_checked: z.number().int().describe('Their decisions sampled for QA and looked at again'),
        qa_agreed: z.number().int().describe('Of those, the ones the second look agreed with'),
        qa_agreement: z.number().nullable().describe('qa_agreed / qa_checked, 4 decimals; null when none was checked'),
        appeals_decided: z.number().int().describe('Their rejections appealed and decided'),
        appeals_reversed: z.number().int().describe('Of those, the ones reversed'),
      }),
    ),
  }),
  exportReviewerFigures: csvResponse,
} satisfies Record<OperationName, z.ZodType>;

/**
 * What a seller's answer may hold where staff see more (the access policy's staffOnlyFields): no staff names, no
 * staff-only notes, no duplicate overrides. The server validates and strips a seller's answer with these.
 */
export const sellerResponseSchemas = {
  getCard: sellerGiftCardDetailResponse,
  cardHistory: wrapped(pageOf(historyEntryResponse.omit({ override_reason: true }).strict())),
  cardMoney: wrapped(
    cardMoneyResponse.extend({
      payments: z.array(cardMoneyResponse.shape.payments.element.extend({ by: z.null().describe('Staff names are not shown to sellers') })),
      clawbacks: z.array(
        cardMoneyResponse.shape.clawbacks.element.extend({ by: z.null().describe('Staff names are not shown to sellers') }),
      ),
    }),
  ),
} satisfies Partial<Record<OperationName, z.ZodType>>;

/** Every declared response type fits its schema (checked by the compiler; nothing reads it at run time). */
type Fits<K extends OperationName> = ResponseOf<K> extends z.input<(typeof responseSchemas)[K]> ? true : false;
/** @public */
export const responseTypesFit: { [K in OperationName]: Fits<K> } = Object.fromEntries(
  Object.keys(responseSchemas).map((k) => [k, true]),
) as { [K in OperationName]: true };

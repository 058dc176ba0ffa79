import type { DecisionProof } from './proof';
import type { CardStatus, LinkSignal, RejectReason, Role, STATEMENT_EVENT_KINDS, TransactionKind, PaymentKind } from './constants';
import type { CardAdjustment } from './adjustment';
import type { InboxKind } from './inbox';
import type { TrustBand } from './trust';

/** Response shapes of the API (money as JSON numbers with at most 2 decimals). */
export interface User {
  id: number;
  name: string;
  email: string;
  role: Role;
  rate: number | null;
  /** The record's version (its ETag), sent back with a decision (If-Match). */
  version?: number;
}
export interface LoginResponse {
  token: string;
  user: { id: number; name: string; email: string; role: Role };
}
export interface Page<T> {
  data: T[];
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
  /** Only on a filtered list whose matches were counted up to TOTAL_CAP (a search: SEARCH_TOTAL_CAP) and there are more: show "10,000+" ("1,000+"). */
  total_capped?: boolean;
  /** Only when the call gave `cursor`: the cursors of the next and previous pages, where there are such pages. */
  next_cursor?: string;
  prev_cursor?: string;
}
/** One audit log entry (admins): who did what to which record, when (ISO), with the entry's details as recorded. */
export interface AuditEntry {
  id: number;
  at: string;
  actor: { id: number; name: string } | null;
  action: string;
  entity: string;
  entity_id: number | null;
  details: Record<string, unknown>;
}
export interface CardStatusCounts {
  pending: number;
  approved: number;
  rejected: number;
  disputed: number;
  /** When the oldest pending card was submitted (ISO), null when none is pending. */
  oldest_pending_at: string | null;
}
export interface Wrapped<T> {
  data: T;
}

export interface Offer {
  id: number;
  title: string;
  is_active: 0 | 1;
  price_type: 0 | 1;
  min_price: number | null;
  max_price: number | null;
  /** JSON text of the list of prices, as the spec sends it ("[25,50]"). */
  fixed_price: string | null;
  rate_type: 0 | 1;
  rate: number;
  /** Issue 32: minutes a card of this offer may wait for a decision (default 60). */
  review_minutes: number;
  /** Days an approved card of this offer is held before it can be paid (issue 54, payout holds); 0: none. */
  hold_days: number;
  /** Issue 52: what its codes look like (shared/code-pattern.ts), e.g. `XXXX-XXXXXX-XXXX`; null: any code. */
  code_pattern: string | null;
  /** Issue 52: 'luhn' when the code's last digit is a Luhn check digit. */
  code_check: 'luhn' | null;
  /** The record's version (its ETag), sent back with a decision (If-Match). */
  version?: number;
}

export interface CardImage {
  id: number;
  image: string;
  url: string;
}
export interface GiftCard {
  id: number;
  giftcard_offer_id: number;
  seller_id: number;
  card_number: string | null;
  price: number;
  rate: number;
  payable: number;
  paid_amount: number;
  due: number;
  description: string | null;
  card_status: CardStatus;
  approval_date: string | null;
  rejection_date: string | null;
  created_at: string;
  title: string;
  name: string;
  email: string;
  /** Why it was rejected (null: not rejected, or rejected without a reason). */
  reject_reason: RejectReason | null;
  reject_note: string | null;
  /** Staff lists only: how many other cards have this number (compared normalised). */
  duplicate_count?: number;
  /** Staff's card answer only: what the photos say (see CardRead). */
  read_number?: string | null;
  read_status?: CardReadStatus;
  read_image_id?: number | null;
  read_confidence?: number | null;
  read_box?: ReadBox | null;
  /** Staff lists only: when the card is due for a decision (submission plus the offer's review target). */
  review_due_at?: string | null;
  /** Staff's card answer and lists only: who approved the card (with FOUR_EYES they may not pay it). */
  approved_by?: number | null;
  /** The record's version (its ETag), sent back with a decision (If-Match). */
  version?: number;
  /** The seller's own list only (issue 53): the card's latest adjusted approval; absent when none. */
  adjustment?: CardAdjustment;
}
/** pending: the photos are not read yet (new or changed); read: a card number was found; unreadable: none was. */
export type CardReadStatus = 'pending' | 'read' | 'unreadable';
/** The card number read off a card's photos (OCR): digits only, the photo it came from, the reader's confidence (0-100). */
export interface CardRead {
  read_number: string | null;
  read_status: CardReadStatus;
  read_image_id: number | null;
  read_confidence: number | null;
  /** Issue 52: where on photo read_image_id the number was read. */
  read_box: ReadBox | null;
}
/** A box on a photo, in the photo's own pixels (upright, as shown). */
export interface ReadBox {
  x: number;
  y: number;
  w: number;
  h: number;
}
export interface GiftCardDetail {
  data: GiftCard;
  images: CardImage[];
  /** A rejected card with a reason: what its seller should do about it (the reason's remedy, editable by admins). */
  remedy?: string | null;
  /** Issue 53: what the card's seller may still do about its latest rejection or clawback (only while there is one). */
  recourse?: CardRecourse | null;
  /** Issue 53: the card's latest resubmission or appeal, with its outcome once decided (only when there is one). */
  appeal?: CardAppealSummary | null;
  /** Issue 53: the proof attached to the card's current decision (a rejection or a clawback); absent when none. */
  proof?: DecisionProof | null;
  /** Issue 53: the card's latest adjusted approval; absent when none. */
  adjustment?: CardAdjustment;
}

export interface Comment {
  id: number;
  gift_card_id: number;
  comment: string;
  image: string | null;
  image_url: string | null;
  /** Null on a staff member's comment as a seller sees it (sellers get no staff ids). */
  user_id: number | null;
  created_at: string;
  comment_user: { id: number | null; name: string };
}

export interface Transaction {
  id: number;
  code: string;
  seller_id: number;
  transaction_amount: number;
  is_redeem: 0 | 1;
  gidcard_id: number | null;
  /** payout; clawback (negative, written when its card is disputed); clawback_reversed (when the dispute is resolved). */
  kind: TransactionKind;
  /** For a payout: card payment, seller payout or bulk payment (null for clawbacks). */
  payment_kind?: PaymentKind | null;
  created_at: string;
  seller: { id: number; name: string };
  allocations?: { gift_card_id: number; amount: number }[];
  /** The record's version (its ETag), sent back with a decision (If-Match). */
  version?: number;
}

/**
 * Payout holds (docs/money.md): of a due, what can be paid now and what is on hold; hold_release is when the first
 * held card is released (null: nothing held, or every hold lasts until staff release it). due = available_now + on_hold.
 */
export interface HoldFigures {
  available_now: number;
  on_hold: number;
  hold_release: string | null;
}

/** A card's hold: when it ends (null: until staff release it) and why (null: the hold of its approval: its offer's or its seller's trust band's). */
export interface CardHoldInfo {
  until: string | null;
  reason: string | null;
}

/** Linked sellers (issue 54): a link seen from one seller (`seller_id`): the other seller, the signal, what linked them. */
export interface SellerLink {
  id: number;
  signal: LinkSignal;
  seller_id: number;
  other_seller_id: number;
  other_seller_name: string | null;
  /** card_number, photo: this seller's card and the other seller's that linked them (null once deleted). */
  gift_card_id: number | null;
  other_gift_card_id: number | null;
  /** payout_code: this seller's payout and the other's (the same payout when one was moved between them). */
  transaction_id: number | null;
  other_transaction_id: number | null;
  first_seen_at: string;
  /** Marked known-good by staff (when, who, why); null: not marked. */
  known_good_at: string | null;
  known_good_by: number | null;
  known_good_by_name: string | null;
  note: string | null;
}

/** A payout hold staff placed on a seller or on one card. */
export interface PayoutHold {
  id: number;
  seller_id: number | null;
  gift_card_id: number | null;
  reason: string;
  /** When it ends; null: until released. */
  until: string | null;
  placed_by: number;
  placed_by_name: string | null;
  placed_at: string;
  released_by: number | null;
  released_by_name: string | null;
  released_at: string | null;
  release_note: string | null;
  /** Not released and not ended. */
  active: boolean;
}

export interface SellerRow extends HoldFigures {
  id: number;
  name: string;
  email: string;
  seller_due: number;
  /** Seller trust (issue 54): the score and its band. */
  trust_score: number;
  trust_band: TrustBand;
}
/** What moved a seller's due (see ledger_entries in migration 0010). */
export type StatementEventKind = (typeof STATEMENT_EVENT_KINDS)[number];
export interface StatementEvent {
  at: string;
  kind: StatementEventKind;
  /** The change of the due (negative: the due went down). */
  amount: number;
  /** The due after this event. */
  due: number;
  gift_card_id: number | null;
  transaction_id: number | null;
  /** The payout's code for payment events. */
  code: string | null;
  /** How many cards a payment event covers. */
  cards: number;
}
export interface SellerStatement {
  seller: { id: number; name: string; email: string };
  start_date: string;
  end_date: string;
  opening_due: number;
  closing_due: number;
  events: StatementEvent[];
  /** Payout holds: the seller's due today, what of it is available now and what is on hold (whatever the dates). */
  today: SellerDue;
}

export interface SellerDue extends HoldFigures {
  due: number;
}

export interface ChartData {
  lableArray: string[];
  approvalArray: number[];
  rejectionArray: number[];
}
export interface DashboardChart {
  approved: { approval_date: string; total: number }[];
  rejected: { rejection_date: string; total: number }[];
}

/** What the screens need of the server's configuration (staff). */
export interface Settings {
  /** FOUR_EYES: a card's approver may not pay it, and large payments wait for a second staff member. */
  four_eyes: boolean;
  /** With FOUR_EYES: what one staff member may move to one seller alone over the window, in money. */
  four_eyes_limit?: number;
}

/** The dashboard's strip of figures: the whole marketplace for staff, a seller's own for a seller. */
export interface DashboardFigures extends HoldFigures {
  scope: 'all' | 'own';
  pending: number;
  oldest_pending_at: string | null;
  /** Pending cards past their review target (issue 32). */
  overdue: number;
  due: number;
  /** Payouts only (card, seller and bulk payments and their edits); clawbacks never change it. */
  paid_this_month: number;
  /** Clawbacks this month less their reversals this month (positive: money owed back). */
  clawed_back_this_month: number;
  approved_this_month: number;
  rejected_this_month: number;
  /** Staff only: background jobs waiting or running (photos to read). */
  jobs_backlog?: number;
  /** Staff only: sellers' appeals waiting for a decision, and those past their target (issue 53). */
  appeals_open?: number;
  appeals_overdue?: number;
}

export interface Msg {
  msg: string;
}
/** A created record's message and id (the add form goes to the new card's page). */
export interface Created extends Msg {
  id: number;
}
export interface ApiError {
  message: string;
  errorMsg?: string;
  errors?: Record<string, string[]>;
}

/** The one-click review of several cards: what passed, what was refused and why. */
export interface BulkReviewResult {
  msg: string;
  passed: number;
  refused: number;
  results: { id: number; ok: boolean; msg: string }[];
}

/** Another card with the same number (compared normalised). */
export interface DuplicateCard {
  id: number;
  card_number: string | null;
  card_status: CardStatus;
  seller_id: number;
  name: string;
  created_at: string;
  /** Pending or approved: approving this card needs the override. */
  blocks: boolean;
  /** number: its stored number matches; photo: what its photos say matches (no number typed there, or another). */
  by?: 'number' | 'photo';
  /** Signed URL of its photo to compare (the one its number was read from, else its first); null: no photo. */
  image_url?: string | null;
}
/** A photo of this card that matches a photo of another card. */
export interface ImageMatch {
  image_id: number;
  card_id: number;
  matched_image_id: number;
  card_status: CardStatus;
  name: string;
  created_at: string;
  /**
   * same: identical bytes; similar: the same picture (perceptual hash within the threshold: re-encoded, resized);
   * edited: the same picture turned by 90/180/270 degrees, mirrored or framed.
   */
  kind: 'same' | 'similar' | 'edited';
  distance: number;
  /** Both photos were read and show different card numbers: the same card design, not the same card. */
  numbers_differ?: boolean;
  /** Signed URLs of this card's photo and the other card's photo that match. */
  image_url?: string;
  matched_image_url?: string;
}
export interface CardDuplicates {
  /** The normalised number looked up (null: none). */
  key: string | null;
  numbers: DuplicateCard[];
  images: ImageMatch[];
  /** What this card's photos say (see CardRead). */
  read_number?: string | null;
  read_status?: CardReadStatus;
  /** The number looked up and the one read off the photos are different numbers. */
  differs_from_photo?: boolean;
}

export interface ReviewClaim {
  user_id: number;
  name: string;
  since: string;
}

/** The card the review queue handed out (leased to the caller), or none when no pending card is free. */
export interface ReviewLease {
  card: { id: number; review_due_at: string | null; lease_until: string } | null;
}

export type HistoryKind =
  'submitted' | 'edited' | 'status' | 'comment' | 'comment_deleted' | 'image_removed' | 'payment' | 'qa' | 'appeal' | 'other';
export interface HistoryEntry {
  id: string;
  at: string;
  kind: HistoryKind;
  actor: { id: number; name: string } | null;
  changes?: { field: string; before: string | null; after: string | null }[];
  images_added?: number;
  status?: { from: CardStatus | null; to: CardStatus };
  reason?: RejectReason | null;
  note?: string | null;
  /** Staff only: an approval over a duplicate, with why. */
  override_reason?: string | null;
  comment?: string | null;
  payment?: { transaction_id: number; code: string; amount: number };
  /** Issue 53: an appeal made (outcome null) or decided; `note` is the seller's, or staff's answer. */
  appeal?: { decision: AppealDecision; outcome: AppealOutcome | null };
}

export interface CardMoney {
  /** Payout holds: the card's hold now (an approved card is paid only after it ends); null when not held. */
  hold: CardHoldInfo | null;
  price: number;
  rate: number;
  payable: number;
  paid_amount: number;
  /** The card's due (shared/money cardDueCents): negative on a disputed card, what the seller owes back. */
  due: number;
  card_status: CardStatus;
  payments: {
    transaction_id: number;
    code: string;
    amount: number;
    transaction_amount: number;
    is_redeem: 0 | 1;
    created_at: string;
    by: string | null;
  }[];
  /** The card's clawback (negative) and its reversal (positive), oldest first; never part of "paid". */
  clawbacks: {
    transaction_id: number;
    kind: 'clawback' | 'clawback_reversed';
    code: string;
    amount: number;
    created_at: string;
    by: string | null;
  }[];
}

/** A rejection reason with what a seller should do about it (admins edit the text). */
export interface RejectRemedy {
  reason: RejectReason;
  label: string;
  remedy: string;
  updated_at: string;
}

export interface RejectReasonCount {
  reason: RejectReason | 'none';
  label: string;
  total: number;
}

/** A payment waiting for a second staff member (FOUR_EYES): `expired` after 24 hours. */
export interface PendingPayment {
  id: number;
  kind: 'pay_card' | 'payout' | 'bulk_payment' | 'payout_edit';
  status: 'pending' | 'approved' | 'declined' | 'expired';
  maker: { id: number; name: string };
  seller: { id: number; name: string };
  gift_card_id: number | null;
  transaction_id: number | null;
  code: string;
  amount: number;
  created_at: string;
  expires_at: string;
  /** A change request (payout_edit): the payout as it was. */
  before?: { code: string; amount: number; seller: { id: number; name: string } } | null;
  /** The maker's payments to this seller without a second person within the window, when it was requested. */
  earlier?: { id: number; code: string; amount: number; created_at: string }[];
}

/** Issue 53: the decision a seller may contest, and what they send. */
export type AppealDecision = 'rejection' | 'clawback';
export type AppealKind = 'resubmit' | 'appeal';
export type AppealOutcome = 'upheld' | 'reversed';

/** A rejected or clawed-back card's window: until when its seller may resubmit (a rejection) or appeal it. */
export interface CardRecourse {
  decision: AppealDecision;
  decided_at: string;
  window_ends_at: string;
  can_resubmit: boolean;
  can_appeal: boolean;
}

/** A resubmission or an appeal as its seller sees it: never who decided anything. */
export interface CardAppealSummary {
  id: number;
  kind: AppealKind;
  decision: AppealDecision;
  note: string | null;
  created_at: string;
  outcome: AppealOutcome | null;
  outcome_note: string | null;
  outcome_at: string | null;
}

/** Staff's appeal: the card, the seller's note and photos, and the original decision without who made it. */
export interface Appeal extends CardAppealSummary {
  gift_card_id: number;
  seller: { id: number; name: string };
  card: { offer: string | null; price: number; card_status: CardStatus };
  original: { reason: string | null; reason_label: string | null; note: string | null; decided_at: string };
  /** The caller made the original decision: they may read the appeal but not decide it. */
  own_decision: boolean;
  /** When staff should have decided it (appealed + LIMITS.appeals.decideHours): an open appeal past it is overdue. */
  decide_by: string;
  images?: { id: number; url: string }[];
}

/** One reviewer's figures over a period (issue 54; docs/review.md "Reviewer figures" defines each). */
export interface ReviewerFigures {
  user_id: number;
  name: string;
  approvals: number;
  rejections: number;
  decisions: number;
  /** Clock hours (report time zone) in which they made at least one decision. */
  hours_deciding: number;
  /** decisions / hours_deciding, 1 decimal. */
  decisions_per_hour: number;
  /** Median seconds from opening the card (its claim) to the decision; null when no decision was timed. */
  median_seconds: number | null;
  timed_decisions: number;
  /** Decisions of pending cards (the SLA clock applies to them). */
  sla_decisions: number;
  /** Of those, the ones made by the card's review_due_at. */
  sla_met: number;
  /** sla_met / sla_decisions (0 to 1, 4 decimals); null when none. */
  sla_met_share: number | null;
  /** Their decisions sampled for QA and looked at again, and those the second look agreed with. */
  qa_checked: number;
  qa_agreed: number;
  /** qa_agreed / qa_checked (0 to 1, 4 decimals); null when none was checked. */
  qa_agreement: number | null;
  /** Their rejections appealed and decided, and those reversed. */
  appeals_decided: number;
  appeals_reversed: number;
}

export interface ReviewerFiguresReport {
  from: string;
  to: string;
  time_zone: string;
  reviewers: ReviewerFigures[];
}

/**
 * One item of a seller's inbox (issue 53): a decision on one of their cards, a payout to them or a hold on their payouts. No staff name ever;
 * `reason` is the text to show (a rejection reason's label), `note` what the seller may read of the decision.
 */
export interface InboxItem {
  id: string;
  kind: InboxKind;
  at: string;
  card_id: number | null;
  transaction_id: number | null;
  amount: number | null;
  reason: string | null;
  note: string | null;
  /** A hold's end (null: until released), an adjustment's answer window's end; null for other kinds. */
  until: string | null;
  read: boolean;
}
/** The inbox's page, with how many items are unread (newer than the seller's last-read position). */
export interface SellerInbox {
  data: Page<InboxItem>;
  unread: number;
}

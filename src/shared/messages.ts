import { LIMITS } from './limits';

/** Every user-facing text of the spec, word for word. */
export const MSG = {
  loginSuccess: 'Login Success',
  loginFailed: 'Email or password is incorrect',
  serverError: 'server error',
  serverErrorCapital: 'Server error',
  emailTaken: 'The email has already been taken',
  userUpdated: 'User update success',
  codeUsed: 'The code already used.',
  codeBlank: 'The code must have a visible letter or digit.',
  codeReserved: 'Codes starting with CLAWBACK- or REVERSAL- are kept for dispute entries.',
  cardNumberBlank: 'The card number must have a visible letter or digit.',
  conflict: 'This conflicts with a record that already exists.',
  tryAgain: 'Try again',
  deleteFailed: 'Error! Server error try again.',
  deleteSuccess: 'Deleted! Delete Success.',
  deleteConfirm: "Are you sure? You won't be able to revert this!",
  paymentSucceeded: 'Payment succeeded',
  redeemUpdated: 'REDEEM Status Updated.',
  cardNotApproved: 'Card not approved',
  cardPaid: 'Card paid',
  amountTooBig: (due: string | number) => `Amount cannot be bigger ${due}`,
  priceNotInRange: 'Price not in range',
  priceNotInList: 'Price is not one of the offer prices',
  bulkTooLarge: 'Paid amount could not be large than due.',
  bulkZero: 'Paid amount can not be Zero',
  bulkNoCode: 'Payment code is empty',
  enterPrice: 'Enter price',
  noPage: 'No page found',
  noComment: 'No Comment yet',
  // Server-side texts the spec leaves open.
  unauthenticated: 'Unauthenticated.',
  forbidden: 'This action is unauthorized.',
  notFound: 'Not found.',
  invalid: 'The given data was invalid.',
  offerInactive: 'This offer is in maintenance and takes no new cards',
  offerHasCards: 'This offer has gift cards and cannot be deleted; put it in maintenance instead',
  cardNotFound: 'No gift card found with this number',
  cardLocked: 'Only pending cards can be changed',
  cardHasPayments: 'This card has payments: it cannot leave approved status, change price or offer, or be deleted',
  imageRequired: 'At least one image is required',
  notAnImage: 'Only JPEG, PNG or WebP images are accepted',
  imageTooLarge: 'The image is too large',
  tooManyUploads: 'Too many uploads at once. Please wait for the others to finish and try again.',
  uploadTooSlow: 'The upload arrived too slowly. Please send it again on a faster connection.',
  uploadNotSaved: 'The photos took too long to process, so the card was not saved. Please send it again.',
  tooManyAttempts: 'Too many login attempts. Please try again later.',
  unavailable: 'The service is temporarily unavailable. Please try again.',
  cannotDeleteSelf: 'You cannot delete your own account',
  onlyAdminStaff: 'Only an admin creates, edits or deletes staff accounts.',
  onlyAdminRole: "Only an admin changes a user's role.",
  onlyAdminPassword: "Only an admin sets another user's password.",
  ownRole: 'You cannot change your own role.',
  sellerWithHistory: 'This seller has gift cards or payouts, so the account cannot become staff. Create a separate staff account instead.',
  sellerNoDue: 'Seller has no due',
  payoutRedeemed: 'This payout is redeemed, so it is settled and cannot be changed. Reverse the redeem first.',
  payoutNotRedeemed: 'This payout is not redeemed.',
  ambiguousName: 'More than one account has this name: sign in with your email address instead.',
  sellerDeleted: "This card's seller account is deleted: it cannot be paid.",
  approverCannotPay: 'You approved this gift card: another staff member must pay it.',
  /** FOUR_EYES: a payout (or a payout's raise) would be allocated to a card the payer approved. */
  approverCannotPayCard: (card: number) =>
    `This payout would pay gift card #${card}, which you approved: another staff member must pay it.`,
  inboxRead: 'Inbox marked as read',
  inboxItemUnknown: 'is not an item of your inbox',
  approvalWithdrawn: 'Approval withdrawn: the price, offer or card number changed, so the card is reviewed again.',
  cardDisputed: 'This card is disputed: resolve the dispute first.',
  /** What a seller is told of their disputed card: only staff resolve a dispute. */
  cardDisputedForSeller: 'This card is disputed: it cannot be changed while the marketplace looks into it.',
  disputeNeedsPaidCard: 'Only an approved card with payments can be disputed.',
  cardNotDisputed: 'This card is not disputed.',
  cardDisputedOk: 'Card marked as disputed: its payments are clawed back from the seller.',
  disputeResolvedOk: 'Dispute resolved: the card is approved again and the clawback reversed.',
  clawbackNotEditable: 'A clawback entry cannot be edited or redeemed: resolve the dispute on its card instead.',
  payoutHasDisputedCard: 'This payout paid a disputed card: resolve the dispute before changing the payout.',
  sellerOwes: (due: string) =>
    `Payments are paused: after clawbacks of disputed cards this seller's due is ${due}. Payments resume once their due is above zero.`,
  paymentAwaitsApproval:
    'This payment needs a second staff member: it is waiting in Pending approvals for another staff member to approve it.',
  makerCannotApprove: 'You asked for this payment: another staff member must approve it.',
  /** FOUR_EYES: the card's approver, the payment's maker and its checker are three people. */
  approverCannotCheck: (card: number) => `You approved gift card #${card}: another staff member must approve its payment.`,
  /** A seller's edit of a pending card while a reviewer holds it (no staff name: the seller sees it). */
  cardBeingReviewed: 'A reviewer is looking at this card right now, so your changes were not saved. Try again in a few minutes.',
  /** Deciding a card another reviewer holds (their review lease). */
  reviewHeldBy: (name: string) => `${name} is reviewing this card. Take it over to decide it yourself.`,
  requestNotPending: 'This request was already approved or declined.',
  requestExpired: `This request expired (requests wait ${LIMITS.money.pendingPaymentHours.value} hours): make the payment again.`,
  paymentApproved: 'Payment approved and made.',
  paymentDeclined: 'Payment request declined.',
  payoutNeedsSecondStaff:
    'A payout of this size needs a second staff member: your request is recorded, and another staff member confirms it by sending the same payment (seller, amount and code).',
  rejectReasonRequired: 'Choose why the card is rejected',
  cardAlreadyApproved: 'This card is already approved',
  cardAlreadyRejected: 'This card is already rejected',
  cardApproved: 'Gift card approved',
  cardRejected: 'Gift card rejected',
  claimReleased: 'Card released',
  // Issue 53: a seller's recourse (resubmit, appeal, contest a clawback) and staff's answer.
  nothingToAppeal: 'Only a rejected card or a clawback can be resubmitted or appealed.',
  resubmitNeedsRejection: 'Only a rejected card can be resubmitted.',
  appealWindowClosed: (ended: string) => `The time to resubmit or appeal this decision ended on ${ended}.`,
  appealAlreadyMade: 'This decision was already resubmitted or appealed: one recourse per decision.',
  appealNoteRequired: 'Say why the decision should change.',
  cardResubmitted: 'Gift card resubmitted: it is pending review again.',
  appealFiled: 'Appeal sent: a staff member other than the one who decided will answer it.',
  appealOwnDecision: 'You made the decision this appeal contests: another staff member must decide it.',
  appealAlreadyDecided: 'This appeal was already decided.',
  appealDecidedUpheld: 'Appeal decided: the decision stands.',
  appealDecidedReversed: 'Appeal decided: the decision is reversed.',
  appealDecisionChanged: 'The card changed since this appeal was made, so it can no longer be reversed. Uphold it with a note.',
  historyResubmitted: 'Resubmitted after the rejection, with new photos',
  historyAppealReversed: 'Back to Pending: the rejection was reversed on appeal',
  /** Payout holds (docs/money.md): `until` is a hold's end as the server writes dates in messages, null: until released. */
  cardHeld: (until: string | null) =>
    until === null
      ? 'This gift card is on hold until staff release it: it cannot be paid before.'
      : `This gift card is on hold until ${until}: it can be paid after that.`,
  sellerHeld: (available: string, until: string | null) =>
    `Only ${available} of this seller's due is available now: the rest is on hold ${until === null ? 'until staff release it' : `until ${until}`}.`,
  holdPlaced: 'Hold placed',
  /** Linked sellers (issue 54). */
  linkKnownGood: 'Link marked as known-good',
  linkAlreadyKnownGood: 'This link is already marked as known-good.',
  // Issue 53, adjusted approval.
  cardApprovedAdjusted: 'Gift card approved at an adjusted value: the seller is asked to accept it',
  adjustedPriceNotLower: 'must be below the price the seller asked',
  adjustedPriceBelowRate: 'must be more than the rate of the offer',
  adjustmentAccepted: 'Adjusted value accepted: the card can be paid',
  adjustmentWithdrawn: 'Gift card withdrawn: it is rejected and nothing is paid',
  noAdjustmentToAnswer: 'This gift card has no adjusted value waiting for your answer.',
  adjustmentWindowClosed: (end: string) => `The time to answer this adjusted value ended on ${end}: it counts as accepted.`,
  adjustmentHoldRelease: 'This hold waits for the seller to accept the adjusted value (or for their answer window to end).',
  withdrawnNote: 'Withdrawn by the seller after an adjusted approval.',
  historyAdjusted: (approved: string, asked: string, reason: string) => `Approved at ${approved} (the seller asked ${asked}): ${reason}.`,
  historyAdjustmentAccepted: 'The seller accepted the adjusted value.',
  holdReleased: 'Hold released',
  holdAlreadyReleased: 'This hold was already released.',
  holdEnded: 'This hold has already ended.',
  holdSamePerson: 'With four-eyes on, a hold is released by a staff member other than the one who placed it.',
  /** Approving a number another pending or approved card has; `cards` like '#12 (Pending, Seller B)'. */
  duplicateNumber: (cards: string) =>
    `This card number is also on ${cards}. To approve it anyway, tick "Approve over the duplicate" and give a reason.`,
  // Issue 53: the evidence attached to a decision, as its seller reads it (only their own data).
  proofReadDiffers: (read: string, typed: string) => `The number read from your photo, ${read}, is not the number entered, ${typed}.`,
  proofNumberSeenBefore: 'This card number was already submitted on another card.',
  proofPhotoSeenBefore: (photo: number) => `Your photo ${photo} matches a photo already submitted on another card.`,
} as const;

/** The records whose writes honour If-Match (issue 29). */
export type VersionedRecord = 'card' | 'payout' | 'offer' | 'user';
const RECORD_NAME: Record<VersionedRecord, string> = { card: 'gift card', payout: 'payout', offer: 'offer', user: 'user' };
/** A 412's text: the record changed since the caller opened it. */
export const staleRecordMessage = (record: VersionedRecord) =>
  `This ${RECORD_NAME[record]} changed since you opened it. Reload to see the changes.`;

import { REJECT_REASONS, REJECT_REASON_LABEL, type RejectReason } from '../../../shared/constants';

export const reasonOptions = REJECT_REASONS.map((r) => ({ value: r, label: REJECT_REASON_LABEL[r] }));
/** The reject dialog's reasons, numbered as its keys 1-6 pick them ("3. Duplicate"). */
export const numberedReasonOptions = REJECT_REASONS.map((r, i) => ({ value: r, label: `${i + 1}. ${REJECT_REASON_LABEL[r]}` }));

/** A rejection's reason as shown ("Duplicate"), or a fallback when it was rejected without one. */
export const reasonLabel = (reason: RejectReason | null | undefined, fallback = 'No reason given'): string =>
  reason ? (REJECT_REASON_LABEL[reason] ?? reason) : fallback;

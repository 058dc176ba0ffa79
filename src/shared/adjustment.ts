import { z } from 'zod';
import { LIMITS } from './limits';

/**
 * Adjusted approval (issue 53): staff approve a card at a value lower than the seller's price (a partial balance),
 * with a reason from this list and a note. The approved value becomes the card's price (its payable and due follow);
 * the seller's asked price stays with the adjustment. Until the seller accepts it or the answer window ends, the card
 * is on a payout hold; the seller may instead withdraw the card (rejected, nothing paid). Keys as stored
 * (migration 0036 checks the same list).
 */
export const ADJUST_REASONS = ['partial_balance', 'wrong_region', 'different_brand', 'other'] as const;
export type AdjustReason = (typeof ADJUST_REASONS)[number];
export const ADJUST_REASON_LABEL: Record<AdjustReason, string> = {
  partial_balance: 'Partial balance',
  wrong_region: 'Wrong country or region',
  different_brand: 'Different brand or denomination',
  other: 'Other',
};
export const adjustReason = z.enum(ADJUST_REASONS, { error: `must be one of ${ADJUST_REASONS.join(', ')}` });

/** How long the seller has to answer (hours): past it without an answer, the adjusted value counts as accepted. */
export const ADJUSTMENT_WINDOW_HOURS = LIMITS.adjustments.answerWindowHours.value;

/**
 * pending: waiting for the seller; accepted: by them, or by the window ending without an answer (`answered_at` null);
 * withdrawn: the seller withdrew the card (rejected, nothing paid); superseded: a later decision on the card replaced it.
 */
export const ADJUSTMENT_STATES = ['pending', 'accepted', 'withdrawn', 'superseded'] as const;
export type AdjustmentState = (typeof ADJUSTMENT_STATES)[number];

/** What a card's answer carries about its latest adjustment (no staff member named). */
export interface CardAdjustment {
  asked_price: number;
  approved_price: number;
  reason: AdjustReason;
  reason_label: string;
  note: string | null;
  state: AdjustmentState;
  created_at: string;
  window_ends_at: string;
  answered_at: string | null;
  /** The seller may still accept or withdraw it now. */
  can_answer: boolean;
}

const date = z.string().describe('ISO 8601 date-time (UTC)');
export const cardAdjustmentResponse = z
  .object({
    asked_price: z.number().describe("The seller's price"),
    approved_price: z.number().describe('The value staff approved the card at: its price, payable and due follow it'),
    reason: z.enum(ADJUST_REASONS),
    reason_label: z.string(),
    note: z.string().nullable(),
    state: z
      .enum(ADJUSTMENT_STATES)
      .describe('pending (the card is on hold), accepted (by the seller or the window ending), withdrawn, superseded'),
    created_at: date,
    window_ends_at: date.describe('Until when the seller may accept or withdraw; past it, the value counts as accepted'),
    answered_at: date.nullable().describe('When the seller answered; null: no answer (yet)'),
    can_answer: z.boolean(),
  })
  .strict();

/** Staff's "Approve at another value" form: the value, a reason from the list, an optional note (the server checks the value). */
export const adjustForm = z.object({
  adjusted_price: z.string().trim().min(1, 'Enter the value to approve the card at'),
  adjust_reason: z.string().min(1, 'Choose a reason'),
  adjust_note: z.string(),
});
export type AdjustFormValues = z.input<typeof adjustForm>;

import { z } from 'zod';
import { LIMITS } from './limits';

/** Payout holds' form schemas (issue 54), beside forms.ts: what staff typed, checked with the texts the screens show. */

/** The offer form's Payout hold (days): 0 (none) to LIMITS.offers.holdMaxDays. */
export const holdDaysText = z
  .string()
  .trim()
  .default('0')
  .refine(
    (v) => /^\d{1,3}$/.test(v) && Number(v) <= LIMITS.offers.holdMaxDays.value,
    `Payout hold must be a whole number of days from 0 to ${LIMITS.offers.holdMaxDays.value}`,
  );

/** Staff place a payout hold (issue 54): why (shown to the seller) and for how many days (empty: until released). */
export const holdForm = z.object({
  reason: z
    .string()
    .trim()
    .min(1, 'Reason is required')
    .max(LIMITS.text.holdReasonChars.value, `Reason may not be greater than ${LIMITS.text.holdReasonChars.value} characters`),
  days: z
    .string()
    .trim()
    .refine(
      (v) => v === '' || (/^\d{1,3}$/.test(v) && Number(v) >= 1 && Number(v) <= LIMITS.offers.holdMaxDays.value),
      `Days must be a whole number from 1 to ${LIMITS.offers.holdMaxDays.value}, or empty: until released`,
    ),
});
export type HoldFormValues = z.input<typeof holdForm>;

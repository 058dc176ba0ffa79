import { z } from 'zod';
import { holdDays } from './schemas';

/**
 * Seller trust (issue 54, docs/trust.md): a score per seller (0-100) from their history, its band under the trust
 * policy (admins edit it), and the factors that made it. Staff only: sellers never see any of it.
 */
export const TRUST_BANDS = ['low', 'normal', 'high'] as const;
export type TrustBand = (typeof TRUST_BANDS)[number];
export const TRUST_BAND_LABEL: Record<TrustBand, string> = { low: 'Low', normal: 'Normal', high: 'High' };

/** One contribution to a score: what it counts, how many, and the points it adds (negative: takes away). */
export interface TrustFactor {
  key: string;
  label: string;
  count: number;
  points: number;
}

export interface SellerTrust {
  seller_id: number;
  score: number;
  band: TrustBand;
  /** The payout hold (days) of a card approved now, from the band (an offer's may be longer). */
  hold_days: number;
  factors: TrustFactor[];
  computed_at: string;
}

/** A band of the policy: the scores from min_score to max_score, and the payout hold of a card approved in it. */
export interface TrustPolicyBand {
  band: TrustBand;
  min_score: number;
  max_score: number;
  hold_days: number;
}

const SCORE_MESSAGE = 'must be a whole number from 0 to 100';
const score = z.union([z.number(), z.string()], { error: SCORE_MESSAGE }).transform((v, ctx) => {
  const n = typeof v === 'number' ? v : /^\d{1,3}$/.test(v.trim()) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < 0 || n > 100) {
    ctx.addIssue({ code: 'custom', message: SCORE_MESSAGE });
    return z.NEVER;
  }
  return n;
});
export const trustBand = z.enum(TRUST_BANDS, { error: `must be one of ${TRUST_BANDS.join(', ')}` });

/** `PUT trust-policy`: one band's lowest score and hold (the low band starts at 0). */
export const trustPolicyBody = z.object({ band: trustBand, min_score: score, hold_days: holdDays(0) });

const factor = z.object({ key: z.string(), label: z.string(), count: z.number().int(), points: z.number().int() });
export const sellerTrustResponse = z.object({
  data: z.object({
    seller_id: z.number().int(),
    score: z.number().int(),
    band: trustBand,
    hold_days: z.number().int(),
    factors: z.array(factor),
    computed_at: z.string(),
  }),
});
export const trustPolicyResponse = z.object({
  data: z.array(z.object({ band: trustBand, min_score: z.number().int(), max_score: z.number().int(), hold_days: z.number().int() })),
});

export const TRUST_MSG = {
  policySaved: 'Trust policy saved.',
  lowStartsAtZero: 'The low band starts at 0.',
  bandsInOrder: 'Each band must start above the one below it (low, normal, high), and the high band at 100 at most.',
} as const;

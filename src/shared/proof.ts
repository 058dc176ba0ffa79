import { z } from 'zod';
import { LIMITS } from './limits';

/**
 * Proof with a decision (issue 53): boxes a reviewer marks on the card's photos and the evidence the system found,
 * attached to a rejection or a clawback; the seller sees them with the decision. A box is in fractions of its photo
 * (0..1 from the top left, as shown upright), so it fits the photo at any size it is shown.
 */
export const PROOF_REGIONS = LIMITS.review.proofRegions.value;
/** The smallest box side, as a fraction of the photo: a box too small to see shows nothing. */
export const PROOF_MIN_SIDE = 0.01;

/**
 * What the system found that a reviewer may attach: the number read from the photo differs from the typed one; this
 * number was on a card submitted before; one of this card's photos matches a photo submitted before. The seller is told
 * only that, and their own data (never the other card, its seller or its photo).
 */
export const PROOF_EVIDENCE = ['read_differs', 'number_seen_before', 'photo_seen_before'] as const;
export type ProofEvidenceKind = (typeof PROOF_EVIDENCE)[number];

const round = (n: number) => Math.round(n * 10_000) / 10_000;
const fraction = z
  .number({ error: 'must be a fraction of the photo from 0 to 1' })
  .min(0, 'may not be below 0')
  .max(1, 'may not be above 1');
const side = fraction.min(PROOF_MIN_SIDE, `may not be below ${PROOF_MIN_SIDE}`);
const imageId = z
  .number({ error: 'must be the id of one of the card photos' })
  .int('must be a whole number')
  .min(1, 'must be a positive whole number')
  .max(2147483647, 'must be a positive whole number');

/** One box on one of the card's photos, kept within it; stored to 4 decimals. */
export const proofRegion = z
  .strictObject({ image_id: imageId, x: fraction, y: fraction, w: side, h: side }, { error: 'must be a box: image_id, x, y, w and h' })
  .superRefine((b, ctx) => {
    if (b.x + b.w > 1 + 1e-9) ctx.addIssue({ code: 'custom', path: ['w'], message: 'may not reach past the right edge of the photo' });
    if (b.y + b.h > 1 + 1e-9) ctx.addIssue({ code: 'custom', path: ['h'], message: 'may not reach past the bottom edge of the photo' });
  })
  .transform((b) => {
    const x = round(b.x);
    const y = round(b.y);
    return { image_id: b.image_id, x, y, w: Math.min(round(b.w), round(1 - x)), h: Math.min(round(b.h), round(1 - y)) };
  });
export type ProofRegion = z.output<typeof proofRegion>;

/** What a decision may carry as proof; left out, the decision is as it always was. */
export const proofBody = z
  .strictObject(
    {
      regions: z
        .array(proofRegion, { error: 'must be a list of boxes' })
        .max(PROOF_REGIONS, `may not hold more than ${PROOF_REGIONS} boxes`)
        .optional(),
      evidence: z
        .array(z.enum(PROOF_EVIDENCE, { error: `must each be one of ${PROOF_EVIDENCE.join(', ')}` }), { error: 'must be a list' })
        .max(PROOF_EVIDENCE.length, `may not hold more than ${PROOF_EVIDENCE.length} items`)
        .refine((e) => new Set(e).size === e.length, 'may not name the same evidence twice')
        .optional(),
    },
    { error: 'must be an object with regions and evidence' },
  )
  .optional();
export type ProofInput = z.output<typeof proofBody>;

/** One piece of evidence as the seller reads it: the kind, and only this card's own data. */
export type ProofEvidence =
  | { kind: 'read_differs'; read_number: string; typed_number: string }
  | { kind: 'number_seen_before' }
  | { kind: 'photo_seen_before'; image_id: number };

/** The proof attached to a card's current decision (none: null). */
export interface DecisionProof {
  decision: 'reject' | 'clawback';
  regions: ProofRegion[];
  evidence: ProofEvidence[];
  created_at: string;
}

export const proofResponse = z
  .object({
    decision: z.enum(['reject', 'clawback']),
    regions: z.array(z.object({ image_id: z.number().int(), x: z.number(), y: z.number(), w: z.number(), h: z.number() }).strict()),
    evidence: z.array(
      z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('read_differs'), read_number: z.string(), typed_number: z.string() }).strict(),
        z.object({ kind: z.literal('number_seen_before') }).strict(),
        z.object({ kind: z.literal('photo_seen_before'), image_id: z.number().int() }).strict(),
      ]),
    ),
    created_at: z.string(),
  })
  .strict()
  .nullable()
  .optional()
  .describe(
    "The proof of the card's current decision (a rejection or a clawback): boxes on its photos in fractions of the photo, and the evidence the system found, with only this card's own data; null when none",
  );

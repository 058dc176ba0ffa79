import { z } from 'zod';
import { REJECT_REASONS, REJECT_REASON_LABEL, type RejectReason } from './constants';
import { LIMITS } from './limits';
import { optionalText, text } from './schemas';

/**
 * QA sampling (issue 54): a share of approvals and of rejections is sampled when made, for a second, blind look by
 * another staff member; a disagreement goes to an admin. The contract's pieces of it: bodies, queries, answers.
 */
export const QA_DECISIONS = ['approve', 'reject'] as const;
export type QaDecision = (typeof QA_DECISIONS)[number];
export const QA_TABS = ['open', 'disagreed', 'done'] as const;
export type QaTab = (typeof QA_TABS)[number];
export type QaStatus = 'open' | 'agreed' | 'disagreed' | 'resolved';

const NOTE_CHARS = LIMITS.text.noteChars.value;
const decision = z.enum(QA_DECISIONS, { error: 'must be approve or reject' });
const note = optionalText(NOTE_CHARS);

export const qaListQuery = z.object({ status: z.enum(QA_TABS, { error: `must be one of ${QA_TABS.join(', ')}` }).default('open') });

export const qaDecideBody = z
  .object({ decision, reason: z.enum(REJECT_REASONS, { error: `must be one of ${REJECT_REASONS.join(', ')}` }).optional(), note })
  .superRefine((b, ctx) => {
    if (b.decision === 'reject' && !b.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'is required to reject' });
  });

export const qaResolveBody = z.object({
  resolution: z.enum(['first', 'qa'], { error: 'must be first or qa' }),
  note: text(NOTE_CHARS),
});

/** The second look's form: a decision first; the server checks the reason (required to reject) and the note. */
export const qaLookForm = z.object({ decision: z.string().min(1, 'Choose approve or reject'), reason: z.string(), note: z.string() });
export type QaLookFormValues = z.input<typeof qaLookForm>;
/** An admin's resolution of a disagreement: which decision was right, and why. */
export const qaResolveForm = z.object({
  resolution: z.string().min(1, 'Choose which decision was right'),
  note: z.string().trim().min(1, 'Say why'),
});
export type QaResolveFormValues = z.input<typeof qaResolveForm>;

const PERCENT_MESSAGE = 'must be a whole number from 0 to 100';
export const qaPolicyBody = z.object({
  decision,
  // Form bodies send text, JSON a number: both are read.
  percent: z.union([z.number(), z.string()], { error: PERCENT_MESSAGE }).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : /^\d{1,3}$/.test(v.trim()) ? Number(v) : NaN;
    if (!Number.isInteger(n) || n < 0 || n > 100) {
      ctx.addIssue({ code: 'custom', message: PERCENT_MESSAGE });
      return z.NEVER;
    }
    return n;
  }),
});

export interface QaPolicy {
  decision: QaDecision;
  percent: number;
}

interface Person {
  id: number;
  name: string;
}

export interface QaReview {
  id: number;
  gift_card_id: number;
  status: QaStatus;
  sampled_at: string;
  /** The decision sampled: null while the sample is open, so that the second look is blind. */
  first: { decision: QaDecision; reason: RejectReason | null; by: Person; at: string } | null;
  qa: { decision: QaDecision; reason: RejectReason | null; note: string | null; by: Person; at: string } | null;
  resolution: { result: 'first' | 'qa'; note: string; by: Person; at: string } | null;
}

/** One sample with what a blind second look needs of its card (never its status or who decided it). */
export interface QaReviewDetail extends QaReview {
  card: { offer: string; price: number; card_number: string | null; description: string | null; images: { id: number; url: string }[] };
}

const person = z.object({ id: z.number().int(), name: z.string() });
const reason = z.enum(REJECT_REASONS).nullable();
const qaReviewShape = {
  id: z.number().int(),
  gift_card_id: z.number().int(),
  status: z.enum(['open', 'agreed', 'disagreed', 'resolved']),
  sampled_at: z.string(),
  first: z.object({ decision, reason, by: person, at: z.string() }).nullable().describe('Hidden (null) while the sample is open'),
  qa: z.object({ decision, reason, note: z.string().nullable(), by: person, at: z.string() }).nullable(),
  resolution: z.object({ result: z.enum(['first', 'qa']), note: z.string(), by: person, at: z.string() }).nullable(),
};
export const qaReviewResponse = z.object(qaReviewShape);
export const qaReviewDetailResponse = z.object({
  ...qaReviewShape,
  card: z.object({
    offer: z.string(),
    price: z.number(),
    card_number: z.string().nullable(),
    description: z.string().nullable(),
    images: z.array(z.object({ id: z.number().int(), url: z.string() })),
  }),
});
export const qaPolicyResponse = z.object({ data: z.array(z.object({ decision, percent: z.number().int() })) });

export const QA_MSG = {
  ownDecision: 'You made this decision: another staff member gives it its second look.',
  notOpen: 'This sample already had its second look.',
  notDisagreed: 'Only a disagreement is resolved, once.',
  agreed: 'Second look recorded: you agree with the first decision.',
  disagreed: 'Second look recorded: you disagree with the first decision, so an admin will resolve it.',
  resolved: 'Disagreement resolved.',
  policySaved: 'QA sampling saved.',
} as const;

const DECISION_NOUN: Record<QaDecision, string> = { approve: 'approval', reject: 'rejection' };

/** A QA entry of a card's history (staff only), from its audit details. */
export function qaHistoryNote(action: string, d: Record<string, unknown>): string {
  const first = DECISION_NOUN[d.first as QaDecision] ?? 'decision';
  if (action === 'qa_agreed') return `QA second look agreed with the ${first}`;
  if (action === 'qa_disagreed') {
    const label = REJECT_REASON_LABEL[d.reason as RejectReason];
    return `QA second look disagreed with the ${first}: it would ${String(d.decision)}${label ? ` (${label})` : ''}`;
  }
  return `QA disagreement resolved: ${d.resolution === 'qa' ? 'the second look' : `the ${first}`} was right (${String(d.note ?? '')})`;
}

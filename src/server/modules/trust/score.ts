import { REJECT_REASON_LABEL, REJECT_REASONS, type RejectReason } from '../../../shared/constants';
import type { TrustFactor } from '../../../shared/trust';

/** What a seller's score is made of, as the repository reads it (trust/repository.ts `historyOf`). */
export interface TrustHistory {
  accountDays: number;
  approvals: number;
  rejections: Partial<Record<RejectReason, number>>;
  /** Clawbacks not reversed. */
  clawbacks: number;
  duplicates: number;
  appealsUpheld: number;
}

/**
 * The formula, its one home (docs/trust.md): start at 50; add 1 per 30 days of the account (at most 10) and 1 per 5
 * cards approved (at most 30); take away each rejection by its reason's weight, 8 per clawback, 5 per card that repeats
 * an earlier card's number or photo, and 3 per appeal upheld against the seller; the sum is kept within 0..100.
 */
export const TRUST_START = 50;
export const TRUST_WEIGHTS = {
  accountDaysPerPoint: 30,
  accountMax: 10,
  approvalsPerPoint: 5,
  approvalsMax: 30,
  clawback: -8,
  duplicate: -5,
  appealUpheld: -3,
  rejection: {
    unreadable_image: -1,
    used_or_zero_balance: -4,
    duplicate: -5,
    wrong_card: -2,
    suspected_fraud: -10,
    other: -2,
  } satisfies Record<RejectReason, number>,
} as const;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The score of a history and the factors that made it, each with a plain label (those that count nothing are left out). */
export function trustScore(h: TrustHistory): { score: number; factors: TrustFactor[] } {
  const w = TRUST_WEIGHTS;
  const factors: TrustFactor[] = [{ key: 'start', label: 'Starting score', count: 1, points: TRUST_START }];
  const add = (key: string, label: string, count: number, points: number) => {
    if (count > 0) factors.push({ key, label, count, points });
  };
  const age = Math.max(0, Math.floor(h.accountDays));
  add('account_age', `Account age: ${plural(age, 'day')}`, age, Math.min(w.accountMax, Math.floor(age / w.accountDaysPerPoint)));
  add('approvals', `Cards approved: ${h.approvals}`, h.approvals, Math.min(w.approvalsMax, Math.floor(h.approvals / w.approvalsPerPoint)));
  for (const reason of REJECT_REASONS) {
    const n = h.rejections[reason] ?? 0;
    add(`rejected_${reason}`, `Rejected (${REJECT_REASON_LABEL[reason]}): ${n}`, n, n * w.rejection[reason]);
  }
  add('clawbacks', `Clawbacks: ${h.clawbacks}`, h.clawbacks, h.clawbacks * w.clawback);
  add('duplicates', `Cards repeating an earlier card's number or photo: ${h.duplicates}`, h.duplicates, h.duplicates * w.duplicate);
  add('appeals_upheld', `Appeals upheld against the seller: ${h.appealsUpheld}`, h.appealsUpheld, h.appealsUpheld * w.appealUpheld);
  const sum = factors.reduce((s, f) => s + f.points, 0);
  return { score: Math.max(0, Math.min(100, sum)), factors };
}

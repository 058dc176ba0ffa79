import { z } from 'zod';
import { LIMITS } from './limits';
import type { LinkSignal } from './constants';

/** Linked sellers (issue 54): how the screens name a signal, and the known-good form, beside forms.ts. */
export const SIGNAL_LABEL: Record<LinkSignal, string> = {
  card_number: 'Same card number',
  photo: 'Same photo',
  payout_code: 'Same payout code',
};

/** Staff mark a link known-good, saying why (optional). */
export const knownGoodForm = z.object({
  note: z
    .string()
    .trim()
    .max(LIMITS.text.linkNoteChars.value, `Note may not be greater than ${LIMITS.text.linkNoteChars.value} characters`),
});
export type KnownGoodFormValues = z.input<typeof knownGoodForm>;

/** The staff notification of a new link (a `seller.linked` event's data): "Sellers #12 and #34 are linked: same photo." */
export function sellerLinkedText(data: Record<string, unknown>): string {
  const signal = SIGNAL_LABEL[data.signal as LinkSignal] ?? 'A shared signal';
  const a = typeof data.seller_a === 'number' ? data.seller_a : '?';
  const b = typeof data.seller_b === 'number' ? data.seller_b : '?';
  return `Sellers #${a} and #${b} are linked: ${signal.toLowerCase()}.`;
}

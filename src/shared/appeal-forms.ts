import { z } from 'zod';
import type { PickedFile } from './endpoints';
import { LIMITS } from './limits';
import { MSG } from './messages';

/** Issue 53's forms: a seller resubmits a rejected card or appeals a decision; staff answer an appeal. */
const MAX = LIMITS.text.appealNoteChars.value;
const tooLong = (label: string) => `${label} may not be greater than ${MAX} characters`;
const optionalNote = (label: string) => z.string().trim().max(MAX, tooLong(label));
const requiredNote = (label: string) => z.string().trim().min(1, `${label} is required`).max(MAX, tooLong(label));
const photos = z.array(z.custom<PickedFile>());

/** New photos (at least one) and an optional word to the reviewer. */
export const resubmitForm = z.object({ note: optionalNote('Note'), images: photos }).superRefine((v, ctx) => {
  if (v.images.length === 0) ctx.addIssue({ code: 'custom', path: ['images'], message: MSG.imageRequired });
});
export type ResubmitFormValues = z.input<typeof resubmitForm>;

/** Why the decision should change (required), and photos that show it. */
export const appealForm = z.object({ note: requiredNote('Why the decision should change'), images: photos });
export type AppealFormValues = z.input<typeof appealForm>;

/** Upheld or reversed, with a note the seller reads. */
export const appealDecideForm = z.object({
  outcome: z.string().min(1, 'Outcome is required'),
  note: requiredNote('Note to the seller'),
});
export type AppealDecideFormValues = z.input<typeof appealDecideForm>;

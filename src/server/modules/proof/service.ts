import type { Tx } from '../../db/client';
import { CARD_STATUS } from '../../../shared/constants';
import type { DecisionProof, ProofEvidence, ProofEvidenceKind, ProofInput } from '../../../shared/proof';
import { invalidFields } from '../../http/errors';
import { listImages, numberKey } from '../cards/repository';
import { findCardRead } from '../ocr/repository';
import { cardsWithNumber, imageMatches } from '../review/repository';
import { SIMILAR_IMAGE_BITS } from '../review/shape';
import { currentProof, insertProof } from './repository';

const notFound = (kind: ProofEvidenceKind) =>
  invalidFields({ 'proof.evidence': [`The proof evidence field names ${kind}, which the system did not find on this card.`] });

/**
 * Each piece of evidence as found now, with only this card's own data; refused when the system did not find it. The
 * read against the typed number: the photo was read and its number differs from the card's (as decided). A number or
 * photo seen before: another card has it; the seller learns only that (and which of their own photos matched).
 */
async function findEvidence(tx: Tx, cardId: number, cardNumber: string | null, kinds: ProofEvidenceKind[]): Promise<ProofEvidence[]> {
  const out: ProofEvidence[] = [];
  for (const kind of kinds) {
    if (kind === 'read_differs') {
      const read = await findCardRead(tx, cardId);
      const key = numberKey(cardNumber);
      if (read?.status !== 'read' || !read.number || key === null || key === read.number_key) throw notFound(kind);
      out.push({ kind, read_number: read.number, typed_number: cardNumber ?? '' });
    } else if (kind === 'number_seen_before') {
      if ((await cardsWithNumber(tx, cardId, cardNumber, 1)).length === 0) throw notFound(kind);
      out.push({ kind });
    } else {
      const [match] = await imageMatches(tx, cardId, SIMILAR_IMAGE_BITS, 1);
      if (!match) throw notFound(kind);
      out.push({ kind, image_id: Number(match.image_id) });
    }
  }
  return out;
}

/**
 * Writes a decision's proof, after its status change and in its transaction: every box on one of this card's photos,
 * every piece of evidence found. Nothing sent (or nothing in it): nothing is written, the decision is as before.
 */
export async function attachProof(
  tx: Tx,
  actorId: number,
  cardId: number,
  decision: 'reject' | 'clawback',
  input: ProofInput,
  cardNumber: string | null,
): Promise<void> {
  const regions = input?.regions ?? [];
  const kinds = input?.evidence ?? [];
  if (regions.length === 0 && kinds.length === 0) return;
  const photos = new Set((await listImages(tx, cardId)).map((i) => i.id));
  const errors: Record<string, string[]> = {};
  regions.forEach((r, i) => {
    if (!photos.has(r.image_id))
      errors[`proof.regions.${i}.image_id`] = ["The proof regions image id field must be one of this card's photos."];
  });
  if (Object.keys(errors).length) throw invalidFields(errors);
  const evidence = await findEvidence(tx, cardId, cardNumber, kinds);
  await insertProof(tx, { cardId, decision, regions, evidence, by: actorId });
}

/** The proof of the card's current decision (a rejected card's rejection, a disputed card's clawback), or null. */
export async function proofOfCard(tx: Tx, cardId: number, status: number): Promise<DecisionProof | null> {
  const decision = status === CARD_STATUS.rejected ? 'reject' : status === CARD_STATUS.disputed ? 'clawback' : null;
  if (!decision) return null;
  const row = await currentProof(tx, cardId, decision);
  if (!row) return null;
  // Only this card's own photos (one deleted since loses its boxes).
  const photos = new Set((await listImages(tx, cardId)).map((i) => i.id));
  return {
    decision: row.decision,
    regions: row.regions.filter((r) => photos.has(r.image_id)),
    evidence: row.evidence.filter((e) => e.kind !== 'photo_seen_before' || photos.has(e.image_id)),
    created_at: row.created_at,
  };
}

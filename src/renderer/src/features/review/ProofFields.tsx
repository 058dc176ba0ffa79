import { useMemo, useState } from 'react';
import type { ProofEvidenceKind, ProofRegion } from '../../../../shared/proof';
import type { CardImage } from '../../../../shared/types';
import ProofEvidencePicker from './ProofEvidencePicker';
import ProofRegionEditor from './ProofRegionEditor';

/** The proof being put together for a decision (a rejection or a clawback, issue 53): boxes and evidence ticked. */
export interface ProofDraft {
  regions: ProofRegion[];
  setRegions(regions: ProofRegion[]): void;
  evidence: ProofEvidenceKind[];
  setEvidence(evidence: ProofEvidenceKind[]): void;
  /** What goes with the call: `proof` only when something was marked or ticked, so that without it the call is as before. */
  body(): { proof?: { regions: ProofRegion[]; evidence: ProofEvidenceKind[] } };
}

/** The proof of a decision's dialog: empty again each time the dialog opens (nothing kept from the last time). */
export function useProofDraft(open: boolean): ProofDraft {
  const [regions, setRegions] = useState<ProofRegion[]>([]);
  const [evidence, setEvidence] = useState<ProofEvidenceKind[]>([]);
  // Reset while rendering the opening, not in an effect: the dialog never shows the last proof for a frame.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setRegions([]);
      setEvidence([]);
    }
  }
  return useMemo(
    () => ({
      regions,
      setRegions,
      evidence,
      setEvidence,
      body: () => (regions.length || evidence.length ? { proof: { regions, evidence } } : {}),
    }),
    [regions, evidence],
  );
}

/**
 * A decision's proof fields, the same in the reject and the dispute dialogs: the evidence the system found on the card
 * (only what was found) and the region editor on its photos (when it has any).
 */
export default function ProofFields({ cardId, images, draft }: { cardId: number; images: CardImage[]; draft: ProofDraft }) {
  return (
    <>
      <ProofEvidencePicker cardId={cardId} value={draft.evidence} onChange={draft.setEvidence} />
      {images.length > 0 && <ProofRegionEditor images={images} regions={draft.regions} onChange={draft.setRegions} />}
    </>
  );
}

import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MSG } from '../../../../shared/messages';
import type { DecisionProof, ProofEvidence } from '../../../../shared/proof';
import type { CardImage } from '../../../../shared/types';
import ProofBox, { regionWords } from '../../components/proof/ProofBox';
import ProofPhotoFrame from '../../components/proof/ProofPhotoFrame';

const evidenceText = (e: ProofEvidence, photoNumber: (id: number) => number): string =>
  e.kind === 'read_differs'
    ? MSG.proofReadDiffers(e.read_number, e.typed_number)
    : e.kind === 'number_seen_before'
      ? MSG.proofNumberSeenBefore
      : MSG.proofPhotoSeenBefore(photoNumber(e.image_id));

/**
 * The proof of a decision as its seller sees it (issue 53): the evidence the system found, in plain words with only
 * their own data, and each photo with a marked region, the regions drawn over it (scaled with the photo as shown).
 */
export default function DecisionProofView({ proof, images }: { proof: DecisionProof; images: CardImage[] }) {
  const photoNumber = (id: number) => images.findIndex((i) => i.id === id) + 1;
  const marked = images.filter((i) => proof.regions.some((r) => r.image_id === i.id));
  if (proof.evidence.length === 0 && marked.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mt: 1 }} data-testid="decision-proof">
      <Typography variant="subtitle2" component="p">
        Proof
      </Typography>
      {proof.evidence.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="proof-evidence">
          {proof.evidence.map((e) => (
            <li key={e.kind}>
              <Typography variant="body2">{evidenceText(e, photoNumber)}</Typography>
            </li>
          ))}
        </Box>
      )}
      {marked.map((image) => {
        const n = photoNumber(image.id);
        const regions = proof.regions.filter((r) => r.image_id === image.id);
        return (
          <Box component="figure" key={image.id} sx={{ m: 0 }}>
            <ProofPhotoFrame url={image.url} alt={`Photo ${n} of the card`} maxHeight={320}>
              {regions.map((r, i) => (
                <ProofBox key={i} region={r} label={`Marked region ${i + 1} on photo ${n}: ${regionWords(r)}`} />
              ))}
            </ProofPhotoFrame>
            <Typography component="figcaption" variant="caption" sx={{ display: 'block' }}>
              Photo {n}: {regions.length === 1 ? 'the marked region shows' : `the ${regions.length} marked regions show`} why.
            </Typography>
          </Box>
        );
      })}
    </Stack>
  );
}

import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { useApiQuery } from '../../api/query';
import type { ProofEvidenceKind } from '../../../../shared/proof';

interface Props {
  cardId: number;
  value: ProofEvidenceKind[];
  onChange(value: ProofEvidenceKind[]): void;
}

/**
 * The evidence the system found on this card, each a box to tick to attach it to the rejection (issue 53). Only what
 * was found is offered; the seller is told it without the other card, its seller or its photo.
 */
export default function ProofEvidencePicker({ cardId, value, onChange }: Props) {
  const q = useApiQuery('cardDuplicates', { id: cardId, query: {} }, { loader: false });
  const d = q.data;
  if (!d) return null;
  const found: { kind: ProofEvidenceKind; label: string }[] = [];
  if (d.differs_from_photo && d.read_number)
    found.push({ kind: 'read_differs', label: `The number read from the photo (${d.read_number}) differs from the card's number` });
  if (d.numbers.length > 0) found.push({ kind: 'number_seen_before', label: 'This number was submitted before (on another card)' });
  if (d.images.length > 0) found.push({ kind: 'photo_seen_before', label: 'A photo matches one submitted before (on another card)' });
  if (found.length === 0) return null;
  const toggle = (kind: ProofEvidenceKind, on: boolean) => onChange(on ? [...value, kind] : value.filter((k) => k !== kind));
  return (
    <FormGroup aria-labelledby="proof-evidence-title" data-testid="proof-evidence-picker">
      <Typography variant="subtitle2" component="p" id="proof-evidence-title">
        Evidence the system found (the seller sees it, never the other card or who it belongs to)
      </Typography>
      {found.map((f) => (
        <FormControlLabel
          key={f.kind}
          control={<Checkbox checked={value.includes(f.kind)} onChange={(e) => toggle(f.kind, e.target.checked)} />}
          label={f.label}
        />
      ))}
    </FormGroup>
  );
}

import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import CropFreeIcon from '@mui/icons-material/CropFree';
import DeleteIcon from '@mui/icons-material/Delete';
import { PROOF_MIN_SIDE, PROOF_REGIONS, type ProofRegion } from '../../../../shared/proof';
import type { CardImage } from '../../../../shared/types';
import { regionLine, regionPlace, regionWords } from '../../components/proof/ProofBox';
import ProofPhotoFrame from '../../components/proof/ProofPhotoFrame';

type Box4 = Pick<ProofRegion, 'x' | 'y' | 'w' | 'h'>;
/** How far one arrow key press moves or resizes a region, as a fraction of the photo. */
const STEP = 0.02;
const HINT_ID = 'proof-region-keys';
const clamp = (n: number, lo: number, hi: number) => Math.min(Math.max(n, lo), hi);
const round = (n: number) => Math.round(n * 10_000) / 10_000;

/** A region moved (arrows) or resized (Shift+arrows) by one step, kept within its photo. */
export function nudge(r: Box4, key: string, resize: boolean): Box4 {
  const dx = key === 'ArrowLeft' ? -STEP : key === 'ArrowRight' ? STEP : 0;
  const dy = key === 'ArrowUp' ? -STEP : key === 'ArrowDown' ? STEP : 0;
  if (resize) {
    const w = clamp(r.w + dx, PROOF_MIN_SIDE, 1 - r.x);
    const h = clamp(r.h + dy, PROOF_MIN_SIDE, 1 - r.y);
    return { ...r, w: round(w), h: round(h) };
  }
  return { ...r, x: round(clamp(r.x + dx, 0, 1 - r.w)), y: round(clamp(r.y + dy, 0, 1 - r.h)) };
}

/** The box between two points of the photo (fractions), or null when too small to mean anything. */
function between(a: { x: number; y: number }, b: { x: number; y: number }): Box4 | null {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  const w = Math.abs(a.x - b.x);
  const h = Math.abs(a.y - b.y);
  return w < PROOF_MIN_SIDE || h < PROOF_MIN_SIDE ? null : { x: round(x), y: round(y), w: round(w), h: round(h) };
}

interface Props {
  images: CardImage[];
  regions: ProofRegion[];
  onChange(regions: ProofRegion[]): void;
}

/**
 * Marking regions on the card's photos for a rejection's proof (issue 53). With the mouse: drag on the photo. With the
 * keyboard: "Mark a region" puts a box in the middle of the photo and focuses it; the arrow keys move it, Shift with
 * the arrow keys resizes it, Delete removes it. Regions are kept in fractions of the photo.
 */
export default function ProofRegionEditor({ images, regions, onChange }: Props) {
  const [photo, setPhoto] = useState(images[0]?.id ?? 0);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const [draft, setDraft] = useState<Box4 | null>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const surface = useRef<HTMLDivElement>(null);
  const boxRefs = useRef<(HTMLButtonElement | null)[]>([]);
  useEffect(() => {
    if (focusIndex !== null) boxRefs.current[focusIndex]?.focus();
  }, [focusIndex]);
  const image = images.find((i) => i.id === photo) ?? images[0];
  if (!image) return null;
  const n = images.indexOf(image) + 1;
  const full = regions.length >= PROOF_REGIONS;

  const add = (b: Box4) => {
    if (full) return;
    onChange([...regions, { image_id: image.id, ...b }]);
    setFocusIndex(regions.length);
  };
  const remove = (i: number) => {
    onChange(regions.filter((_, j) => j !== i));
    setFocusIndex(null);
  };
  const at = (e: PointerEvent) => {
    const rect = surface.current!.getBoundingClientRect();
    return { x: clamp((e.clientX - rect.left) / rect.width, 0, 1), y: clamp((e.clientY - rect.top) / rect.height, 0, 1) };
  };
  const down = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0 || e.target !== e.currentTarget || full) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    start.current = at(e);
    setDraft(null);
  };
  const move = (e: PointerEvent<HTMLDivElement>) => {
    if (start.current) setDraft(between(start.current, at(e)));
  };
  const up = (e: PointerEvent<HTMLDivElement>) => {
    if (!start.current) return;
    const b = between(start.current, at(e));
    start.current = null;
    setDraft(null);
    if (b) add(b);
  };
  const keys = (i: number) => (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      remove(i);
      return;
    }
    if (!e.key.startsWith('Arrow')) return;
    e.preventDefault();
    e.stopPropagation();
    onChange(regions.map((r, j) => (j === i ? { ...r, ...nudge(r, e.key, e.shiftKey) } : r)));
  };

  return (
    <Stack spacing={1} data-testid="proof-editor">
      <Typography variant="subtitle2" component="p">
        Proof for the seller (optional)
      </Typography>
      <Typography variant="body2" color="text.secondary" id={HINT_ID}>
        Drag on the photo to mark a region, or choose Mark a region: the arrow keys move it, Shift with the arrow keys resizes it, Delete
        removes it. The seller sees the photo with the regions.
      </Typography>
      {images.length > 1 && (
        <ToggleButtonGroup
          size="small"
          exclusive
          value={image.id}
          onChange={(_, v: number | null) => v !== null && setPhoto(v)}
          aria-label="Photo to mark"
        >
          {images.map((i, k) => (
            <ToggleButton key={i.id} value={i.id}>
              Photo {k + 1}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      )}
      <ProofPhotoFrame url={image.url} alt={`Photo ${n} of the card`} maxHeight={360}>
        <Box
          ref={surface}
          data-testid="proof-surface"
          onPointerDown={down}
          onPointerMove={move}
          onPointerUp={up}
          sx={{ position: 'absolute', inset: 0, cursor: full ? 'not-allowed' : 'crosshair', touchAction: 'none' }}
        >
          {regions.map((r, i) =>
            r.image_id === image.id ? (
              <Box
                key={i}
                component="button"
                type="button"
                ref={(el: HTMLButtonElement | null) => {
                  boxRefs.current[i] = el;
                }}
                aria-label={`Region ${i + 1} on photo ${n}: ${regionWords(r)}`}
                aria-describedby={HINT_ID}
                data-testid="proof-region"
                onKeyDown={keys(i)}
                sx={{
                  ...regionLine,
                  ...regionPlace(r),
                  p: 0,
                  bgcolor: 'transparent',
                  cursor: 'default',
                  '&:focus-visible': { outline: '3px solid #2979ff', outlineOffset: 2 },
                }}
              />
            ) : null,
          )}
          {draft && <Box sx={{ ...regionLine, ...regionPlace(draft), borderStyle: 'dashed', pointerEvents: 'none' }} />}
        </Box>
      </ProofPhotoFrame>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          size="small"
          variant="outlined"
          startIcon={<CropFreeIcon />}
          disabled={full}
          onClick={() => add({ x: 0.35, y: 0.35, w: 0.3, h: 0.3 })}
        >
          Mark a region
        </Button>
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {regions.length === 0 ? 'No region marked' : `${regions.length} of at most ${PROOF_REGIONS} regions marked`}
        </Typography>
      </Stack>
      {regions.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none' }} aria-label="Marked regions">
          {regions.map((r, i) => (
            <Box component="li" key={i} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Typography variant="body2">
                Region {i + 1}, photo {images.findIndex((im) => im.id === r.image_id) + 1}: {regionWords(r)}
              </Typography>
              <IconButton size="small" aria-label={`Remove region ${i + 1}`} onClick={() => remove(i)}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
    </Stack>
  );
}

import Box from '@mui/material/Box';
import type { ProofRegion } from '../../../../shared/proof';

/** A region's place on its photo in percent of the photo as shown, so it scales with the photo at any size. */
export const regionPlace = (r: Pick<ProofRegion, 'x' | 'y' | 'w' | 'h'>) => ({
  left: `${r.x * 100}%`,
  top: `${r.y * 100}%`,
  width: `${r.w * 100}%`,
  height: `${r.h * 100}%`,
});

/** A region in words, for its accessible name: where on the photo, in whole percent. */
export const regionWords = (r: Pick<ProofRegion, 'x' | 'y' | 'w' | 'h'>) => {
  const pc = (n: number) => `${Math.round(n * 100)}%`;
  return `${pc(r.x)} from the left, ${pc(r.y)} from the top, ${pc(r.w)} wide, ${pc(r.h)} high`;
};

/** The line of a marked region: bright on any photo in either theme (red between two dark lines). */
export const regionLine = {
  position: 'absolute',
  boxSizing: 'border-box',
  border: '3px solid #ff1744',
  boxShadow: '0 0 0 1px rgba(0, 0, 0, 0.85), inset 0 0 0 1px rgba(0, 0, 0, 0.85)',
  borderRadius: 0.5,
} as const;

/** A marked region drawn over its photo (the parent is the photo's positioned wrapper, exactly the photo's size). */
export default function ProofBox({ region, label }: { region: ProofRegion; label: string }) {
  return (
    <Box role="img" aria-label={label} data-testid="proof-box" sx={{ ...regionLine, ...regionPlace(region), pointerEvents: 'none' }} />
  );
}

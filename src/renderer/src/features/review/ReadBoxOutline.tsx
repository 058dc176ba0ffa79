import Box from '@mui/material/Box';
import type { ReadBox } from '../../../../shared/types';

/** How far the outline stands off the box, so that it frames the characters instead of crossing them. */
const GAP_PX = 4;

/**
 * Where the code was read, outlined on its photo. The box is in the photo's own pixels; placed in percent of the
 * photo's natural size, it scales with the photo as shown (column wide or zoomed) and never moves the layout. The
 * parent is the photo's positioned wrapper, exactly the photo's size.
 */
export default function ReadBoxOutline({ box, natural }: { box: ReadBox; natural: { width: number; height: number } }) {
  const pct = (v: number, of: number) => `${(Math.min(Math.max(v, 0), of) / of) * 100}%`;
  return (
    <Box
      role="img"
      aria-label="Where the code was read"
      data-testid="read-box"
      sx={{
        position: 'absolute',
        left: `calc(${pct(box.x, natural.width)} - ${GAP_PX}px)`,
        top: `calc(${pct(box.y, natural.height)} - ${GAP_PX}px)`,
        width: `calc(${pct(box.w, natural.width)} + ${2 * GAP_PX}px)`,
        height: `calc(${pct(box.h, natural.height)} + ${2 * GAP_PX}px)`,
        pointerEvents: 'none',
        // Bright on any photo in either theme: a yellow line between two dark ones, dashed so it is no part of the card.
        border: '3px dashed #ffd600',
        borderRadius: 1,
        boxShadow: '0 0 0 2px rgba(0, 0, 0, 0.8), inset 0 0 0 2px rgba(0, 0, 0, 0.8)',
      }}
    />
  );
}

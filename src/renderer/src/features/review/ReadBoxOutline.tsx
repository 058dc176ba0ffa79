import Box from '@mui/material/Box';
import type { ReadBox } from '../../../../shared/types';

/** How far the outline's line stands off the box, so that it frames the characters instead of crossing them. */
const GAP_PX = 4;
const LINE_PX = 3;
/** The outline's outer edge from the box's (it is sized border-box). */
const OUT_PX = GAP_PX + LINE_PX;

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
        left: `calc(${pct(box.x, natural.width)} - ${OUT_PX}px)`,
        top: `calc(${pct(box.y, natural.height)} - ${OUT_PX}px)`,
        width: `calc(${pct(box.w, natural.width)} + ${2 * OUT_PX}px)`,
        height: `calc(${pct(box.h, natural.height)} + ${2 * OUT_PX}px)`,
        pointerEvents: 'none',
        // Bright on any photo in either theme: a yellow line between two dark ones, dashed so it is no part of the card.
        border: `${LINE_PX}px dashed #ffd600`,
        borderRadius: 1,
        boxShadow: '0 0 0 2px rgba(0, 0, 0, 0.8), inset 0 0 0 2px rgba(0, 0, 0, 0.8)',
      }}
    />
  );
}

import { useRef, type PointerEvent } from 'react';
import Box from '@mui/material/Box';

/** How much larger a zoomed photo is than its column. */
const ZOOM = 2.5;

/**
 * One card photo, whole (never cropped: the last digit of a number must show), as wide as its column; zoomed, it is
 * larger than its frame and pans by dragging or by the frame's scroll bars (and arrow keys when the frame has focus).
 */
export default function ZoomablePhoto({ src, alt, zoomed }: { src: string; alt: string; zoomed: boolean }) {
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; left: number; top: number } | null>(null);
  const down = (e: PointerEvent<HTMLDivElement>) => {
    if (!zoomed || !frame.current) return;
    drag.current = { x: e.clientX, y: e.clientY, left: frame.current.scrollLeft, top: frame.current.scrollTop };
    frame.current.setPointerCapture(e.pointerId);
  };
  const move = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || !frame.current) return;
    frame.current.scrollLeft = d.left - (e.clientX - d.x);
    frame.current.scrollTop = d.top - (e.clientY - d.y);
  };
  const up = () => {
    drag.current = null;
  };
  return (
    <Box
      ref={frame}
      tabIndex={zoomed ? 0 : -1}
      aria-label={zoomed ? `${alt}, zoomed: drag or use the arrow keys to pan` : undefined}
      role={zoomed ? 'region' : undefined}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={up}
      sx={{
        overflow: zoomed ? 'auto' : 'hidden',
        maxHeight: zoomed ? '75vh' : 'none',
        cursor: zoomed ? 'grab' : 'default',
        bgcolor: 'action.hover',
        touchAction: zoomed ? 'none' : 'auto',
      }}
    >
      <Box
        component="img"
        src={src}
        alt={alt}
        draggable={false}
        sx={{ display: 'block', width: zoomed ? `${ZOOM * 100}%` : '100%', maxWidth: 'none', height: 'auto', objectFit: 'contain' }}
      />
    </Box>
  );
}

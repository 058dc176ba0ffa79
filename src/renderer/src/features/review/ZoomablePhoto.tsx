import { useRef, useState, type PointerEvent } from 'react';
import Box from '@mui/material/Box';
import type { ReadBox } from '../../../../shared/types';
import ReadBoxOutline from './ReadBoxOutline';
import { photoSize, rememberPhotoSize } from './photoSizes';

/** How much larger a zoomed photo is than its column. */
const ZOOM = 2.5;

/**
 * One card photo, whole (never cropped: the last digit of a number must show), as wide as its column; zoomed, it is
 * larger than its frame and pans by dragging or by the frame's scroll bars (and arrow keys when the frame has focus).
 */
export default function ZoomablePhoto({
  id,
  src,
  alt,
  zoomed,
  box,
}: {
  /** The image's id: its size, when the page loaded it beforehand (photoSizes.ts), shapes it from the first frame. */
  id: number;
  src: string;
  alt: string;
  zoomed: boolean;
  box?: ReadBox | null;
}) {
  const frame = useRef<HTMLDivElement>(null);
  // The photo's own size, known once it has loaded: the read box is in its pixels.
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(() => photoSize(id) ?? null);
  const measure = (img: HTMLImageElement | null) => {
    if (!img?.complete || img.naturalWidth === 0) return;
    const { naturalWidth: width, naturalHeight: height } = img;
    rememberPhotoSize(id, { width, height });
    setNatural((n) => (n?.width === width && n.height === height ? n : { width, height }));
  };
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
      data-pan={zoomed || undefined}
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
      <Box sx={{ position: 'relative', width: zoomed ? `${ZOOM * 100}%` : '100%' }}>
        <Box
          component="img"
          src={src}
          alt={alt}
          draggable={false}
          // Measured on load, and at once when it comes from the cache already loaded.
          ref={measure}
          onLoad={(e) => measure(e.currentTarget)}
          // Until it loads, a card's usual shape holds its place (then its own, or the last one's on a new URL): no jump.
          sx={{
            display: 'block',
            width: '100%',
            maxWidth: 'none',
            height: 'auto',
            aspectRatio: natural ? `${natural.width} / ${natural.height}` : 'auto 4 / 3',
            objectFit: 'contain',
          }}
        />
        {box && natural && <ReadBoxOutline box={box} natural={natural} />}
      </Box>
    </Box>
  );
}

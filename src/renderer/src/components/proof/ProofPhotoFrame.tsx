import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';

interface Props {
  url: string;
  alt: string;
  /** The tallest the photo is shown, in px; it is as wide as the space allows within that. */
  maxHeight: number;
  /** What is drawn over the photo, placed in percent of it (ProofBox, regionPlace). */
  children?: ReactNode;
}

/**
 * A photo scaled to the space (a small photo up, a tall one down to maxHeight) in a wrapper exactly its size, so that
 * what is drawn over it in percent lands on the same spot at any size.
 */
export default function ProofPhotoFrame({ url, alt, maxHeight, children }: Props) {
  const [aspect, setAspect] = useState<number | null>(null);
  return (
    <Box
      sx={{
        position: 'relative',
        lineHeight: 0,
        maxWidth: '100%',
        width: aspect ? `min(100%, ${Math.round(maxHeight * aspect)}px)` : '100%',
        aspectRatio: aspect ? String(aspect) : undefined,
      }}
    >
      <Box
        component="img"
        src={url}
        alt={alt}
        draggable={false}
        onLoad={(e) => {
          const img = e.currentTarget as HTMLImageElement;
          if (img.naturalWidth && img.naturalHeight) setAspect(img.naturalWidth / img.naturalHeight);
        }}
        sx={{ display: 'block', width: '100%', height: 'auto', userSelect: 'none', imageRendering: 'auto', borderRadius: 0.5 }}
      />
      {children}
    </Box>
  );
}

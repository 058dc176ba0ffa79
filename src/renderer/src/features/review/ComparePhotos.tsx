import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useApi } from '../../app/api';
import { ImageViewDialog } from './CardImages';

interface Photo {
  /** The signed path the API answered. */
  url: string;
  /** The photo's accessible name, e.g. "Photo of card #12". */
  label: string;
}

/** Whole photos (never cropped) side by side to compare, each opening full size from the button under it. */
export default function ComparePhotos({ photos }: { photos: Photo[] }) {
  const { transport } = useApi();
  const [viewing, setViewing] = useState<Photo | null>(null);
  if (photos.length === 0) return null;
  return (
    <>
      {/* As wide as the panel allows, two side by side (issue 55: 132 px thumbnails were too small to compare). */}
      <Box component="span" sx={{ display: 'grid', gap: 1, mt: 0.5, gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))' }}>
        {photos.map((p) => (
          <Box component="span" key={p.label} sx={{ display: 'flex', flexDirection: 'column', minWidth: 0, maxWidth: 320 }}>
            <Box
              component="img"
              src={transport.imageUrl(p.url)}
              alt={p.label}
              sx={{
                width: '100%',
                aspectRatio: '4 / 3',
                objectFit: 'contain',
                display: 'block',
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                bgcolor: 'action.hover',
              }}
            />
            <Button
              size="small"
              aria-label={`View ${p.label}`}
              onClick={() => setViewing(p)}
              sx={{ justifyContent: 'flex-start', px: 0.5, textTransform: 'none', lineHeight: 1.3 }}
            >
              {p.label}
            </Button>
          </Box>
        ))}
      </Box>
      <ImageViewDialog
        src={viewing ? transport.imageUrl(viewing.url) : null}
        title={viewing?.label ?? ''}
        onClose={() => setViewing(null)}
      />
    </>
  );
}

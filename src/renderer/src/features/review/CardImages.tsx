import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import type { ReadBox } from '../../../../shared/types';
import { useApi } from '../../app/api';
import ZoomablePhoto from './ZoomablePhoto';

/** A full-size image in a popup; Escape or Close closes it. */
export function ImageViewDialog({ src, title, onClose }: { src: string | null; title: string; onClose(): void }) {
  return (
    <Dialog open={src !== null} onClose={onClose} maxWidth="lg" aria-labelledby="image-view-title">
      <DialogTitle id="image-view-title">{title}</DialogTitle>
      <DialogContent>
        {src && <img src={src} alt={title} style={{ maxWidth: '100%', maxHeight: '75vh', display: 'block', margin: '0 auto' }} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

interface Props {
  images: { id: number; url: string }[];
  /** Absent: images cannot be removed (read-only form). */
  onRemove?(id: number): void;
  /** Large: each photo whole and as wide as its column (the card page's photo side), else 120 px thumbnails. */
  large?: boolean;
  /** Large photos: zoomed in (Z on the card page), to pan around. */
  zoomed?: boolean;
  onZoom?(): void;
  /** Large photos: where the code was read, outlined on that photo (staff). */
  read?: { imageId: number; box: ReadBox } | null;
}

/** The card's saved images with View (full size) and Remove. */
export default function CardImages({ images, onRemove, large = false, zoomed = false, onZoom, read }: Props) {
  const { transport } = useApi();
  const [viewing, setViewing] = useState<{ src: string; title: string } | null>(null);
  if (images.length === 0) return <Typography color="text.secondary">No images</Typography>;
  return (
    <>
      <Box
        role="list"
        aria-label="Card images"
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: large ? 'minmax(0, 1fr)' : 'repeat(auto-fill, 120px)',
        }}
      >
        {images.map((img, i) => {
          const src = transport.imageUrl(img.url);
          const title = `Card image ${i + 1}`;
          const box = large && read?.imageId === img.id ? read.box : null;
          return (
            <Box key={img.id} role="listitem" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
              {large ? (
                <ZoomablePhoto id={img.id} src={src} alt={title} zoomed={zoomed} box={box} />
              ) : (
                <Box
                  component="img"
                  src={src}
                  alt={title}
                  sx={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', display: 'block', bgcolor: 'action.hover' }}
                />
              )}
              <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
                <Box sx={{ display: 'flex', alignItems: 'center' }}>
                  <IconButton size="small" aria-label={`View ${title}`} onClick={() => setViewing({ src, title })}>
                    <OpenInFullIcon fontSize="small" />
                  </IconButton>
                  {large && onZoom && (
                    <IconButton size="small" aria-label={zoomed ? 'Zoom out' : 'Zoom in'} aria-pressed={zoomed} onClick={onZoom}>
                      {zoomed ? <ZoomOutIcon fontSize="small" /> : <ZoomInIcon fontSize="small" />}
                    </IconButton>
                  )}
                  {box && (
                    <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                      Outlined: where the code was read
                    </Typography>
                  )}
                </Box>
                {onRemove && (
                  <IconButton size="small" aria-label={`Remove ${title}`} onClick={() => onRemove(img.id)}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                )}
              </Box>
            </Box>
          );
        })}
      </Box>
      <ImageViewDialog src={viewing?.src ?? null} title={viewing?.title ?? ''} onClose={() => setViewing(null)} />
    </>
  );
}

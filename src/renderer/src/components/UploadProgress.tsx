import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { countOf } from '../lib/format';

/** "Uploading N images…" with a progress bar while a form with new images saves (a live region, so it is announced). */
export function UploadProgress({ active, count }: { active: boolean; count: number }) {
  return (
    <Box sx={{ minHeight: 28, mt: 2 }} aria-live="polite">
      {active && count > 0 && (
        <>
          <Typography variant="body2">Uploading {countOf(count, 'image', 'images')}…</Typography>
          <LinearProgress aria-label="Uploading" />
        </>
      )}
    </Box>
  );
}

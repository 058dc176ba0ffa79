import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

/** "Uploading N images…" with a progress bar while a form with new images saves (a live region, so it is announced). */
export function UploadProgress({ active, count }: { active: boolean; count: number }) {
  return (
    <Box sx={{ minHeight: 28, mt: 2 }} aria-live="polite">
      {active && count > 0 && (
        <>
          <Typography variant="body2">
            Uploading {count} image{count === 1 ? '' : 's'}…
          </Typography>
          <LinearProgress aria-label="Uploading" />
        </>
      )}
    </Box>
  );
}

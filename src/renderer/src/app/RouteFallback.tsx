import CircularProgress from '@mui/material/CircularProgress';
import Box from '@mui/material/Box';

/** While a screen's code loads: a named region (axe "region": it shows before the page's landmarks). */
export function RouteFallback() {
  return (
    <Box role="region" aria-label="Screen loading" data-testid="route-loader" sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
      <CircularProgress aria-label="Loading page" />
    </Box>
  );
}

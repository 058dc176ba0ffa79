import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { PageHeader } from '../../components/PageHeader';
import { cardPageGrid } from './cardPageGrid';

/**
 * A card's page while its card, money and photos load: the header and the two sides as placeholders. The page
 * replaces it whole once everything is in, so nothing on it moves as answers arrive (issue 55).
 */
export default function CardPageSkeleton({ title }: { title: string }) {
  return (
    <Box role="status" aria-busy aria-label="Loading the gift card">
      <PageHeader title={title} windowTitle={title} />
      <Box sx={cardPageGrid}>
        <Paper sx={{ p: 3 }}>
          <Skeleton variant="rounded" sx={{ aspectRatio: '4 / 3', height: 'auto' }} />
        </Paper>
        <Paper sx={{ p: 3 }}>
          <Stack spacing={2}>
            {[56, 56, 36, 56, 90, 90].map((h, i) => (
              <Skeleton key={i} variant="rounded" height={h} />
            ))}
          </Stack>
        </Paper>
      </Box>
    </Box>
  );
}

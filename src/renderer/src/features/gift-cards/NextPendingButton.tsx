import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import SkipNextIcon from '@mui/icons-material/SkipNext';
import { useApiQuery } from '../../api/query';

/** Staff: the oldest pending card other than this one (the pending queue's head). */
export function NextPendingButton({ currentId }: { currentId: number }) {
  const q = useApiQuery('listCards', { query: { status: '0', sort: 'created_at', per_page: '5' } }, { loader: false });
  const next = q.data?.data.find((c) => c.id !== currentId);
  if (!next) return null;
  return (
    <Button component={RouterLink} to={`/gift-card/${next.id}`} startIcon={<SkipNextIcon />}>
      Next pending card
    </Button>
  );
}

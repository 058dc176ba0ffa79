import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useApiQuery } from '../../api/query';
import { formatDateTime } from '../../lib/format';
import { TrustBadge } from './TrustBadge';

const points = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

/** A card's seller's trust on the card page (staff only): the score, its band and hold, and the factors that made it. */
export function SellerTrustPanel({ sellerId }: { sellerId: number }) {
  const q = useApiQuery('sellerTrust', { id: sellerId }, { loader: false });
  return (
    <Stack spacing={1} component="section" aria-label="Seller trust" data-testid="seller-trust">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="h6" component="h2">
          Seller trust
        </Typography>
        {q.data && <TrustBadge score={q.data.data.score} band={q.data.data.band} />}
      </Stack>
      {q.isPending && <Skeleton variant="rounded" height={80} aria-label="Loading the seller's trust" />}
      {q.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void q.refetch()}>
              Retry
            </Button>
          }
        >
          Could not load the seller&apos;s trust
        </Alert>
      )}
      {q.data && (
        <>
          <Table size="small" aria-label="What made the trust score">
            <TableBody>
              {q.data.data.factors.map((f) => (
                <TableRow key={f.key}>
                  <TableCell>{f.label}</TableCell>
                  <TableCell align="right">{points(f.points)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Typography variant="body2" color="text.secondary">
            {q.data.data.hold_days > 0
              ? `Cards approved now are held ${q.data.data.hold_days} days before payout. `
              : 'No trust hold on cards approved now. '}
            Computed {formatDateTime(q.data.data.computed_at)}.
          </Typography>
        </>
      )}
    </Stack>
  );
}

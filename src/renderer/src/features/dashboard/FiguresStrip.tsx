import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import CardActionArea from '@mui/material/CardActionArea';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useApiQuery } from '../../api/query';
import { onHoldText } from '../../components/holds/HoldNotice';
import { useSession } from '../../app/session';
import { countOf, formatMoney } from '../../lib/format';
import { Due } from '../../components/Money';
import { figureLinks } from './figureLinks';

/** "3 days", "5 hours", "under an hour": how long the oldest pending card has waited. */
export function waitedFor(iso: string | null, now = Date.now()): string {
  if (!iso) return '';
  const hours = Math.floor((now - Date.parse(iso)) / 3_600_000);
  if (!(hours >= 1)) return 'under an hour';
  if (hours < 48) return countOf(hours, 'hour', 'hours');
  return countOf(Math.floor(hours / 24), 'day', 'days');
}

/** One figure; with `to`, the whole tile is a link to the queue it counts. */
function Figure({ label, value, note, to }: { label: string; value: React.ReactNode | undefined; note?: string; to?: string }) {
  const body = (
    <>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p" sx={{ whiteSpace: 'nowrap' }}>
        {value ?? <Skeleton width={80} />}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', minHeight: '1.5em' }}>
        {note ?? ''}
      </Typography>
    </>
  );
  return (
    <Paper component="li" variant="outlined" sx={{ minWidth: 150, flex: '1 1 150px', listStyle: 'none', overflow: 'hidden' }}>
      {to ? (
        <CardActionArea component={RouterLink} to={to} sx={{ p: 2, height: '100%' }}>
          {body}
        </CardActionArea>
      ) : (
        <Box sx={{ p: 2 }}>{body}</Box>
      )}
    </Paper>
  );
}

/** The figures staff look at first (a seller sees their own): same size while loading, so nothing jumps. */
/** Overdue cards in the error colour (none: plain). */
const OverdueCount = ({ n }: { n: number }) => (
  <Box component="span" sx={{ color: n > 0 ? 'error.main' : undefined }} data-testid="overdue-count">
    {n}
  </Box>
);

export default function FiguresStrip() {
  const q = useApiQuery('dashboardFigures', {}, { loader: false });
  const f = q.data;
  // Which tiles show is known from the session before the figures arrive (staff: all; a seller: their own), so the
  // strip keeps its shape while loading (a seller's strip shrank by a tile when the figures came: layout shift 0.41).
  const { isSeller } = useSession();
  const own = f ? f.scope === 'own' : isSeller;
  const links = figureLinks(own);
  if (q.isError)
    return (
      <Typography role="status" color="text.secondary" sx={{ mb: 2 }}>
        The figures could not be loaded.
      </Typography>
    );
  return (
    <Box component="ul" aria-label="Key figures" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, p: 0, m: 0, mb: 3 }}>
      <Figure
        label={own ? 'My cards pending review' : 'Cards pending review'}
        value={f && String(f.pending)}
        note={f?.oldest_pending_at ? `oldest waiting ${waitedFor(f.oldest_pending_at)}` : f && 'none waiting'}
        to={links.pending}
      />
      {!own && (
        <Figure
          label="Reviews overdue"
          value={f && <OverdueCount n={f.overdue} />}
          note={f && 'past their review target'}
          to={links.overdue}
        />
      )}
      <Figure
        label={own ? 'Due to me' : 'Total due to sellers'}
        value={f && <Due value={f.due} />}
        note={f && f.on_hold > 0 ? `${formatMoney(f.on_hold)} ${onHoldText(f.hold_release)}` : undefined}
        to={links.due}
      />
      <Figure label="Paid this month" value={f && formatMoney(f.paid_this_month)} to={links.paid} />
      <Figure label="Clawed back this month" value={f && formatMoney(f.clawed_back_this_month)} to={links.clawed} />
      <Figure label="Approved this month" value={f && String(f.approved_this_month)} to={links.approved} />
      <Figure label="Rejected this month" value={f && String(f.rejected_this_month)} to={links.rejected} />
      {!own && (
        <Figure
          label="Photos to read"
          value={f?.jobs_backlog !== undefined ? String(f.jobs_backlog) : undefined}
          note="background jobs waiting or running"
        />
      )}
    </Box>
  );
}

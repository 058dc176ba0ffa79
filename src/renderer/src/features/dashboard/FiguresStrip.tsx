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

/**
 * One figure; with `to`, the whole tile is a link to the queue it counts. `large`: the figures to act on first (money
 * owed, reviews overdue), in a big tile; the others small (issue 55: the dashboard's hierarchy).
 */
function Figure({
  label,
  value,
  note,
  to,
  large = false,
}: {
  label: string;
  value: React.ReactNode | undefined;
  note?: string;
  to?: string;
  large?: boolean;
}) {
  const body = (
    <>
      <Typography variant={large ? 'subtitle1' : 'body2'} color="text.secondary" sx={{ lineHeight: 1.3 }}>
        {label}
      </Typography>
      <Typography
        variant={large ? 'h4' : 'h6'}
        component="p"
        sx={{ whiteSpace: 'nowrap', fontWeight: large ? 500 : 400, fontSize: large ? undefined : '1.1rem', my: large ? 0.5 : 0 }}
      >
        {value ?? <Skeleton width={large ? 140 : 60} />}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', minHeight: '1.5em' }}>
        {note ?? ''}
      </Typography>
    </>
  );
  const pad = large ? { px: 3, py: 2.5 } : { px: 1.5, py: 1.25 };
  return (
    <Paper
      component="li"
      variant="outlined"
      data-size={large ? 'large' : 'small'}
      sx={{ gridColumn: large ? 'span var(--large-span)' : 'span 2', listStyle: 'none', overflow: 'hidden', minWidth: 0 }}
    >
      {to ? (
        <CardActionArea component={RouterLink} to={to} sx={{ ...pad, height: '100%' }}>
          {body}
        </CardActionArea>
      ) : (
        <Box sx={pad}>{body}</Box>
      )}
    </Paper>
  );
}

/** Overdue cards in the error colour (none: plain). */
const OverdueCount = ({ n }: { n: number }) => (
  <Box component="span" sx={{ color: n > 0 ? 'error.main' : undefined }} data-testid="overdue-count">
    {n}
  </Box>
);

/** Staff: the photos waiting to be read, a small status line under the figures (issue 55: not a tile of its own). */
function PhotosToRead({ n }: { n: number | undefined }) {
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      role="status"
      data-testid="photos-to-read"
      sx={{ display: 'flex', alignItems: 'center', gap: 0.75, mt: 1, minHeight: 20 }}
    >
      <Box
        component="span"
        aria-hidden
        sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: n ? 'warning.main' : 'success.main', flexShrink: 0 }}
      />
      Photos to read: {n === undefined ? '…' : n.toLocaleString()}
      {n ? ' (background jobs waiting or running)' : ''}
    </Typography>
  );
}

/**
 * The figures staff look at first (a seller sees their own), same size while loading, so nothing jumps: money owed
 * and the reviews overdue (a seller: their cards pending review) large on the first row, the rest small on the second.
 */
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
  const pending = (
    <Figure
      label={own ? 'My cards pending review' : 'Cards pending review'}
      value={f && String(f.pending)}
      note={f?.oldest_pending_at ? `oldest waiting ${waitedFor(f.oldest_pending_at)}` : f && 'none waiting'}
      to={links.pending}
      large={own}
    />
  );
  // Small tiles per row: staff 6, a seller 4; a large tile takes half the row.
  const small = own ? 4 : 6;
  return (
    <Box sx={{ mb: 3 }}>
      <Box
        component="ul"
        aria-label="Key figures"
        sx={{
          display: 'grid',
          gridTemplateColumns: `repeat(${small * 2}, minmax(0, 1fr))`,
          '--large-span': String(small),
          gap: 1.5,
          p: 0,
          m: 0,
        }}
      >
        <Figure
          label={own ? 'Due to me' : 'Total due to sellers'}
          value={f && <Due value={f.due} />}
          note={f && f.on_hold > 0 ? `${formatMoney(f.on_hold)} ${onHoldText(f.hold_release)}` : undefined}
          to={links.due}
          large
        />
        {own ? (
          pending
        ) : (
          <Figure
            label="Reviews overdue"
            value={f && <OverdueCount n={f.overdue} />}
            note={f && 'past their review target'}
            to={links.overdue}
            large
          />
        )}
        {!own && pending}
        <Figure label="Paid this month" value={f && formatMoney(f.paid_this_month)} to={links.paid} />
        <Figure label="Clawed back this month" value={f && formatMoney(f.clawed_back_this_month)} to={links.clawed} />
        <Figure label="Approved this month" value={f && String(f.approved_this_month)} to={links.approved} />
        <Figure label="Rejected this month" value={f && String(f.rejected_this_month)} to={links.rejected} />
        {!own && (
          <Figure
            label="Appeals open"
            value={f && String(f.appeals_open ?? 0)}
            note={f && (f.appeals_overdue ? `${f.appeals_overdue} overdue` : 'none overdue')}
            to={links.appeals}
          />
        )}
      </Box>
      {!own && <PhotosToRead n={f?.jobs_backlog} />}
    </Box>
  );
}

import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PrintIcon from '@mui/icons-material/Print';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { STATEMENT_EVENT_LABEL } from '../../../../shared/constants';
import type { StatementEvent } from '../../../../shared/types';
import { useApiQuery } from '../../api/query';
import { useTransport } from '../../api/TransportContext';
import { useSession } from '../../app/session';
import { TableStatusRow } from '../../components/DataTable';
import { ExportButton } from '../../components/ExportButton';
import { countOf, formatDateTime, formatMoney } from '../../lib/format';
import { HoldLine } from '../../components/holds/HoldFigures';
import { Due } from '../../components/Money';
import { useNotify } from '../../components/notify';
import { PageHeader } from '../../components/PageHeader';
import { useTrackedParams } from '../../components/filters/useTrackedParams';
import { isoDay, localDay } from '../../lib/dates';
import { SellerPicker } from '../../components/SellerPicker';
import { canRetry } from '../../components/retry';

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

function EventText({ e }: { e: StatementEvent }) {
  const card = e.gift_card_id ? (
    <Link component={RouterLink} to={`/gift-card/${e.gift_card_id}`}>
      card #{e.gift_card_id}
    </Link>
  ) : null;
  return (
    <>
      {STATEMENT_EVENT_LABEL[e.kind]}
      {e.code && <> {e.code}</>}
      {card && <> ({card})</>}
      {!card && e.cards > 1 && <> ({countOf(e.cards, 'card', 'cards')})</>}
    </>
  );
}

/**
 * Statement: a seller's due over a date range: the opening due, each change in order with the running due, the
 * closing due (= the seller's due at the end date). Staff pick the seller; a seller sees their own. The range and the
 * seller are in the URL. Print (in the app: Save as PDF) and Export CSV.
 */
export default function StatementPage() {
  const { isStaff, user } = useSession();
  const transport = useTransport();
  const notify = useNotify();
  const { params, update } = useTrackedParams();
  const today = new Date();
  const start = DAY_RE.test(params.get('start_date') ?? '')
    ? params.get('start_date')!
    : isoDay(new Date(today.getFullYear(), today.getMonth(), 1));
  const end = DAY_RE.test(params.get('end_date') ?? '') ? params.get('end_date')! : isoDay(today);
  const sellerParam = Number(params.get('seller_id') ?? '');
  const sellerId = isStaff ? (Number.isSafeInteger(sellerParam) && sellerParam > 0 ? sellerParam : null) : (user?.id ?? null);
  const query = { start_date: start, end_date: end, ...(isStaff && sellerId ? { seller_id: sellerId } : {}) };
  const q = useApiQuery('sellerStatement', { query }, { enabled: sellerId !== null, retry: false });
  const st = q.data;
  const set = (k: string, v: string) =>
    update(
      (latest) => {
        const next = new URLSearchParams(latest);
        if (v) next.set(k, v);
        else next.delete(k);
        return next;
      },
      { replace: true },
    );
  const error = q.error ? (q.error.result.data as { errors?: Record<string, string[]>; message?: string }) : null;
  const errorText = error ? (Object.values(error.errors ?? {})[0]?.[0] ?? error.message ?? 'Could not load the statement') : null;
  const fileBase = `statement-${st?.seller.name.replace(/[^\w]+/g, '-') ?? 'seller'}-${start}-${end}`;

  const print = async () => {
    if (!transport.savePdf) return window.print();
    const r = await transport.savePdf(`${fileBase}.pdf`);
    if (r.saved) notify.success(`Saved ${r.path}`);
    else if (r.message) notify.error(r.message);
  };

  return (
    <Box>
      <PageHeader
        title={st ? `Statement: ${st.seller.name}` : 'Statement'}
        actions={
          sellerId !== null && (
            <Box sx={{ display: 'flex', gap: 1, displayPrint: 'none', alignItems: 'flex-start' }}>
              <Button variant="outlined" startIcon={transport.savePdf ? <PictureAsPdfIcon /> : <PrintIcon />} onClick={() => void print()}>
                {transport.savePdf ? 'Save as PDF' : 'Print'}
              </Button>
              <ExportButton op="exportStatement" args={{ query }} fileName={`${fileBase}.csv`} />
            </Box>
          )
        }
      />
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mb: 2, displayPrint: 'none' }}>
        {isStaff && (
          <SellerPicker
            value={sellerId === null ? '' : String(sellerId)}
            onChange={(id) => set('seller_id', id)}
            placeholder="Choose a seller"
            sx={{ width: 280 }}
            size="small"
          />
        )}
        <TextField
          label="From"
          type="date"
          size="small"
          value={start}
          onChange={(e) => set('start_date', e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ width: 180 }}
        />
        <TextField
          label="To"
          type="date"
          size="small"
          value={end}
          onChange={(e) => set('end_date', e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ width: 180 }}
        />
      </Stack>
      {st && (
        <Typography sx={{ mb: 1 }} data-testid="statement-period">
          {st.seller.name} ({st.seller.email}), {localDay(st.start_date)} to {localDay(st.end_date)}
        </Typography>
      )}
      <TableContainer component={Paper}>
        <Table size="small" aria-label="Statement" aria-busy={q.isFetching}>
          <TableHead>
            <TableRow>
              <TableCell>Date</TableCell>
              <TableCell>Event</TableCell>
              <TableCell align="right">Amount</TableCell>
              <TableCell align="right">Due</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <TableStatusRow
              colSpan={4}
              loading={q.isFetching && !st}
              error={sellerId === null ? null : errorText}
              empty={!st}
              emptyText={sellerId === null ? 'Choose a seller' : 'No statement'}
              onRetry={canRetry(q.error) ? () => void q.refetch() : undefined}
            />
            {st && (
              <>
                <TableRow data-testid="statement-opening">
                  <TableCell className="nowrap">{localDay(st.start_date)}</TableCell>
                  <TableCell>Opening due</TableCell>
                  <TableCell />
                  <TableCell align="right">
                    <Due value={st.opening_due} />
                  </TableCell>
                </TableRow>
                {st.events.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={4}>
                      <Typography component="span" color="text.secondary">
                        No changes in this period
                      </Typography>
                    </TableCell>
                  </TableRow>
                )}
                {st.events.map((e, i) => (
                  <TableRow key={i} data-testid="statement-event">
                    <TableCell className="nowrap">{formatDateTime(e.at)}</TableCell>
                    <TableCell>
                      <EventText e={e} />
                    </TableCell>
                    <TableCell align="right" sx={{ color: e.amount < 0 ? 'error.main' : undefined }}>
                      {formatMoney(e.amount)}
                    </TableCell>
                    <TableCell align="right">
                      <Due value={e.due} />
                    </TableCell>
                  </TableRow>
                ))}
                <TableRow data-testid="statement-closing" sx={{ '& td': { fontWeight: 600 } }}>
                  <TableCell className="nowrap">{localDay(st.end_date)}</TableCell>
                  <TableCell>Closing due</TableCell>
                  <TableCell />
                  <TableCell align="right">
                    <Due value={st.closing_due} />
                  </TableCell>
                </TableRow>
              </>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {st && <HoldLine figures={st.today} />}
    </Box>
  );
}

import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useApiQuery } from '../../api/query';
import { useSession } from '../../app/session';
import { formatCardDue, formatDateTime, formatMoney } from '../../lib/format';
import { MoneyFigure } from '../../components/Money';
import { HoldNotice } from '../../components/holds/HoldNotice';
import { HoldsPanel } from '../../components/holds/HoldsPanel';

/** The money panel is a narrow column: tighter cells, and when and by whom in one, so the tables fit it. */
const DENSE = { '& .MuiTableCell-root': { px: 1 } };

function DateBy({ at, by }: { at: string; by: string | null }) {
  return (
    <TableCell>
      {formatDateTime(at)}
      <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {by ?? '—'}
      </Typography>
    </TableCell>
  );
}

/**
 * The card's money: price, rate, payable, paid, due, the payouts that paid it (links for staff) and its clawback and
 * reversal. A disputed card's due is what the seller owes back; pending and rejected cards have no due ("—").
 */
export default function CardMoney({ cardId }: { cardId: number }) {
  const { isStaff } = useSession();
  const q = useApiQuery('cardMoney', { id: cardId }, { loader: false });
  const m = q.data?.data;
  return (
    <Box component="section" aria-labelledby={`money-${cardId}`}>
      <Typography variant="h6" component="h2" id={`money-${cardId}`} gutterBottom>
        Money
      </Typography>
      {q.isError ? (
        <Alert severity="error">Could not load the card&apos;s money</Alert>
      ) : !m ? (
        <Skeleton variant="rounded" height={60} role="status" aria-label="Loading the card's money" />
      ) : (
        <>
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 1.5, rowGap: 1, mb: 1 }}>
            <MoneyFigure testIdPrefix="money" label="Price" value={m.price} />
            <MoneyFigure testIdPrefix="money" label="Rate" value={m.rate} />
            <MoneyFigure testIdPrefix="money" label="Payable" value={m.payable} />
            <MoneyFigure testIdPrefix="money" label="Paid" value={m.paid_amount} />
            {m.due < 0 ? (
              <MoneyFigure testIdPrefix="money" label="Owes back" value={-m.due} error />
            ) : (
              <MoneyFigure testIdPrefix="money" label="Due" value={m.due} text={formatCardDue(m)} />
            )}
          </Stack>
          {m.hold && <HoldNotice hold={m.hold} />}
          {m.due < 0 && (
            // A standing fact of the card's money, not an alarm: the page's dispute notice is the one alert.
            <Alert severity="warning" role="note" sx={{ mb: 1 }}>
              This card is disputed: the seller owes back {formatMoney(-m.due)}.
            </Alert>
          )}
          {m.payments.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              No payment yet
            </Typography>
          ) : (
            <Table size="small" aria-label="Payouts that paid this card" sx={DENSE}>
              <TableHead>
                <TableRow>
                  <TableCell>Code</TableCell>
                  <TableCell align="right">For this card</TableCell>
                  <TableCell align="right">Payout</TableCell>
                  <TableCell>Date, by</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {m.payments.map((p) => (
                  <TableRow key={p.transaction_id}>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      {isStaff ? (
                        <Link component={RouterLink} to={`/edit-transaction/${p.transaction_id}`}>
                          {p.code}
                        </Link>
                      ) : (
                        p.code
                      )}
                      {p.is_redeem === 1 && ' (redeemed)'}
                    </TableCell>
                    <TableCell align="right">{formatMoney(p.amount)}</TableCell>
                    <TableCell align="right">{formatMoney(p.transaction_amount)}</TableCell>
                    <DateBy at={p.created_at} by={p.by} />
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          {m.clawbacks.length > 0 && (
            <Table size="small" aria-label="Clawbacks of this card" sx={{ ...DENSE, mt: 1 }}>
              <TableHead>
                <TableRow>
                  <TableCell>Clawback</TableCell>
                  <TableCell align="right">Amount</TableCell>
                  <TableCell>Date, by</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {m.clawbacks.map((c) => (
                  <TableRow key={c.transaction_id}>
                    <TableCell className="nowrap">
                      {c.kind === 'clawback' ? 'Clawed back' : 'Reversed'} · {c.code}
                    </TableCell>
                    <TableCell align="right">{formatMoney(c.amount)}</TableCell>
                    <DateBy at={c.created_at} by={c.by} />
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          {isStaff && <HoldsPanel target={{ cardId }} title="Payout holds on this card" />}
        </>
      )}
    </Box>
  );
}

import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import Typography from '@mui/material/Typography';
import { LIMITS } from '../../../../shared/limits';
import type { Appeal } from '../../../../shared/types';
import { formatDateTime } from '../../lib/format';
import { Money } from '../../components/Money';
import { ListPage } from '../../components/ListTable';
import { useFilteredList } from '../../components/filters/useFilteredList';
import { APPEAL_FIELDS } from './appealFields';
import DecideAppealDialog from './DecideAppealDialog';

export const DECISION_LABEL = { rejection: 'Rejection', clawback: 'Clawback' } as const;

/** An open appeal past its target (the server's decide_by), in the error colour as an overdue card's age. */
function Overdue({ a }: { a: Appeal }) {
  if (a.outcome || Date.parse(a.decide_by) >= Date.now()) return null;
  return (
    <Typography variant="caption" component="div" color="error" sx={{ fontWeight: 600 }} data-overdue>
      overdue
    </Typography>
  );
}

/** The original decision: what and when, never who made it. */
function Original({ a }: { a: Appeal }) {
  return (
    <>
      <Typography variant="body2">
        {DECISION_LABEL[a.decision]}
        {a.original.reason_label ? `: ${a.original.reason_label}` : ''}
      </Typography>
      {a.original.note && (
        <Typography variant="caption" color="text.secondary" component="div">
          “{a.original.note}”
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary" component="div">
        <time dateTime={a.original.decided_at}>{formatDateTime(a.original.decided_at)}</time>
      </Typography>
    </>
  );
}

/**
 * Appeals (staff, issue 53): sellers' appeals of rejections and contests of clawbacks, oldest first. A staff member
 * other than the one who made the decision upholds or reverses each, with a note the seller reads.
 */
export default function AppealsPage() {
  const { list, filters } = useFilteredList<Appeal>(
    'listAppeals',
    LIMITS.lists.appealsPerPage.value,
    'Could not load the appeals',
    APPEAL_FIELDS,
  );
  const [deciding, setDeciding] = useState<Appeal | null>(null);
  return (
    <>
      <ListPage
        title="Appeals"
        label="Appeals"
        columns={[
          { label: 'Appealed', sortKey: 'created_at', sortFirst: 'asc' },
          { label: 'Card' },
          { label: 'Seller' },
          { label: 'Decision appealed' },
          { label: "Seller's note" },
          { label: 'Action', align: 'right' },
        ]}
        list={list}
        emptyText="No appeals"
        filters={{ ...filters, label: 'Filter the appeals', noun: 'appeals', one: 'appeal', defaultSort: 'created_at' }}
        threshold={LIMITS.lists.appealsPerPage.value}
        rowTestId={(a) => `appeal-${a.id}`}
        cells={(a) => (
          <>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              <time dateTime={a.created_at}>{formatDateTime(a.created_at)}</time>
              <Overdue a={a} />
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              <Link component={RouterLink} to={`/gift-card/${a.gift_card_id}`}>
                #{a.gift_card_id}
              </Link>
              <Typography variant="caption" color="text.secondary" component="div">
                {a.card.offer ?? '—'} · <Money value={a.card.price} />
              </Typography>
            </TableCell>
            <TableCell>{a.seller.name}</TableCell>
            <TableCell>
              <Original a={a} />
            </TableCell>
            <TableCell sx={{ whiteSpace: 'pre-wrap', minWidth: 200 }}>{a.note}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {a.outcome ? (
                <Chip
                  size="small"
                  color={a.outcome === 'reversed' ? 'success' : 'default'}
                  label={a.outcome === 'reversed' ? 'Reversed' : 'Upheld'}
                />
              ) : a.own_decision ? (
                <Chip size="small" label="Your decision: another staff member decides" />
              ) : (
                <Button
                  size="small"
                  variant="contained"
                  onClick={() => setDeciding(a)}
                  aria-label={`Decide the appeal on card #${a.gift_card_id}`}
                >
                  Decide
                </Button>
              )}
            </TableCell>
          </>
        )}
      />
      <DecideAppealDialog appeal={deciding} onClose={() => setDeciding(null)} />
    </>
  );
}

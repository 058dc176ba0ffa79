import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { SIGNAL_LABEL } from '../../../../shared/link-form';
import type { SellerLink } from '../../../../shared/types';
import { useApiQuery } from '../../api/query';
import { formatDateTime } from '../../lib/format';
import { TablePanel } from '../TablePanel';
import { KnownGoodDialog } from './KnownGoodDialog';

export interface LinkTarget {
  sellerId?: number;
  cardId?: number;
}

const cardLink = (id: number | null, mark?: number) =>
  id === null ? (
    'a deleted card'
  ) : (
    <Link component={RouterLink} to={`/gift-card/${id}`}>
      Card #{id}
      {id === mark ? ' (this card)' : ''}
    </Link>
  );
const payoutLink = (id: number | null) =>
  id === null ? (
    'a deleted payout'
  ) : (
    <Link component={RouterLink} to={`/edit-transaction/${id}`}>
      Payout #{id}
    </Link>
  );

/** What linked the two sellers: their cards, or their payouts (one payout moved between them: once). */
function evidence(l: SellerLink, cardId?: number): ReactNode {
  if (l.signal === 'payout_code')
    return l.transaction_id === l.other_transaction_id ? (
      <>{payoutLink(l.transaction_id)} (moved from one seller to the other)</>
    ) : (
      <>
        {payoutLink(l.transaction_id)} and theirs {payoutLink(l.other_transaction_id)}
      </>
    );
  return (
    <>
      {cardLink(l.gift_card_id, cardId)} and theirs {cardLink(l.other_gift_card_id, cardId)}
    </>
  );
}

/**
 * Staff: the sellers linked with a seller (or a card's seller) by a card number, a photo or a payout code, newest
 * first: which signal, which cards, when found, known-good or not, with "Mark as known-good". Sellers never see it.
 */
export function LinkedSellersPanel({ target, title = 'Linked sellers' }: { target: LinkTarget; title?: string }) {
  const [marking, setMarking] = useState<SellerLink | null>(null);
  const args = target.cardId !== undefined ? { query: { gift_card_id: target.cardId } } : { query: { seller_id: target.sellerId } };
  const q = useApiQuery('listSellerLinks', args, { loader: false });
  const id = `links-${target.cardId ?? 's'}-${target.sellerId ?? 'c'}`;
  return (
    <TablePanel
      id={id}
      title={title}
      what="the linked sellers"
      empty="No linked sellers"
      rows={q.data?.data}
      failed={q.isError}
      testId="linked-sellers"
      head={
        <>
          <TableCell>Seller</TableCell>
          <TableCell>Signal</TableCell>
          <TableCell>What they share</TableCell>
          <TableCell>Status</TableCell>
        </>
      }
      row={(l) => (
        <TableRow key={l.id} data-testid={`link-${l.id}`}>
          <TableCell>{l.other_seller_name ?? `Seller #${l.other_seller_id}`}</TableCell>
          <TableCell>{SIGNAL_LABEL[l.signal]}</TableCell>
          <TableCell>
            {evidence(l, target.cardId)}
            <Typography variant="caption" color="text.secondary" component="div">
              Found {formatDateTime(l.first_seen_at)}
            </Typography>
          </TableCell>
          <TableCell>
            {l.known_good_at !== null ? (
              <>
                Known-good ({formatDateTime(l.known_good_at)}, {l.known_good_by_name ?? '—'})
                {l.note && (
                  <Typography variant="caption" component="div">
                    {l.note}
                  </Typography>
                )}
              </>
            ) : (
              <Button
                size="small"
                onClick={() => setMarking(l)}
                aria-label={`Mark as known-good: the link with ${l.other_seller_name ?? `seller #${l.other_seller_id}`} (${SIGNAL_LABEL[l.signal].toLowerCase()})`}
              >
                Mark as known-good
              </Button>
            )}
          </TableCell>
        </TableRow>
      )}
    >
      <KnownGoodDialog link={marking} onClose={() => setMarking(null)} />
    </TablePanel>
  );
}

import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import EditIcon from '@mui/icons-material/Edit';
import { PAGE_SIZE, PAGINATION_THRESHOLD } from '../../../../shared/constants';
import type { Transaction } from '../../../../shared/types';
import { formatDateTime } from '../../lib/format';
import { Money } from '../../components/Money';
import { TransactionKind } from '../../components/TransactionKind';
import { ListPage } from '../../components/ListTable';
import { useFilteredList } from '../../components/filters/useFilteredList';
import { transactionFields } from '../../components/filters/listFields';
import { useSellerOfUrl } from '../../components/useChosenSeller';

export default function TransactionListPage() {
  const seller = useSellerOfUrl();
  const fields = useMemo(() => transactionFields(seller), [seller]);
  const { list, filters } = useFilteredList<Transaction>(
    'listTransactions',
    PAGE_SIZE.transactions,
    'Could not load the transactions',
    fields,
  );
  const navigate = useNavigate();

  return (
    <>
      <ListPage
        title="Transactions"
        exportAs={{ op: 'exportTransactions', fileBase: 'transactions' }}
        add={{ label: 'Create Transaction', to: '/create-transaction' }}
        label="Transactions"
        columns={[
          { label: 'Seller' },
          { label: 'Code' },
          { label: 'Transactions Amount', align: 'right', sortKey: 'amount', sortFirst: 'desc' },
          { label: 'Is Redeem' },
          { label: 'Date', sortKey: 'created_at', sortFirst: 'desc' },
          { label: 'Action', align: 'right' },
        ]}
        list={list}
        emptyText="No transactions yet"
        filters={{ ...filters, label: 'Filter transactions', noun: 'transactions' }}
        threshold={PAGINATION_THRESHOLD.transactions}
        cells={(t) => (
          <>
            <TableCell>{t.seller?.name}</TableCell>
            <TableCell className="nowrap">
              {t.code}
              <TransactionKind t={t} />
            </TableCell>
            <TableCell align="right">
              <Money value={t.transaction_amount} />
            </TableCell>
            <TableCell>
              {/* Only a payout can be redeemed: a clawback entry (or its reversal) has no Yes or No. */}
              {t.kind === 'payout' ? (
                <Chip size="small" label={t.is_redeem === 1 ? 'Yes' : 'No'} color={t.is_redeem === 1 ? 'success' : 'default'} />
              ) : (
                '—'
              )}
            </TableCell>
            <TableCell className="nowrap">{formatDateTime(t.created_at)}</TableCell>
            <TableCell align="right">
              {t.kind === 'payout' && (
                <IconButton aria-label={`Edit transaction ${t.code}`} onClick={() => navigate(`/edit-transaction/${t.id}`)}>
                  <EditIcon />
                </IconButton>
              )}
            </TableCell>
          </>
        )}
      />
    </>
  );
}

import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import TableCell from '@mui/material/TableCell';
import { PAGE_SIZE, PAGINATION_THRESHOLD } from '../../../../shared/constants';
import { MSG } from '../../../../shared/messages';
import type { Transaction } from '../../../../shared/types';
import { useApiMutation } from '../../api/query';
import { Money } from '../../components/Money';
import { TransactionKind } from '../../components/TransactionKind';
import { useNotify } from '../../components/notify';
import { useConfirm } from '../../components/Confirm';
import { PageHeader } from '../../components/PageHeader';
import { ListExportButton } from '../../components/ListExportButton';
import { ListTable } from '../../components/ListTable';
import { useFilteredList } from '../../components/filters/useFilteredList';
import { myTransactionFields } from '../../components/filters/listFields';
import { formatDateTime } from '../../lib/format';

/** The seller's payouts: Code, amount and a Redeem switch (flips is_redeem, then the list reloads). */
export default function MyTransactionPage() {
  const { list, filters } = useFilteredList<Transaction>(
    'myTransactions',
    PAGE_SIZE.transactions,
    'Could not load your transactions',
    myTransactionFields,
  );
  const redeem = useApiMutation('updateTransaction');
  const notify = useNotify();
  const confirm = useConfirm();

  const toggle = async (t: Transaction) => {
    // Switching a redeemed payout back is the unusual way: ask first.
    if (
      t.is_redeem === 1 &&
      !(await confirm(`Mark payout ${t.code} as not redeemed? Use this only if you have not received this money.`, {
        title: 'Undo the redeem?',
        yes: 'Yes, mark as not redeemed',
      }))
    )
      return;
    await redeem.mutateAsync({ id: t.id, body: {} }).then(
      () => notify.success(MSG.redeemUpdated),
      () => notify.error(MSG.serverError),
    );
  };

  return (
    <>
      <PageHeader title="My Transaction" actions={<ListExportButton op="exportMyTransactions" fileBase="my-transactions" />} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 720 }} id="redeem-help">
        Each row is a payout the marketplace sent you, or a clawback of a disputed card (negative) and its reversal when the dispute is
        resolved. Switch Redeem on once you have received the money, so that you and the staff can see which payouts are settled.
      </Typography>
      <ListTable
        label="My transactions"
        columns={[
          { label: 'Code' },
          { label: 'Amount', align: 'right', sortKey: 'amount', sortFirst: 'desc' },
          { label: 'Date', sortKey: 'created_at', sortFirst: 'desc' },
          { label: 'Redeem' },
        ]}
        list={list}
        emptyText="No transactions yet"
        filters={{ ...filters, label: 'Filter my transactions', noun: 'transactions' }}
        threshold={PAGINATION_THRESHOLD.transactions}
        cells={(t) => (
          <>
            <TableCell className="nowrap">
              {t.code}
              <TransactionKind t={t} />
            </TableCell>
            <TableCell align="right">
              <Money value={t.transaction_amount} />
            </TableCell>
            <TableCell className="nowrap">{formatDateTime(t.created_at)}</TableCell>
            <TableCell>
              {t.kind === 'payout' && (
                <Switch
                  checked={t.is_redeem === 1}
                  onChange={() => void toggle(t)}
                  slotProps={{ input: { 'aria-label': `Redeem ${t.code}`, 'aria-describedby': 'redeem-help' } }}
                />
              )}
            </TableCell>
          </>
        )}
      />
    </>
  );
}

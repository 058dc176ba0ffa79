import { Link as RouterLink } from 'react-router-dom';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { PAYMENT_KIND_LABEL, TRANSACTION_KIND_LABEL } from '../../../shared/constants';
import type { Transaction } from '../../../shared/types';

/**
 * Under a transaction's code: how a payout was made (card payment, with a link to its card; payout; bulk payment),
 * or a red Clawback / a Clawback reversed chip.
 */
export function TransactionKind({ t }: { t: Pick<Transaction, 'kind' | 'payment_kind' | 'gidcard_id'> }) {
  if (t.kind && t.kind !== 'payout')
    return (
      <>
        <Chip
          size="small"
          sx={{ ml: 1 }}
          color={t.kind === 'clawback' ? 'error' : 'default'}
          variant="outlined"
          label={TRANSACTION_KIND_LABEL[t.kind]}
          data-testid="transaction-kind"
        />
        {/* A clawback or its reversal belongs to one disputed card: link it like a card payment. */}
        {t.gidcard_id !== null && <CardLink id={t.gidcard_id} />}
      </>
    );
  if (!t.payment_kind) return null;
  return (
    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }} data-testid="payment-kind">
      {PAYMENT_KIND_LABEL[t.payment_kind]}
      {t.gidcard_id !== null && <CardLink id={t.gidcard_id} />}
    </Typography>
  );
}

function CardLink({ id }: { id: number }) {
  return (
    <>
      {' · '}
      <Link component={RouterLink} to={`/gift-card/${id}`}>
        Card #{id}
      </Link>
    </>
  );
}

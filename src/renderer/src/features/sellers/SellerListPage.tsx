import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import TableCell from '@mui/material/TableCell';
import { PAGE_SIZE, PAGINATION_THRESHOLD } from '../../../../shared/constants';
import type { SellerRow } from '../../../../shared/types';
import { Due } from '../../components/Money';
import { ListPage } from '../../components/ListTable';
import { useFilteredList } from '../../components/filters/useFilteredList';
import { sellerFields } from '../../components/filters/listFields';
import { BulkPaymentDialog } from './BulkPaymentDialog';
import { HoldLine } from '../../components/holds/HoldFigures';
import { SellerHoldsDialog } from '../../components/holds/SellerHoldsDialog';
import { TrustBadge } from '../../components/trust/TrustBadge';
import { useSession } from '../../app/session';
import { TrustPolicyDialog } from './TrustPolicyDialog';
import { SellerLinksDialog } from '../../components/links/SellerLinksDialog';
import { NewLinksNotice } from '../../components/links/NewLinksNotice';

export default function SellerListPage() {
  const { list, filters } = useFilteredList<SellerRow>('sellerList', PAGE_SIZE.sellers, 'Could not load the sellers', sellerFields);
  const [paying, setPaying] = useState<SellerRow | null>(null);
  const [holding, setHolding] = useState<SellerRow | null>(null);
  const [policy, setPolicy] = useState(false);
  const { user } = useSession();
  const [linking, setLinking] = useState<SellerRow | null>(null);

  return (
    <>
      <NewLinksNotice />
      <ListPage
        title="Seller Lists"
        exportAs={{ op: 'exportSellers', fileBase: 'sellers' }}
        add={{ label: 'Add Seller', to: '/create/user?role=seller' }}
        label="Sellers"
        columns={[
          { label: 'Seller name', sortKey: 'name' },
          { label: 'Seller Email' },
          { label: 'Due', align: 'right', sortKey: 'due', sortFirst: 'desc' },
          { label: 'Trust', sortKey: 'trust' },
          { label: 'Action', align: 'right' },
        ]}
        list={list}
        emptyText="No sellers yet"
        filters={{ ...filters, label: 'Filter sellers', noun: 'sellers' }}
        threshold={PAGINATION_THRESHOLD.sellers}
        cells={(s) => (
          <>
            <TableCell>{s.name}</TableCell>
            <TableCell>{s.email}</TableCell>
            <TableCell align="right">
              <Due value={s.seller_due} />
              <HoldLine figures={s} />
            </TableCell>
            <TableCell>
              <TrustBadge score={s.trust_score} band={s.trust_band} />
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              <Button
                size="small"
                component={RouterLink}
                to={`/statement?seller_id=${s.id}`}
                aria-label={`Statement of ${s.name}`}
                sx={{ mr: 1 }}
              >
                Statement
              </Button>
              <Button size="small" onClick={() => setHolding(s)} aria-label={`Payout holds of ${s.name}`} sx={{ mr: 1 }}>
                Holds
              </Button>
              <Button size="small" onClick={() => setLinking(s)} aria-label={`Links of ${s.name}`} sx={{ mr: 1 }}>
                Links
              </Button>
              {s.seller_due > 0 && (
                <Button size="small" variant="outlined" onClick={() => setPaying(s)} aria-label={`Bulk Payment for ${s.name}`}>
                  Bulk Payment
                </Button>
              )}
            </TableCell>
          </>
        )}
      />
      <BulkPaymentDialog seller={paying} onClose={() => setPaying(null)} />
      <SellerHoldsDialog seller={holding} onClose={() => setHolding(null)} />
      {user?.role === 'admin' && (
        <>
          <Button onClick={() => setPolicy(true)} sx={{ mt: 1 }}>
            Trust policy
          </Button>
          <TrustPolicyDialog open={policy} onClose={() => setPolicy(false)} />
        </>
      )}
      <SellerLinksDialog seller={linking} onClose={() => setLinking(null)} />
    </>
  );
}

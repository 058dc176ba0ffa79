import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { SellerRow } from '../../../../shared/types';
import { LinkedSellersPanel } from './LinkedSellersPanel';

/** Staff: the sellers linked with a seller, from the seller list. */
export function SellerLinksDialog({ seller, onClose }: { seller: SellerRow | null; onClose(): void }) {
  return (
    <Dialog open={seller !== null} onClose={onClose} aria-labelledby="seller-links-title" fullWidth maxWidth="md">
      <DialogTitle id="seller-links-title">Linked sellers of {seller?.name}</DialogTitle>
      <DialogContent>
        {seller && <LinkedSellersPanel target={{ sellerId: seller.id }} title="Sellers linked with this seller" />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

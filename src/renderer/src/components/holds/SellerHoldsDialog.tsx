import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { SellerRow } from '../../../../shared/types';
import { HoldsPanel } from './HoldsPanel';

/** Staff: a seller's payout holds from the seller list (place one, release one). */
export function SellerHoldsDialog({ seller, onClose }: { seller: SellerRow | null; onClose(): void }) {
  return (
    <Dialog open={seller !== null} onClose={onClose} aria-labelledby="seller-holds-title" fullWidth maxWidth="sm">
      <DialogTitle id="seller-holds-title">Payout holds of {seller?.name}</DialogTitle>
      <DialogContent>{seller && <HoldsPanel target={{ sellerId: seller.id }} title="Holds on this seller" />}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

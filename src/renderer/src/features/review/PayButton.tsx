import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import PaymentsIcon from '@mui/icons-material/Payments';
import { MSG } from '../../../../shared/messages';
import { visuallyHidden } from '../../components/visuallyHidden';

const REASON_ID = 'pay-blocked-reason';

/**
 * The card page's Pay. With FOUR_EYES on, the staff member who approved the card may not pay it: the button is then
 * disabled and says why (hovered, and to screen readers), rather than refusing once the payment is filled in.
 */
export default function PayButton({ approverBlocked, onPay }: { approverBlocked: boolean; onPay(): void }) {
  if (!approverBlocked)
    return (
      <Button variant="contained" startIcon={<PaymentsIcon />} onClick={onPay}>
        Pay
      </Button>
    );
  return (
    <Tooltip title={MSG.approverCannotPay}>
      {/* A disabled button gets no pointer events: the span carries the tooltip. */}
      <span data-testid="pay-blocked">
        <Button variant="contained" startIcon={<PaymentsIcon />} disabled aria-describedby={REASON_ID}>
          Pay
        </Button>
        <Box component="span" id={REASON_ID} sx={visuallyHidden}>
          {MSG.approverCannotPay}
        </Box>
      </span>
    </Tooltip>
  );
}

import { Link as RouterLink } from 'react-router-dom';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useApiQuery } from '../../api/query';
import { inboxLabel } from './inboxText';

/**
 * A seller's inbox in the top bar: a bell with the unread count that opens the Inbox. Its count follows the live
 * events (api/live.ts refreshes `sellerInbox` on a decision or a payout), in the browser and the desktop app alike.
 */
export function InboxBell() {
  const inbox = useApiQuery('sellerInbox', { query: { page: '1' } }, { loader: false });
  const unread = inbox.data?.unread ?? 0;
  const label = inboxLabel(unread);
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" component={RouterLink} to="/inbox" aria-label={label} data-testid="inbox-bell">
        {/* The number is in the button's name; the badge only shows it (none at 0: an invisible "0" is still text). */}
        <Badge
          badgeContent={unread > 0 ? unread : undefined}
          color="warning"
          max={99}
          data-testid="inbox-unread"
          slotProps={{ badge: { 'aria-hidden': true } }}
        >
          <NotificationsIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}

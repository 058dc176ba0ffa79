import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { clearNewLinks, useNewLinks } from './newLinks';

/**
 * The new links between sellers heard in this browser session, on the Seller Lists page in the page's flow (never over
 * its controls): each with its card's page (where the link is listed), until staff dismiss them, which also clears the
 * Seller Lists item's count. Nothing when there are none (and never in the desktop app: it notifies through the OS).
 */
export function NewLinksNotice() {
  const { count, recent } = useNewLinks();
  if (count === 0) return null;
  const more = count - recent.length;
  return (
    <Alert
      severity="info"
      component="section"
      // A region, not MUI's default alert: the screen reader heard the link when it came (LiveUpdates' status).
      role="region"
      aria-label="New seller links"
      data-testid="new-links-notice"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={clearNewLinks}>
          Dismiss
        </Button>
      }
    >
      <AlertTitle>{count === 1 ? '1 new seller link' : `${count} new seller links`}</AlertTitle>
      <ul style={{ margin: 0, paddingLeft: 20 }}>
        {recent.map((l) => (
          <li key={l.id}>
            {l.text}{' '}
            {l.cardId !== null && (
              <Link component={RouterLink} to={`/gift-card/${l.cardId}`}>
                Card #{l.cardId}
              </Link>
            )}
          </li>
        ))}
        {more > 0 && <li>and {more} more</li>}
      </ul>
    </Alert>
  );
}

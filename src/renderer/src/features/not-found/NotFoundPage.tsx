import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import HomeIcon from '@mui/icons-material/Home';
import { MSG } from '../../../../shared/messages';
import { useSession } from '../../app/session';
import { useDocumentTitle } from '../../components/useDocumentTitle';

/** An unknown path: inside the app frame when signed in (the layout is the main landmark), on its own otherwise. */
export default function NotFoundPage() {
  useDocumentTitle(MSG.noPage);
  const { user } = useSession();
  return (
    <Box component={user ? 'div' : 'main'} sx={{ p: user ? 3 : 6, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {MSG.noPage}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        The address may be mistyped, or the page has moved.{user ? ' The menu on the left reaches every screen.' : ''}
      </Typography>
      <Button variant="contained" component={RouterLink} to="/" startIcon={<HomeIcon />}>
        Go to the dashboard
      </Button>
    </Box>
  );
}

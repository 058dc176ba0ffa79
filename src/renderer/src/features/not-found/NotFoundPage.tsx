import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { MSG } from '../../../../shared/messages';
import { useDocumentTitle } from '../../components/useDocumentTitle';

export default function NotFoundPage() {
  useDocumentTitle(MSG.noPage);
  return (
    <Box component="main" sx={{ p: 6, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {MSG.noPage}
      </Typography>
      <Link component={RouterLink} to="/">
        Go to the dashboard
      </Link>
    </Box>
  );
}

import { createTheme } from '@mui/material/styles';

export const theme = createTheme({
  palette: { primary: { main: '#1f4e79' }, secondary: { main: '#00897b' } },
  components: {
    MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } },
  },
});

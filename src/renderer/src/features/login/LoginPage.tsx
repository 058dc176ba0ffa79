import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import { MSG } from '../../../../shared/messages';
import { useSession } from '../../app/session';
import { useNotify } from '../../components/notify';

/** Login: an email-or-username field (type email, spec 5; noValidate so a user name passes), a password and Login. */
export default function LoginPage() {
  useDocumentTitle('Login');
  const { login } = useSession();
  const notify = useNotify();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState({ email: false, password: false });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    // An empty field never reaches the server: it says Required under itself.
    const empty = { email: !email.trim(), password: !password };
    setMissing(empty);
    if (empty.email || empty.password) return;
    setBusy(true);
    const ok = await login(email.trim(), password);
    setBusy(false);
    if (ok) {
      notify.success(MSG.loginSuccess);
      navigate('/', { replace: true });
    } else {
      notify.error(MSG.loginFailed);
    }
  };

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100', p: 2 }}>
      <Paper component="form" noValidate onSubmit={submit} sx={{ p: 4, width: '100%', maxWidth: 400 }} aria-labelledby="login-title">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <CardGiftcardIcon color="primary" aria-hidden />
          <Typography id="login-title" variant="h5" component="h1">
            Gift Card Back-Office
          </Typography>
        </Box>
        <Typography color="text.secondary">Sign in to continue</Typography>
        <TextField
          id="login-email"
          label="Email or user name"
          type="email"
          autoComplete="username"
          autoFocus
          required
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setMissing((m) => ({ ...m, email: false }));
          }}
          error={missing.email}
          helperText={missing.email ? 'Required' : ' '}
          slotProps={{ formHelperText: { role: missing.email ? 'alert' : undefined } }}
        />
        <TextField
          id="login-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setMissing((m) => ({ ...m, password: false }));
          }}
          error={missing.password}
          helperText={missing.password ? 'Required' : ' '}
          slotProps={{ formHelperText: { role: missing.password ? 'alert' : undefined } }}
        />
        <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={busy}>
          Login
        </Button>
      </Paper>
    </Box>
  );
}

import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { MSG } from '../../../../shared/messages';
import { errorText, fieldErrors, isOk, msgText, useApi } from '../../app/api';
import { LoadState } from '../../components/DataTable';
import { EMAIL_RE, hasErrors, type Errors } from '../../components/form';
import { useNotify } from '../../components/notify';
import { PageHeader } from '../../components/PageHeader';
import { SelectField } from '../../components/SelectField';

type Field = 'name' | 'email' | 'password' | 'role';
interface Values {
  name: string;
  email: string;
  password: string;
  role: string;
}

const ROLE_OPTIONS = [
  { value: 'manager', label: 'Manager' },
  { value: 'seller', label: 'Seller' },
];

function validate(v: Values, creating: boolean): Errors<Field> {
  return {
    name: v.name.trim() ? undefined : 'User Name is required',
    email: !v.email.trim() ? 'Email is required' : EMAIL_RE.test(v.email.trim()) ? undefined : 'Enter a valid email address',
    password:
      creating && !v.password
        ? 'Password is required'
        : v.password && v.password.length < 6
          ? 'Password must be at least 6 characters'
          : undefined,
    role: v.role ? undefined : 'User Role is required',
  };
}

/** Create user (/create/user, ?role=seller preselects Seller) and edit user (/edit/user/:id). */
export default function UserFormPage() {
  const { id } = useParams();
  const editId = id ? Number(id) : null;
  const creating = editId === null;
  const [params] = useSearchParams();
  const { call } = useApi();
  const notify = useNotify();
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>({
    name: '',
    email: '',
    password: '',
    role: params.get('role') === 'seller' ? 'seller' : '',
  });
  const [errors, setErrors] = useState<Errors<Field>>({});
  const [loading, setLoading] = useState(!creating);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [isAdminAccount, setIsAdminAccount] = useState(false);

  const load = useCallback(async () => {
    if (editId === null) return;
    setLoading(true);
    setLoadError(null);
    const r = await call('getUser', { id: Number.isSafeInteger(editId) && editId > 0 ? editId : 0 });
    if (isOk(r)) {
      const u = r.data.user;
      setIsAdminAccount(u.role === 'admin');
      setValues({ name: u.name, email: u.email, password: '', role: u.role === 'admin' ? '' : u.role });
    } else {
      notify.error(MSG.serverErrorCapital);
      setLoadError(MSG.serverErrorCapital);
    }
    setLoading(false);
  }, [call, editId, notify]);

  useEffect(() => {
    void load();
  }, [load]);

  const set = (k: Field) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [k]: e.target.value }));
    setErrors((er) => ({ ...er, [k]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errs = validate(values, creating);
    if (isAdminAccount) errs.role = undefined;
    setErrors(errs);
    if (hasErrors(errs)) return;
    const body = {
      name: values.name.trim(),
      email: values.email.trim(),
      role: (values.role || 'manager') as 'manager' | 'seller',
      password: values.password || undefined,
    };
    if (creating) {
      const r = await call('createUser', { body: { ...body, password: values.password } });
      if (isOk(r)) {
        notify.success(msgText(r, 'User created'));
        navigate('/users');
        return;
      }
      const fe = fieldErrors(r);
      const taken = errorText(r, '') === MSG.emailTaken || /email/i.test(fe.email ?? '');
      if (taken) setErrors({ email: MSG.emailTaken });
      else setErrors(fe as Errors<Field>);
      notify.error(taken ? MSG.emailTaken : errorText(r, MSG.serverErrorCapital));
    } else {
      const r = await call('updateUser', { id: editId, body });
      if (isOk(r)) {
        notify.success(MSG.userUpdated);
        navigate('/users');
        return;
      }
      const taken = errorText(r, '') === MSG.emailTaken;
      setErrors(taken ? { email: MSG.emailTaken } : (fieldErrors(r) as Errors<Field>));
      notify.error(taken ? MSG.emailTaken : MSG.serverErrorCapital);
    }
  };

  const back = (
    <Button component={RouterLink} to="/users">
      Back To Lists
    </Button>
  );
  if (!creating && (loading || loadError)) {
    return (
      <>
        <PageHeader title="Edit User" actions={back} />
        <LoadState loading={loading} error={loadError} onRetry={load} />
      </>
    );
  }

  return (
    <>
      <PageHeader title={creating ? 'Add User' : 'Edit User'} actions={back} />
      <Paper component="form" noValidate onSubmit={submit} sx={{ p: 3, maxWidth: 560 }} aria-label={creating ? 'Add user' : 'Edit user'}>
        <TextField
          id="user-name"
          label="User Name"
          required
          autoFocus
          value={values.name}
          onChange={set('name')}
          error={!!errors.name}
          helperText={errors.name}
        />
        <TextField
          id="user-email"
          label="Email"
          type="email"
          required
          value={values.email}
          onChange={set('email')}
          error={!!errors.email}
          helperText={errors.email}
        />
        <TextField
          id="user-password"
          label="Password"
          type="password"
          autoComplete="new-password"
          required={creating}
          value={values.password}
          onChange={set('password')}
          error={!!errors.password}
          helperText={errors.password ?? (creating ? undefined : 'Leave empty to keep the current password')}
        />
        {isAdminAccount ? (
          <TextField id="user-role" label="User Role" value="Admin" disabled />
        ) : (
          <SelectField
            id="user-role"
            label="User Role"
            required
            value={values.role}
            onChange={set('role')}
            options={ROLE_OPTIONS}
            placeholder="Select a role"
            error={!!errors.role}
            helperText={errors.role}
          />
        )}
        <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
          <Button type="submit" variant="contained">
            {creating ? 'Save' : 'Update'}
          </Button>
        </Box>
      </Paper>
    </>
  );
}

import Link from '@mui/material/Link';
import { useMemo } from 'react';
import { useParams, useSearchParams, Link as RouterLink } from 'react-router-dom';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { userForm, type UserFormValues } from '../../../../shared/forms';
import { canRetry } from '../../components/retry';
import { MSG } from '../../../../shared/messages';
import { useApiMutation, useApiQuery } from '../../api/query';
import { msgText } from '../../api/results';
import { FormSelect, FormText } from '../../components/FormFields';
import { FormPage } from '../../components/FormPage';
import { peopleRefusal } from '../../../../shared/people-rule';
import { useSession } from '../../app/session';

const ROLE_OPTIONS = [
  { value: 'manager', label: 'Manager' },
  { value: 'seller', label: 'Seller' },
];
/** Create user (/create/user, ?role=seller preselects Seller) and edit user (/edit/user/:id). */
/** Why a user could not be loaded, in words: the spec's 'Server error' toast says only that it failed. */
const loadFailure = (status: number | undefined) =>
  status === 404 ? 'No user found with this id.' : status === 403 ? 'You are not allowed to edit this user.' : MSG.serverErrorCapital;

export default function UserFormPage() {
  const { id } = useParams();
  const { role: myRole, user: me } = useSession();
  const editId = id ? Number(id) : null;
  const creating = editId === null;
  const [params] = useSearchParams();
  const loaded = useApiQuery(
    'getUser',
    { id: editId !== null && Number.isSafeInteger(editId) && editId > 0 ? editId : 0 },
    { enabled: !creating },
  );
  const user = loaded.data?.user;
  const adminAccount = user?.role === 'admin';
  const values = useMemo<UserFormValues | undefined>(
    () => (user ? { name: user.name, email: user.email, password: '', role: user.role === 'admin' ? '' : user.role } : undefined),
    [user],
  );
  const form = useForm<UserFormValues>({
    resolver: zodResolver(userForm({ creating, adminAccount })),
    defaultValues: { name: '', email: '', password: '', role: params.get('role') === 'seller' || myRole !== 'admin' ? 'seller' : '' },
    values,
    resetOptions: { keepDirtyValues: true },
  });
  // What the server's people rule allows this user here: the roles they may pick, and whether they may set a password.
  const refusalFor = (input: { role?: string; password?: string }) =>
    me ? peopleRefusal(me, creating ? 'create' : 'edit', creating ? null : (user ?? null), input) : null;
  const passwordRefused = creating ? null : refusalFor({ password: 'set' });
  const create = useApiMutation('createUser');
  const update = useApiMutation('updateUser');

  const save = async (v: UserFormValues) => {
    const body = { name: v.name.trim(), email: v.email.trim(), role: (v.role || 'manager') as 'manager' | 'seller' };
    if (creating)
      return msgText({ status: 200, data: await create.mutateAsync({ body: { ...body, password: v.password } }) }, 'User created');
    await update.mutateAsync({ id: editId, body: { ...body, password: v.password || undefined } });
    return MSG.userUpdated;
  };

  return (
    <FormPage
      title={creating ? 'Add User' : 'Edit User'}
      label={creating ? 'Add user' : 'Edit user'}
      backTo="/users"
      loading={!creating && loaded.isPending}
      loadError={loaded.isError ? loadFailure(loaded.error?.status) : null}
      toastLoadError={MSG.serverErrorCapital}
      // Not allowed or not found: a Retry cannot change that (issue 55: a 403 offered one).
      onRetry={canRetry(loaded.error) ? () => void loaded.refetch() : undefined}
      form={form}
      save={save}
      submitLabel={creating ? 'Save' : 'Update'}
      clearable
      errorFallback={MSG.serverErrorCapital}
      mapRefusal={(shown) =>
        shown.toast === MSG.emailTaken || /email/i.test(shown.fields.email ?? '')
          ? { fields: { ...shown.fields, email: MSG.emailTaken }, toast: '' }
          : shown
      }
    >
      <FormText control={form.control} name="name" id="user-name" label="User Name" required />
      <FormText control={form.control} name="email" id="user-email" label="Email" type="email" required />
      <FormText
        control={form.control}
        name="password"
        id="user-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        required={creating}
        disabled={passwordRefused !== null}
        helperText={passwordRefused ?? (creating ? undefined : 'Leave empty to keep the current password')}
      />
      {adminAccount ? (
        <TextField id="user-role" label="User Role" value="Admin" disabled />
      ) : (
        <FormSelect
          control={form.control}
          name="role"
          id="user-role"
          label="User Role"
          required
          options={ROLE_OPTIONS.filter((o) => refusalFor({ role: o.value }) === null)}
          placeholder="Select a role"
        />
      )}
      {!creating && user?.role === 'seller' && (
        <Link component={RouterLink} to={`/statement?seller_id=${user.id}`} data-testid="seller-statement-link">
          Open this seller&apos;s statement
        </Link>
      )}
    </FormPage>
  );
}

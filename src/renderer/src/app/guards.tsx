import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import { PageHeader } from '../components/PageHeader';
import { useSession } from './session';
import { useDocumentTitle } from '../components/useDocumentTitle';

const WHO = { staff: 'It is for admins and managers only.', admin: 'It is for admins only.', seller: 'It is for sellers only.' };

/** Role gate inside the layout: staff-only or seller-only screens tell the other role they may not use them. */
export function RoleGate({ allow, children }: { allow: 'staff' | 'admin' | 'seller'; children: ReactNode }) {
  const { isStaff, isSeller, role } = useSession();
  const ok = allow === 'staff' ? isStaff : allow === 'admin' ? role === 'admin' : isSeller;
  useDocumentTitle(ok ? undefined : 'Not allowed');
  if (!ok) {
    return (
      <>
        <PageHeader title="Not allowed" />
        <Alert severity="warning" role="alert">
          You are not allowed to see this page. {WHO[allow]}
        </Alert>
      </>
    );
  }
  return <>{children}</>;
}

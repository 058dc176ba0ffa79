import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import { PageHeader } from '../components/PageHeader';
import { useSession } from './session';
import { useDocumentTitle } from '../components/useDocumentTitle';

/** Role gate inside the layout: staff-only or seller-only screens tell the other role they may not use them. */
export function RoleGate({ allow, children }: { allow: 'staff' | 'seller'; children: ReactNode }) {
  const { isStaff, isSeller } = useSession();
  const ok = allow === 'staff' ? isStaff : isSeller;
  useDocumentTitle(ok ? undefined : 'Not allowed');
  if (!ok) {
    return (
      <>
        <PageHeader title="Not allowed" />
        <Alert severity="warning" role="alert">
          You are not allowed to see this page. {allow === 'staff' ? 'It is for admins and managers only.' : 'It is for sellers only.'}
        </Alert>
      </>
    );
  }
  return <>{children}</>;
}

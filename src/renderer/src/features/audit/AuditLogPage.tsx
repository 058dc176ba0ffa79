import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import { LIMITS } from '../../../../shared/limits';
import type { AuditEntry } from '../../../../shared/types';
import { formatDateTime } from '../../lib/format';
import { ListPage } from '../../components/ListTable';
import { useFilteredList } from '../../components/filters/useFilteredList';
import { actionLabel, auditFields } from './auditFields';
import { AuditDetails, AuditRecord } from './AuditCells';
import { useStaff } from './useStaff';

/** Every staff action, newest first (admins): filter by who, what, which record and when; export what is shown. */
export default function AuditLogPage() {
  const staff = useStaff();
  const [params] = useSearchParams();
  const actor = params.get('actor_id');
  // Someone not on the staff list (a seller, a deleted account) picked from a row still shows in the Who select.
  const people = useMemo(
    () => (actor && !staff.some((u) => String(u.id) === actor) ? [...staff, { id: Number(actor), name: `User #${actor}` }] : staff),
    [staff, actor],
  );
  const fields = useMemo(() => auditFields(people), [people]);
  const { list, filters } = useFilteredList<AuditEntry>(
    'listAuditLog',
    LIMITS.lists.auditPerPage.value,
    'Could not load the audit log',
    fields,
  );

  return (
    <ListPage
      title="Audit log"
      exportAs={{ op: 'exportAuditLog', fileBase: 'audit-log' }}
      label="Audit log"
      size="small"
      columns={[
        { label: 'When', sortKey: 'created_at', sortFirst: 'desc' },
        { label: 'Who' },
        { label: 'Action' },
        { label: 'Record' },
        { label: 'Details' },
      ]}
      list={list}
      emptyText="No audit entries yet"
      filters={{ ...filters, label: 'Filter the audit log', noun: 'entries', one: 'entry' }}
      threshold={LIMITS.lists.auditPerPage.value}
      rowTestId={(e) => `audit-${e.id}`}
      cells={(e) => (
        <>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            <time dateTime={e.at}>{formatDateTime(e.at)}</time>
          </TableCell>
          <TableCell>
            {e.actor ? (
              <Link
                component="button"
                type="button"
                aria-label={`Show only ${e.actor.name}'s actions`}
                onClick={() => filters.set('actor_id', String(e.actor!.id))}
              >
                {e.actor.name}
              </Link>
            ) : (
              'System'
            )}
          </TableCell>
          <TableCell>{actionLabel(e.action)}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            <AuditRecord entry={e} />
          </TableCell>
          <TableCell>
            <AuditDetails details={e.details} />
          </TableCell>
        </>
      )}
    />
  );
}

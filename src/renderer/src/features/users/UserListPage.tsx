import { useNavigate } from 'react-router-dom';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import Tooltip from '@mui/material/Tooltip';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { PAGE_SIZE, PAGINATION_THRESHOLD } from '../../../../shared/constants';
import { MSG } from '../../../../shared/messages';
import type { User } from '../../../../shared/types';
import { peopleRefusal } from '../../../../shared/people-rule';
import { useSession } from '../../app/session';
import { ListPage } from '../../components/ListTable';
import { useFilteredList } from '../../components/filters/useFilteredList';
import { userFields } from '../../components/filters/listFields';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';

const ROLE_LABEL: Record<string, string> = { admin: 'Admin', manager: 'Manager', seller: 'Seller' };

export default function UserListPage() {
  const { list, filters } = useFilteredList<User>('listUsers', PAGE_SIZE.users, 'Could not load the users', userFields);
  const { user: me } = useSession();
  const confirmedDelete = useConfirmedDelete();
  const navigate = useNavigate();

  return (
    <>
      <ListPage
        title="User Lists"
        exportAs={{ op: 'exportUsers', fileBase: 'users' }}
        add={{ label: 'Add User', to: '/create/user' }}
        label="Users"
        columns={[
          { label: 'Name', sortKey: 'name' },
          { label: 'Email', sortKey: 'email' },
          { label: 'Role' },
          { label: 'Action', align: 'right' },
        ]}
        list={list}
        emptyText="No users yet"
        filters={{ ...filters, label: 'Filter users', noun: 'users' }}
        threshold={PAGINATION_THRESHOLD.users}
        cells={(u) => {
          // The server's people rule, asked before the click: a row the user may not change shows locked, with why.
          const editRefused = me ? peopleRefusal(me, 'edit', u) : null;
          const deleteRefused = me ? peopleRefusal(me, 'delete', u) : null;
          return (
            <>
              <TableCell>{u.name}</TableCell>
              <TableCell>{u.email}</TableCell>
              <TableCell>{ROLE_LABEL[u.role] ?? u.role}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Tooltip title={editRefused ?? ''}>
                  <span>
                    <IconButton
                      aria-label={`Edit ${u.name}`}
                      disabled={editRefused !== null}
                      onClick={() => navigate(`/edit/user/${u.id}`)}
                    >
                      <EditIcon />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title={deleteRefused ?? ''}>
                  <span>
                    <IconButton
                      aria-label={`Delete ${u.name}`}
                      color="error"
                      disabled={deleteRefused !== null}
                      onClick={() => confirmedDelete('deleteUser', u.id, MSG.deleteSuccess, `the user ${u.name} (${u.email})`)}
                    >
                      <DeleteIcon />
                    </IconButton>
                  </span>
                </Tooltip>
              </TableCell>
            </>
          );
        }}
      />
    </>
  );
}

import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { PAGE_SIZE, PAGINATION_THRESHOLD } from '../../../../shared/constants';
import { MSG } from '../../../../shared/messages';
import type { User } from '../../../../shared/types';
import { useSession } from '../../app/session';
import { TableStatusRow } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { Pagination } from '../../components/Pagination';
import { usePagedList } from '../../components/usePagedList';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';

const ROLE_LABEL: Record<string, string> = { admin: 'Admin', manager: 'Manager', seller: 'Seller' };

export default function UserListPage() {
  const list = usePagedList<User>('listUsers', PAGE_SIZE.users, 'Could not load the users');
  const { user: me } = useSession();
  const confirmedDelete = useConfirmedDelete();
  const navigate = useNavigate();

  const remove = async (u: User) => {
    if (await confirmedDelete('deleteUser', u.id, MSG.deleteSuccess)) await list.reload();
  };

  return (
    <>
      <PageHeader
        title="User Lists"
        actions={
          <Button variant="contained" component={RouterLink} to="/create/user">
            Add User
          </Button>
        }
      />
      <TableContainer component={Paper}>
        <Table aria-label="Users" aria-busy={list.loading}>
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Email</TableCell>
              <TableCell>Role</TableCell>
              <TableCell align="right">Action</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <TableStatusRow
              colSpan={4}
              loading={list.loading}
              error={list.error}
              empty={list.rows.length === 0}
              emptyText="No users yet"
              onRetry={list.reload}
            />
            {!list.error &&
              list.rows.map((u) => (
                <TableRow key={u.id} hover>
                  <TableCell>{u.name}</TableCell>
                  <TableCell>{u.email}</TableCell>
                  <TableCell>{ROLE_LABEL[u.role] ?? u.role}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <IconButton aria-label={`Edit ${u.name}`} onClick={() => navigate(`/edit/user/${u.id}`)}>
                      <EditIcon />
                    </IconButton>
                    <IconButton aria-label={`Delete ${u.name}`} color="error" disabled={u.id === me?.id} onClick={() => remove(u)}>
                      <DeleteIcon />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Pagination
        total={list.total}
        perPage={list.perPage}
        page={list.page}
        threshold={PAGINATION_THRESHOLD.users}
        onChange={list.setPage}
      />
    </>
  );
}

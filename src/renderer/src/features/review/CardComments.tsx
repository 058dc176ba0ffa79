import { useEffect, useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { PAGE_SIZE, PAGINATION_THRESHOLD } from '../../../../shared/constants';
import type { PickedFile } from '../../../../shared/endpoints';
import { MSG } from '../../../../shared/messages';
import type { Comment } from '../../../../shared/types';
import { errorText, fieldErrors, isOk, msgText, useApi } from '../../app/api';
import { useApiQuery } from '../../api/query';
import { useSession } from '../../app/session';
import { formatDateTime } from '../../lib/format';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { TableStatusRow } from '../../components/DataTable';
import ImagePicker from '../../components/ImagePicker';
import { useNotify } from '../../components/notify';
import { Pagination } from '../../components/Pagination';
import { ImageViewDialog } from './CardImages';
import { canRetry } from '../../components/retry';
import { textareaProps } from '../../components/FormFields';

/** The comment box and the comment table of a card. */
export default function CardComments({ cardId }: { cardId: number }) {
  const { call, transport } = useApi();
  const { user, isStaff } = useSession();
  const notify = useNotify();
  const confirmedDelete = useConfirmedDelete();
  const [page, setPage] = useState(1);
  const [text, setText] = useState('');
  const [image, setImage] = useState<PickedFile[]>([]);
  const [textError, setTextError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);

  const q = useApiQuery(
    'listComments',
    { id: cardId, query: { page: String(page) } },
    { loader: false, placeholderData: keepPreviousData },
  );
  const p = q.data?.data;
  const rows: Comment[] = p?.data ?? [];
  const total = p?.total ?? 0;
  const perPage = p?.per_page || PAGE_SIZE.comments;
  const loading = q.isFetching;
  const loadError = q.isError ? 'Could not load the comments' : null;
  const load = () => q.refetch();
  const fresh = q.isPlaceholderData ? undefined : p;
  useEffect(() => {
    // The last comment of the last page went away: step back.
    if (fresh && fresh.data.length === 0 && page > 1 && fresh.total > 0)
      setPage(Math.max(1, Math.ceil(fresh.total / (fresh.per_page || PAGE_SIZE.comments))));
  }, [fresh, page]);

  const send = async (e: React.FormEvent) => {
    e.preventDefault();
    if (sending) return;
    if (!text.trim()) {
      setTextError('Write a comment');
      return;
    }
    setSending(true);
    const r = await call('addComment', {
      id: cardId,
      body: { comment: text.trim() },
      files: image.length ? { comment_image: image } : undefined,
    });
    setSending(false);
    if (isOk(r)) {
      notify.success(msgText(r, 'Comment added'));
      setText('');
      setImage([]);
      setTextError(undefined);
      setPage(1); // the new comment is on page 1 (the list itself was refreshed by the write)
    } else {
      setTextError(fieldErrors(r).comment);
      notify.error(errorText(r, MSG.serverError));
    }
  };

  const remove = async (c: Comment) => {
    await confirmedDelete('deleteComment', c.id, undefined, 'this comment');
  };

  return (
    <Box component="section" aria-labelledby="comments-title">
      <Typography variant="h6" component="h2" id="comments-title" gutterBottom>
        Comments
      </Typography>
      <form onSubmit={send} noValidate aria-label="Add a comment">
        <Stack spacing={2} sx={{ mb: 3 }}>
          <ImagePicker label="Comment Image" files={image} onChange={setImage} multiple={false} disabled={sending} />
          <TextField
            label="Comment"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setTextError(undefined);
            }}
            required
            {...textareaProps(2)}
            fullWidth
            disabled={sending}
            error={!!textError}
            helperText={textError}
          />
          <Box>
            <Button type="submit" variant="contained" disabled={sending}>
              Comment Now
            </Button>
          </Box>
        </Stack>
      </form>
      <TableContainer>
        <Table size="small" aria-label="Comments">
          <TableHead>
            <TableRow>
              <TableCell>Image</TableCell>
              <TableCell>Comment</TableCell>
              <TableCell>User</TableCell>
              <TableCell>Date</TableCell>
              <TableCell align="center">Action</TableCell>
            </TableRow>
          </TableHead>
          <TableBody sx={{ opacity: loading && rows.length ? 0.6 : 1 }}>
            <TableStatusRow
              colSpan={5}
              loading={loading}
              error={loadError}
              empty={rows.length === 0}
              emptyText={MSG.noComment}
              onRetry={canRetry(q.error) ? load : undefined}
            />
            {!loadError &&
              rows.map((c) => {
                const src = c.image_url || c.image ? transport.imageUrl(c.image_url ?? c.image) : '';
                return (
                  <TableRow key={c.id}>
                    <TableCell sx={{ width: 90 }}>
                      {src ? (
                        <Box
                          component="button"
                          type="button"
                          onClick={() => setViewing(src)}
                          aria-label={`View the image of comment ${c.id}`}
                          sx={{ p: 0, border: 0, background: 'none', cursor: 'zoom-in' }}
                        >
                          <img src={src} alt="" style={{ width: 64, height: 48, objectFit: 'cover', display: 'block' }} />
                        </Box>
                      ) : (
                        '—'
                      )}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{c.comment}</TableCell>
                    <TableCell>{c.comment_user?.name}</TableCell>
                    <TableCell className="nowrap">{formatDateTime(c.created_at)}</TableCell>
                    <TableCell align="center">
                      {(isStaff || c.comment_user?.id === user?.id) && (
                        <IconButton aria-label={`Delete comment ${c.id}`} onClick={() => remove(c)}>
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
          </TableBody>
        </Table>
      </TableContainer>
      <Pagination total={total} perPage={perPage} page={page} threshold={PAGINATION_THRESHOLD.comments} onChange={setPage} />
      <ImageViewDialog src={viewing} title="Comment image" onClose={() => setViewing(null)} />
    </Box>
  );
}

import { useCallback, useEffect, useRef, useState } from 'react';
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
import { useSession } from '../../app/session';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { TableStatusRow } from '../../components/DataTable';
import ImagePicker from '../../components/ImagePicker';
import { useNotify } from '../../components/notify';
import Pagination from '../../components/Pagination';
import { ImageViewDialog } from './CardImages';

/** The comment box and the comment table of a card. */
export default function CardComments({ cardId }: { cardId: number }) {
  const { call, transport } = useApi();
  const { user, isStaff } = useSession();
  const notify = useNotify();
  const confirmedDelete = useConfirmedDelete();
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<Comment[]>([]);
  const [total, setTotal] = useState(0);
  const [perPage, setPerPage] = useState<number>(PAGE_SIZE.comments);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [image, setImage] = useState<PickedFile[]>([]);
  const [textError, setTextError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);

  const seq = useRef(0);

  const load = useCallback(async () => {
    const mine = ++seq.current;
    setLoading(true);
    setLoadError(null);
    const r = await call('listComments', { id: cardId, query: { page: String(page) } }, { loader: false });
    if (mine !== seq.current) return; // a newer request (another page) answers instead
    if (isOk(r) && r.data?.data) {
      const p = r.data.data;
      if (p.data.length === 0 && page > 1 && p.total > 0) setPage(Math.max(1, Math.ceil(p.total / (p.per_page || PAGE_SIZE.comments))));
      setRows(p.data);
      setTotal(p.total);
      setPerPage(p.per_page || PAGE_SIZE.comments);
    } else setLoadError('Could not load the comments');
    setLoading(false);
  }, [call, cardId, page]);

  useEffect(() => {
    void load();
  }, [load]);

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
      if (page === 1) await load();
      else setPage(1);
    } else {
      setTextError(fieldErrors(r).comment);
      notify.error(errorText(r, MSG.serverError));
    }
  };

  const remove = async (c: Comment) => {
    if ((await confirmedDelete('deleteComment', c.id)) !== null) await load();
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
            multiline
            minRows={2}
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
              <TableCell align="center">Action</TableCell>
            </TableRow>
          </TableHead>
          <TableBody sx={{ opacity: loading && rows.length ? 0.6 : 1 }}>
            <TableStatusRow
              colSpan={4}
              loading={loading}
              error={loadError}
              empty={rows.length === 0}
              emptyText={MSG.noComment}
              onRetry={load}
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

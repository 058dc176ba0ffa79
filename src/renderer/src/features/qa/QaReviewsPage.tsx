import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { QA_TABS, type QaPolicy, type QaReview, type QaTab } from '../../../../shared/qa';
import { ApiCallError, useApiMutation, useApiQuery } from '../../api/query';
import { useSession } from '../../app/session';
import { LoadState } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { useNotify } from '../../components/notify';
import { formatDateTime } from '../../lib/format';
import { reasonLabel } from '../../lib/rejectReasons';
import { ResolveDialog, SecondLookDialog } from './QaDialogs';

const TAB_LABEL: Record<QaTab, string> = { open: 'Open', disagreed: 'Disagreements', done: 'Done' };
const decisionText = (d: { decision: string; reason: Parameters<typeof reasonLabel>[0] } | null) =>
  d === null ? 'Hidden until the second look' : d.decision === 'approve' ? 'Approve' : `Reject: ${reasonLabel(d.reason)}`;

/** Admins: the share of each kind of decision sampled. */
function SamplingField({ policy }: { policy: QaPolicy }) {
  const [value, setValue] = useState(String(policy.percent));
  const save = useApiMutation('updateQaPolicy', { loader: false });
  const notify = useNotify();
  const [error, setError] = useState<string | null>(null);
  const label = policy.decision === 'approve' ? 'Approvals sampled (%)' : 'Rejections sampled (%)';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      notify.success((await save.mutateAsync({ body: { decision: policy.decision, percent: value } })).msg);
    } catch (err) {
      setError(err instanceof ApiCallError ? (err.message ?? 'Not saved') : 'Not saved');
    }
  };
  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <TextField
        id={`qa-share-${policy.decision}`}
        label={label}
        size="small"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        error={Boolean(error)}
        helperText={error ?? 'A whole number from 0 to 100'}
        sx={{ width: 200 }}
      />
      <Button type="submit" variant="outlined" disabled={save.isPending || value === String(policy.percent)} aria-label={`Save ${label}`}>
        Save
      </Button>
    </Box>
  );
}

function SampleRow({ r, admin, onLook, onResolve }: { r: QaReview; admin: boolean; onLook(): void; onResolve(): void }) {
  return (
    <TableRow data-testid={`qa-${r.id}`}>
      <TableCell className="nowrap">{formatDateTime(r.sampled_at)}</TableCell>
      <TableCell>
        {/* Open: no link, since the card's page shows its status and the second look is blind. */}
        {r.status === 'open' ? (
          `#${r.gift_card_id}`
        ) : (
          <Link component={RouterLink} to={`/gift-card/${r.gift_card_id}`}>
            #{r.gift_card_id}
          </Link>
        )}
      </TableCell>
      <TableCell>
        {decisionText(r.first)}
        {r.first && ` (${r.first.by.name})`}
      </TableCell>
      <TableCell>{r.qa ? `${decisionText(r.qa)} (${r.qa.by.name})` : '—'}</TableCell>
      <TableCell>
        {r.resolution ? `${r.resolution.result === 'first' ? 'First decision' : 'Second look'} right: ${r.resolution.note}` : '—'}
      </TableCell>
      <TableCell align="right" className="nowrap">
        {r.status === 'open' && (
          <Button size="small" variant="contained" onClick={onLook} aria-label={`Look again at card #${r.gift_card_id}`}>
            Look again
          </Button>
        )}
        {r.status === 'disagreed' && admin && (
          <Button size="small" variant="contained" onClick={onResolve} aria-label={`Resolve card #${r.gift_card_id}`}>
            Resolve
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}

/** QA sampling (issue 54): samples of decisions for a blind second look; disagreements for an admin. */
export default function QaReviewsPage() {
  const [params, setParams] = useSearchParams();
  const tab = (QA_TABS as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as QaTab) : 'open';
  const { user } = useSession();
  const admin = user?.role === 'admin';
  const list = useApiQuery('listQaReviews', { query: { status: tab } }, { loader: false });
  const policy = useApiQuery('qaPolicy', {}, { loader: false });
  const [looking, setLooking] = useState<QaReview | null>(null);
  const [resolving, setResolving] = useState<QaReview | null>(null);
  const rows = list.data?.data ?? [];

  return (
    <Box>
      <PageHeader title="QA reviews" />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        A share of approvals and rejections is sampled when made, for a second look by another staff member who does not see the first
        decision. When they disagree, an admin says which decision was right. Sampled now:{' '}
        {policy.data?.data.map((p) => `${p.percent}% of ${p.decision === 'approve' ? 'approvals' : 'rejections'}`).join(', ') ?? '…'}.
      </Typography>
      {admin && policy.data && (
        <Paper sx={{ p: 2, mb: 2, display: 'flex', gap: 3, flexWrap: 'wrap' }} aria-label="Sampling">
          {policy.data.data.map((p) => (
            <SamplingField key={`${p.decision}:${p.percent}`} policy={p} />
          ))}
        </Paper>
      )}
      <Tabs value={tab} onChange={(_, v: QaTab) => setParams(v === 'open' ? {} : { status: v })} aria-label="QA samples">
        {QA_TABS.map((t) => (
          <Tab key={t} value={t} label={TAB_LABEL[t]} />
        ))}
      </Tabs>
      <LoadState
        loading={list.isPending}
        error={list.isError ? `Could not load the samples: ${list.error.message}` : null}
        onRetry={() => void list.refetch()}
      />
      <Paper>
        <Table size="small" aria-label={`QA samples: ${TAB_LABEL[tab]}`}>
          <TableHead>
            <TableRow>
              <TableCell>Sampled</TableCell>
              <TableCell>Card</TableCell>
              <TableCell>First decision</TableCell>
              <TableCell>Second look</TableCell>
              <TableCell>Resolution</TableCell>
              <TableCell align="right">Action</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && list.isSuccess && (
              <TableRow>
                <TableCell colSpan={6}>{tab === 'open' ? 'No decision waits for a second look' : 'Nothing here yet'}</TableCell>
              </TableRow>
            )}
            {rows.map((r) => (
              <SampleRow key={r.id} r={r} admin={admin} onLook={() => setLooking(r)} onResolve={() => setResolving(r)} />
            ))}
          </TableBody>
        </Table>
      </Paper>
      {looking && <SecondLookDialog sample={looking} onClose={() => setLooking(null)} />}
      {resolving && <ResolveDialog sample={resolving} onClose={() => setResolving(null)} />}
    </Box>
  );
}

import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import type { ArgsOf, OperationName } from '../../../shared/endpoints';
import { useTransport } from '../api/TransportContext';
import { useNotify } from './notify';
import { countOf } from '../lib/format';

/**
 * Export CSV: the server streams the file; in the app it goes through the Save dialog straight to disk, in a browser
 * it downloads. While it runs, a progress bar with the rows written so far (announced politely).
 */
export function ExportButton<K extends OperationName>({
  op,
  args,
  fileName,
  label = 'Export CSV',
}: {
  op: K;
  args: ArgsOf<K>;
  fileName: string;
  label?: string;
}) {
  const transport = useTransport();
  const notify = useNotify();
  const [rows, setRows] = useState<number | null>(null);

  const run = async () => {
    setRows(0);
    try {
      const r = await transport.exportCsv(op, args, fileName, (p) => setRows(p.rows));
      if (r.saved) notify.success(`Exported ${countOf(r.rows ?? 0, 'row', 'rows')} to ${r.path}`);
      else if (r.message) notify.error(r.message);
    } finally {
      setRows(null);
    }
  };

  return (
    <Box sx={{ display: 'inline-flex', flexDirection: 'column', gap: 0.5, displayPrint: 'none' }}>
      <Button variant="outlined" startIcon={<FileDownloadIcon />} onClick={() => void run()} disabled={rows !== null}>
        {label}
      </Button>
      {rows !== null && (
        <Box sx={{ minWidth: 160 }} data-testid="export-progress">
          <LinearProgress aria-label="Export progress" />
          <Typography variant="caption" role="status" aria-live="polite">
            {countOf(rows, 'row', 'rows')}…
          </Typography>
        </Box>
      )}
    </Box>
  );
}

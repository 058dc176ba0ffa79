import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';

const REVIEW_SHORTCUTS: readonly [string, string][] = [
  ['A', 'Approve (with the number typed in Card Number)'],
  ['R', 'Reject; then 1-6 picks the reason and Enter sends'],
  ['N or →', 'Next card from the queue'],
  ['P or ←', 'Previous card'],
  ['C', 'Write a comment'],
  ['Z', 'Zoom the photos in or out'],
  ['Escape', 'Leave a field (then the keys above work)'],
  ['?', 'This list'],
];

/** The review keys (?), in a dialog Escape closes. */
export default function ShortcutsDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="shortcuts-title" maxWidth="xs" fullWidth>
      <DialogTitle id="shortcuts-title">Keyboard shortcuts</DialogTitle>
      <DialogContent>
        <Table size="small" aria-label="Keyboard shortcuts">
          <TableBody>
            {REVIEW_SHORTCUTS.map(([key, what]) => (
              <TableRow key={key}>
                <TableCell component="th" scope="row" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {key}
                </TableCell>
                <TableCell>{what}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

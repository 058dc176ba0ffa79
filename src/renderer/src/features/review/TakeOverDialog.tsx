import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

interface Props {
  /** The server's refusal naming who holds the card; null: closed. */
  holder: string | null;
  onClose(): void;
  takeOver(): void;
}

/** Deciding a card another reviewer holds: the refusal, and taking the card over explicitly (in its history). */
export default function TakeOverDialog({ holder, onClose, takeOver }: Props) {
  return (
    <Dialog open={holder !== null} onClose={onClose} aria-labelledby="take-over-title" aria-describedby="take-over-text">
      <DialogTitle id="take-over-title">Someone else is reviewing this card</DialogTitle>
      <DialogContent>
        <DialogContentText id="take-over-text">{holder}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Leave it to them
        </Button>
        <Button variant="contained" onClick={takeOver}>
          Take over and decide
        </Button>
      </DialogActions>
    </Dialog>
  );
}

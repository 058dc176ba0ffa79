import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import KeyboardIcon from '@mui/icons-material/Keyboard';
import SkipNextIcon from '@mui/icons-material/SkipNext';
import SkipPreviousIcon from '@mui/icons-material/SkipPrevious';
import { DeferredMount } from '../../components/DeferredMount';
import { shownKeys } from './keymap';

interface Props {
  onPrevious(): void;
  onNext(): void;
  onShortcuts(): void;
}

/** Staff on a card page: the previous card, the next one from the queue (N), the keyboard shortcuts (?). */
export default function ReviewNav({ onPrevious, onNext, onShortcuts }: Props) {
  return (
    <>
      <Button startIcon={<SkipPreviousIcon />} onClick={onPrevious}>
        Previous card
      </Button>
      <Button startIcon={<SkipNextIcon />} onClick={onNext}>
        Next card
      </Button>
      <DeferredMount minHeight={40} minWidth={40}>
        <Tooltip title={`Keyboard shortcuts (${shownKeys('shortcuts')})`}>
          <IconButton aria-label="Keyboard shortcuts" onClick={onShortcuts}>
            <KeyboardIcon />
          </IconButton>
        </Tooltip>
      </DeferredMount>
    </>
  );
}

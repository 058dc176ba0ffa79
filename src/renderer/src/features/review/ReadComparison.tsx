import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { compareCodes, describeDifference, inFours, type CharPair } from '../../lib/compare-code';
import type { ReadNote } from './useReadNumber';

/** At most this many differences are listed in words (a wholly different number lists the first ones and a count). */
const LISTED = 6;

/** One row of characters, in groups of four; a differing one is filled, bold and underlined (not told by colour alone). */
function CharRow({ label, pairs, side }: { label: string; pairs: CharPair[]; side: 'typed' | 'read' }) {
  return (
    <>
      <Typography variant="caption" color="text.secondary" sx={{ alignSelf: 'center' }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5, fontFamily: 'monospace', fontSize: '1.05rem' }}>
        {inFours(pairs).map((group) => (
          <Box key={group[0]!.position} component="span" sx={{ display: 'inline-flex' }}>
            {group.map((p) => (
              <Box
                key={p.position}
                component="span"
                data-differs={p.same ? undefined : 'true'}
                sx={{
                  width: '1.5ch',
                  textAlign: 'center',
                  borderRadius: 0.5,
                  ...(p.same
                    ? {}
                    : {
                        bgcolor: 'warning.main',
                        color: 'warning.contrastText',
                        fontWeight: 700,
                        textDecoration: 'underline',
                        textDecorationThickness: 2,
                        textUnderlineOffset: 3,
                      }),
                }}
              >
                {p[side] ?? '·'}
              </Box>
            ))}
          </Box>
        ))}
      </Box>
    </>
  );
}

/**
 * Staff: the typed card number under the one read off the photo, character by character (spaces and dashes ignored),
 * each differing position marked and, for screen readers and everyone, said in words with look-alikes called out.
 */
export default function ReadComparison({ typed, read }: { typed: string; read: string }) {
  const pairs = compareCodes(typed, read);
  const differences = pairs.filter((p) => !p.same);
  return (
    <Box component="section" aria-label="Typed number compared with the photo" data-testid="read-comparison">
      {/* The rows repeat, character by character, what the field and its note say: the list below says it in words. */}
      <Box aria-hidden sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25 }}>
        <CharRow label="Typed" pairs={pairs} side="typed" />
        <CharRow label="Photo" pairs={pairs} side="read" />
      </Box>
      {differences.length > 0 && (
        <Box component="ul" aria-label="Differences from the photo" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
          {differences.slice(0, LISTED).map((p) => (
            <Typography key={p.position} component="li" variant="body2" sx={{ fontWeight: p.lookAlike ? 700 : undefined }}>
              {describeDifference(p)}
            </Typography>
          ))}
          {differences.length > LISTED && (
            <Typography component="li" variant="body2">
              and {differences.length - LISTED} more
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}

/** The number field's note on the photo's read; a match has a check, a difference a warning sign (and their words). */
export function ReadNoteText({ note }: { note: ReadNote }) {
  if (note.tone === 'note') return note.text;
  const Icon = note.tone === 'match' ? CheckCircleIcon : WarningAmberIcon;
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: note.tone === 'match' ? 'success.main' : 'warning.main' }}
    >
      <Icon fontSize="inherit" aria-hidden />
      {note.text}
    </Box>
  );
}

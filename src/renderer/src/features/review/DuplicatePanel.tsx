import { Link as RouterLink } from 'react-router-dom';
import { keepPreviousData } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useApiQuery } from '../../api/query';
import { formatDate } from '../../lib/format';
import StatusBadge from '../../components/StatusBadge';
import { useDebounced } from '../../lib/useDebounced';
import { sameCode } from '../../lib/compare-code';
import ComparePhotos from './ComparePhotos';
import { photoMatchText } from './photoMatch';
import { CARD_STATUS } from '../../../../shared/constants';

interface Props {
  cardId: number;
  /** The number as staff type it (looked up after a short pause), or the stored one. */
  cardNumber: string;
  /** This card's status: the override note is for a card still to be approved. */
  cardStatus?: number;
  /** This card's photo to show beside another card's with the same number (the one its number was read from, else its first). */
  photoUrl?: string;
}

/** The duplicates lookup of a card with `typed` in its number field (the card page loads the first one beforehand). */
export const duplicatesArgs = (cardId: number, typed: string) => ({ id: cardId, query: typed ? { card_number: typed } : {} });

/**
 * Staff only: other cards with this card's number (compared normalised: case, spaces and punctuation ignored) and
 * other cards with the same photos, each with its status, seller and a link. Shown at once on load and as staff type.
 */
export default function DuplicatePanel({ cardId, cardNumber, cardStatus, photoUrl }: Props) {
  const typed = useDebounced(cardNumber.trim());
  const q = useApiQuery('cardDuplicates', duplicatesArgs(cardId, typed), { loader: false, placeholderData: keepPreviousData });
  // With the field emptied, only cards matched by what this card's photo says are shown.
  const numbers = (q.data?.numbers ?? []).filter((d) => typed || d.by === 'photo');
  const images = q.data?.images ?? [];
  // Compared as typed now (digits): the lookup's answer may still be for what was typed a moment ago.
  const read = q.data?.read_number ?? null;
  const differs = read !== null && cardNumber.trim() !== '' && !sameCode(cardNumber, read);
  if (q.isError) return <Alert severity="info">Could not check for duplicates just now.</Alert>;
  if (numbers.length === 0 && images.length === 0 && !differs) return null;
  const blocking = numbers.some((d) => d.blocks) && cardStatus !== CARD_STATUS.approved;
  return (
    <Stack spacing={1} aria-live="polite">
      {differs && (
        <Alert severity="warning" data-testid="differs-from-photo">
          This number differs from the photo: the photo reads {read}.
        </Alert>
      )}
      {numbers.length > 0 && (
        <Alert severity={blocking ? 'warning' : 'info'} data-testid="duplicate-numbers">
          <AlertTitle>This card number is also on {numbers.length === 1 ? 'another card' : `${numbers.length} other cards`}</AlertTitle>
          <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2 }}>
            {numbers.map((d) => (
              <li key={d.id}>
                <Link component={RouterLink} to={`/gift-card/${d.id}`}>
                  Card #{d.id}
                </Link>{' '}
                <StatusBadge status={d.card_status} /> {d.name} · {d.by === 'photo' ? 'its photo shows this number' : d.card_number} · sent{' '}
                {formatDate(d.created_at)}
                {d.image_url && (
                  <ComparePhotos
                    photos={[
                      ...(photoUrl ? [{ url: photoUrl, label: `Photo of this card (#${cardId})` }] : []),
                      { url: d.image_url, label: `Photo of card #${d.id}` },
                    ]}
                  />
                )}
              </li>
            ))}
          </Stack>
          {blocking && 'Approving this card needs the duplicate override and a reason.'}
        </Alert>
      )}
      {images.length > 0 && (
        <Alert severity="warning" data-testid="duplicate-photos">
          <AlertTitle>A photo of this card was sent before</AlertTitle>
          <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2 }}>
            {images.map((m) => (
              <li key={`${m.image_id}-${m.matched_image_id}`}>
                {photoMatchText(m)} is on{' '}
                <Link component={RouterLink} to={`/gift-card/${m.card_id}`}>
                  card #{m.card_id}
                </Link>{' '}
                <StatusBadge status={m.card_status} /> {m.name} · sent {formatDate(m.created_at)}
                {m.image_url && m.matched_image_url && (
                  <ComparePhotos
                    photos={[
                      { url: m.image_url, label: `Photo of this card (#${cardId})` },
                      { url: m.matched_image_url, label: `Photo of card #${m.card_id}` },
                    ]}
                  />
                )}
              </li>
            ))}
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { AuditEntry } from '../../../../shared/types';
import { ENTITY_LABEL } from './auditFields';

/** The page of each kind of record, where it has one; a comment or photo links to its card. */
function recordPath(e: AuditEntry): string | null {
  if (e.entity_id === null) return null;
  if (e.entity === 'gift_card') return `/gift-card/${e.entity_id}`;
  if (e.entity === 'transaction') return `/edit-transaction/${e.entity_id}`;
  if (e.entity === 'user') return `/edit/user/${e.entity_id}`;
  if (e.entity === 'offer') return `/edit-gift-card-offer/${e.entity_id}`;
  const card = Number(e.details.giftCardId);
  return (e.entity === 'comment' || e.entity === 'image') && Number.isSafeInteger(card) && card > 0 ? `/gift-card/${card}` : null;
}

/** "Gift card 12", linked to the card. */
export function AuditRecord({ entry }: { entry: AuditEntry }) {
  const text = `${ENTITY_LABEL[entry.entity as keyof typeof ENTITY_LABEL] ?? entry.entity}${entry.entity_id === null ? '' : ` ${entry.entity_id}`}`;
  const to = recordPath(entry);
  return to ? (
    <Link component={RouterLink} to={to}>
      {text}
    </Link>
  ) : (
    <>{text}</>
  );
}

const valueText = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

/**
 * The entry's details in a line ("reason: other, take_over: false"), cut at 3 fields; the whole JSON opens below it
 * (a native disclosure: keyboard and screen readers know it).
 */
export function AuditDetails({ details }: { details: Record<string, unknown> }) {
  const fields = Object.entries(details);
  if (fields.length === 0) return <>—</>;
  const line = fields
    .slice(0, 3)
    .map(([k, v]) => `${k}: ${valueText(v).slice(0, 40)}`)
    .join(', ');
  return (
    <Box component="details" sx={{ maxWidth: 420, '& summary': { cursor: 'pointer', overflowWrap: 'anywhere' } }}>
      <summary>
        {line}
        {fields.length > 3 ? ` (+${fields.length - 3} more)` : ''}
      </summary>
      <Box component="pre" sx={{ m: 0, mt: 0.5, fontSize: 12, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {JSON.stringify(details, null, 2)}
      </Box>
    </Box>
  );
}

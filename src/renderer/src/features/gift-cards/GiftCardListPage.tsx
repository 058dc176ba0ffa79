import { useCallback, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import PaymentsIcon from '@mui/icons-material/Payments';
import SearchIcon from '@mui/icons-material/Search';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { CARD_STATUS, PAGE_SIZE } from '../../../../shared/constants';
import { formatMoney } from '../../lib/format';
import { CardDue } from '../../components/Money';
import type { GiftCard } from '../../../../shared/types';
import { useSession } from '../../app/session';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { PageHeader } from '../../components/PageHeader';
import { MSG } from '../../../../shared/messages';
import StatusBadge from '../../components/StatusBadge';
import { ListTable } from '../../components/ListTable';
import CardSearchDialog from './CardSearchDialog';
import PayDialog from '../../components/cards/PayDialog';
import { AdjustmentCaption, DuplicateMark, ReasonCaption } from './ListMarks';
import { CardColumns, FoldedCardColumn } from './CardCells';
import { useNarrowBox } from '../../components/useNarrowBox';
import { ListExportButton } from '../../components/ListExportButton';
import { useFilteredList } from '../../components/filters/useFilteredList';
import { useSellerOfUrl } from '../../components/useChosenSeller';
import { useOffers } from '../../components/cards/useOffers';
import { cardFilterFields } from './cardFilters';
import { PENDING_TAB_SORT, withStatusTab } from './statusTab';
import { BulkReviewBar } from './BulkReviewBar';
import AgeCell from './AgeCell';
import StatusTabs from './StatusTabs';
import { DeferredMount } from '../../components/DeferredMount';
import { useReviewQueue } from '../../components/cards/useReviewQueue';
import { useSettings } from '../../components/useSettings';
import { useCardPageSize } from './useCardPageSize';
import { useRemedies } from '../../components/useRemedy';

/**
 * The list's width (px) below which its seller, card and number columns fold into one: a little over the narrowest the
 * wide table gets with long names and five-digit amounts in every money column (staff 1146 px, seller 909 px).
 */
const FOLD_BELOW = { staff: 1150, seller: 920 };

/** Narrow, cells are padded 4 px a side, two-word headers and a pending card's age ("11 h · overdue") may wrap. */
const narrowCells = {
  '& table td, & table th': { px: 0.5 },
  '& table thead th, & table td [data-age]': { whiteSpace: 'normal' },
} as const;

const cardName = (c: GiftCard) => `card ${c.card_number || `#${c.id}`}`;

/** Why a card cannot be paid, in the spec's words, or null when it can; `me`: the signed-in staff member with FOUR_EYES on. */
const payBlocker = (c: GiftCard, me: number | null): string | null =>
  c.card_status !== CARD_STATUS.approved
    ? MSG.cardNotApproved
    : c.due <= 0
      ? MSG.cardPaid
      : me !== null && c.approved_by === me
        ? MSG.approverCannotPay
        : null;

/** Why the server would refuse to delete this card (it has payments, a disputed card included); null when it may go. */
const deleteBlocker = (c: GiftCard): string | null =>
  c.paid_amount > 0 || c.card_status === CARD_STATUS.disputed ? 'This card has payments: it cannot be deleted' : null;

/** Gift Cards: all cards for staff, the seller's own for sellers. */
export default function GiftCardListPage() {
  const { isStaff, isSeller, user } = useSession();
  // FOUR_EYES: the staff member who approved a card may not pay it.
  const approver = useSettings(isStaff).fourEyes === true ? (user?.id ?? null) : null;
  const confirmedDelete = useConfirmedDelete();
  const seller = useSellerOfUrl(isStaff);
  const { offers } = useOffers();
  // A seller's rejected cards show what to do: the texts load with the list, not after its rows (issue 55).
  useRemedies(isSeller);
  // Staff's work queue fills the window, or takes this user's page size (issue 55); a seller's list has the spec's 5.
  const size = useCardPageSize(user?.id);
  const fields = useMemo(
    () => cardFilterFields({ staff: isStaff, seller, offers, size: isStaff ? size : null }),
    [isStaff, seller, offers, size],
  );
  // Staff's Pending tab opens due for review first (the overdue on top) also when a link names no order (issue 55).
  const [params] = useSearchParams();
  const defaultSort = isStaff && params.get('status') === '0' ? PENDING_TAB_SORT : undefined;
  const defaults = useMemo(
    (): Record<string, string> => (isStaff ? { per_page: size.perPage, ...(defaultSort ? { sort: defaultSort } : {}) } : {}),
    [isStaff, size.perPage, defaultSort],
  );
  const { list, filters } = useFilteredList<GiftCard>(
    isStaff ? 'listCards' : 'myCards',
    PAGE_SIZE.cards,
    'Could not load the gift cards',
    fields,
    defaults,
  );
  const setFilter = filters.set;
  const remember = size.remember;
  const set = useCallback(
    (key: string, value: string) => setFilter(key, key === 'per_page' ? remember(value) : value),
    [setFilter, remember],
  );
  const applyFilters = filters.apply;
  const setStatus = useCallback((status: string) => applyFilters((latest) => withStatusTab(latest, status)), [applyFilters]);
  const queue = useReviewQueue();
  // Filters that narrow the list (not the tab, the order or the page size): the tabs show the list's own count then.
  const narrowed = Object.keys(filters.active).some((k) => !['status', 'sort', 'per_page'].includes(k));
  const tabCount = !narrowed ? null : list.loading ? '' : `${list.total.toLocaleString()}${list.capped ? '+' : ''}`;
  const [searchOpen, setSearchOpen] = useState(false);
  const [paying, setPaying] = useState<GiftCard | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const pageIds = list.rows.map((c) => c.id);
  // Each card as its row last showed it: a bulk decision is refused for a card changed since (issue 48), and a bulk
  // approval says how many selected cards have no number (issue 55).
  const shownCards = useRef(new Map<number, GiftCard>());
  for (const c of list.rows) shownCards.current.set(c.id, c);
  const allSelected = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));
  const toggle = (id: number) => setSelected((prev) => (prev.includes(id) ? prev.filter((x) => x !== id) : [...prev, id]));
  const toggleAll = () =>
    setSelected((prev) => (allSelected ? prev.filter((id) => !pageIds.includes(id)) : [...new Set([...prev, ...pageIds])]));

  // Below this width the seller and the card number fold into one Card column, so every money column stays in view.
  const fit = useNarrowBox(isStaff ? FOLD_BELOW.staff : FOLD_BELOW.seller);
  const folded = fit.narrow;
  const columns = [
    ...(isStaff
      ? [
          {
            label: (
              <Checkbox
                size="small"
                checked={allSelected}
                onChange={toggleAll}
                slotProps={{ input: { 'aria-label': 'Select all cards on this page' } }}
              />
            ),
          },
        ]
      : []),
    // Seller by name (staff), Card Info by the offer's title, Card Number by the number, cards without one last (issue 55).
    ...(folded
      ? [{ label: 'Card' }]
      : [
          ...(isStaff ? [{ label: 'Seller Info', sortKey: 'seller' }] : []),
          { label: 'Card Info', sortKey: 'offer' },
          { label: 'Card Number', sortKey: 'card_number' },
        ]),
    // The status with its marks (duplicate number; age and overdue, staff; reject reason) in one column (issue 55).
    { label: 'Status', sortKey: 'status' },
    { label: 'Price', align: 'right' as const, sortKey: 'price', sortFirst: 'desc' as const },
    { label: 'Rate', align: 'right' as const, sortKey: 'rate', sortFirst: 'desc' as const },
    { label: 'Paid Amount', align: 'right' as const, sortKey: 'paid', sortFirst: 'desc' as const },
    { label: 'Payable', align: 'right' as const, sortKey: 'payable', sortFirst: 'desc' as const },
    { label: 'Due', align: 'right' as const, sortKey: 'due', sortFirst: 'desc' as const },
    { label: 'Action', align: 'center' as const },
  ];
  return (
    <Box>
      <PageHeader
        title="Gift Cards"
        actions={
          <>
            {isStaff && (
              <Button variant="contained" startIcon={<PlayArrowIcon />} onClick={() => void queue.start()}>
                Start reviewing
              </Button>
            )}
            <ListExportButton op={isStaff ? 'exportCards' : 'exportMyCards'} fileBase={isStaff ? 'gift-cards' : 'my-gift-cards'} />
            <Button variant="outlined" startIcon={<SearchIcon />} onClick={() => setSearchOpen(true)}>
              Search Gift Card
            </Button>
            {isSeller && (
              <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/add-gift-cards">
                Add Gift Card
              </Button>
            )}
          </>
        }
      />
      {isStaff && (
        <DeferredMount minHeight={48}>
          <StatusTabs status={filters.active.status} onChange={setStatus} filteredCount={tabCount} />
        </DeferredMount>
      )}
      {/* Cells padded 8 px a side, not 16: every money column fits at 1440 px beside the seller and the card (issue 55). */}
      <Box ref={fit.ref} sx={{ '& table td, & table th': { px: 1 }, ...(folded && narrowCells) }}>
        <ListTable
          label="Gift cards"
          size="small"
          columns={columns}
          list={list}
          emptyText="No gift cards yet"
          filters={{
            ...filters,
            set,
            label: 'Filter gift cards',
            noun: 'cards',
            compact: true,
            defaultSort,
          }}
          toolbar={
            isStaff && (
              <BulkReviewBar ids={selected} shown={shownCards.current} status={filters.active.status} onDone={() => setSelected([])} />
            )
          }
          threshold={list.perPage}
          rowTestId={(c) => `card-row-${c.id}`}
          cells={(c) => (
            <>
              {isStaff && (
                <TableCell padding="checkbox">
                  <Checkbox
                    size="small"
                    checked={selected.includes(c.id)}
                    onChange={() => toggle(c.id)}
                    slotProps={{ input: { 'aria-label': `Select card ${c.id}` } }}
                  />
                </TableCell>
              )}
              {folded ? <FoldedCardColumn card={c} staff={isStaff} /> : <CardColumns card={c} staff={isStaff} />}
              <TableCell className="nowrap">
                {/* The badge and its marks side by side, wrapping only where the column is narrow (issue 55). */}
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 0.75, rowGap: 0.25, maxWidth: 200 }}>
                  <StatusBadge status={c.card_status} />
                  <DuplicateMark count={c.duplicate_count} />
                  {isStaff && <AgeCell card={c} />}
                  <ReasonCaption card={c} />
                  <AdjustmentCaption card={c} />
                </Box>
              </TableCell>
              <TableCell align="right">{formatMoney(c.price)}</TableCell>
              <TableCell align="right">{formatMoney(c.rate)}</TableCell>
              <TableCell align="right">{formatMoney(c.paid_amount)}</TableCell>
              <TableCell align="right">{formatMoney(c.payable)}</TableCell>
              <TableCell align="right">
                <CardDue card={c} />
              </TableCell>
              <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
                {isStaff && (
                  // Disabled where paying cannot succeed; the popup keeps the spec's texts for what slips through.
                  <Tooltip title={payBlocker(c, approver) ?? 'Pay'}>
                    <span>
                      <IconButton
                        size="small"
                        aria-label={`Pay ${cardName(c)}`}
                        disabled={payBlocker(c, approver) !== null}
                        onClick={() => setPaying(c)}
                      >
                        <PaymentsIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                )}
                {isStaff || c.card_status === CARD_STATUS.pending ? (
                  <Tooltip title={deleteBlocker(c) ?? 'Delete'}>
                    <span>
                      <IconButton
                        size="small"
                        aria-label={`Delete ${cardName(c)}`}
                        disabled={deleteBlocker(c) !== null}
                        onClick={() => confirmedDelete('deleteCard', c.id, undefined, `gift ${cardName(c)}`)}
                      >
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                ) : (
                  // The slot stays, so the icons of every row line up.
                  <Box component="span" aria-hidden sx={{ display: 'inline-block', width: 30 }} />
                )}
                <Tooltip title="View / edit">
                  <IconButton size="small" aria-label={`View ${cardName(c)}`} component={RouterLink} to={`/gift-card/${c.id}`}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </TableCell>
            </>
          )}
        />
      </Box>
      <CardSearchDialog open={searchOpen} onClose={() => setSearchOpen(false)} />
      <PayDialog card={paying} onClose={() => setPaying(null)} />
    </Box>
  );
}

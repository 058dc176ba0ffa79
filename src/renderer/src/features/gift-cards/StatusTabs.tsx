import { memo } from 'react';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useApiQuery } from '../../api/query';

const TABS = [
  { value: '0', label: 'Pending', count: 'pending' },
  { value: '1', label: 'Approved', count: 'approved' },
  { value: '2', label: 'Rejected', count: 'rejected' },
  { value: '3', label: 'Disputed', count: 'disputed' },
  { value: 'all', label: 'All', count: null },
] as const;

/**
 * Staff's card list by status (the URL's `status` param, as the spec's select set it), each tab with its count.
 * Memoized: MUI Tabs measures its tabs after every render, a forced layout of the page each time the list's answer
 * re-rendered the screen (issue 33); give it a stable `onChange`.
 */
export default memo(function StatusTabs({
  status,
  onChange,
  filteredCount,
}: {
  status: string | undefined;
  onChange(status: string): void;
  /**
   * With filters that narrow the list (issue 55: the counts ignored them): the chosen tab's count as the list has it
   * ('' while it loads), and no count on the others; null: no such filter, every tab with its status's count.
   */
  filteredCount: string | null;
}) {
  const q = useApiQuery('cardStatusCounts', {}, { loader: false });
  const c = q.data?.data;
  const total = c ? c.pending + c.approved + c.rejected + c.disputed : undefined;
  return (
    <Tabs
      value={status ?? 'all'}
      onChange={(_e, v: string) => onChange(v === 'all' ? '' : v)}
      aria-label="Cards by status"
      variant="scrollable"
      allowScrollButtonsMobile
    >
      {TABS.map((t) => {
        const n =
          filteredCount !== null
            ? (t.value === (status ?? 'all') && filteredCount) || undefined
            : (t.count ? c?.[t.count] : total)?.toLocaleString();
        return <Tab key={t.value} value={t.value} label={n === undefined ? t.label : `${t.label} (${n})`} />;
      })}
    </Tabs>
  );
});

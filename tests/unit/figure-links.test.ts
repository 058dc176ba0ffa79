import { describe, expect, it } from 'vitest';
import { figureLinks } from '../../src/renderer/src/features/dashboard/figureLinks';

describe('dashboard figure tiles', () => {
  const now = new Date(2026, 10, 25, 15, 0);
  it('staff tiles open the matching queues, this month from its first day to today', () => {
    expect(figureLinks(false, now)).toEqual({
      pending: '/gift-cards?status=0&sort=created_at',
      overdue: '/gift-cards?status=0&overdue=1&sort=review_due',
      due: '/sellers?has_due=1&sort=-due',
      paid: '/transactions?from=2026-11-01&to=2026-11-25',
      clawed: '/transactions?from=2026-11-01&to=2026-11-25&sort=amount',
      approved: '/gift-cards?status=1&date_field=approved&from=2026-11-01&to=2026-11-25',
      rejected: '/gift-cards?status=2&date_field=rejected&from=2026-11-01&to=2026-11-25',
      appeals: '/appeals?state=open&sort=created_at',
    });
  });
  it("a seller's tiles open their own lists", () => {
    const links = figureLinks(true, now);
    expect([links.due, links.paid, links.clawed]).toEqual([
      '/gift-cards?has_due=1',
      '/my-transaction?from=2026-11-01&to=2026-11-25',
      '/my-transaction?from=2026-11-01&to=2026-11-25&sort=amount',
    ]);
  });
});

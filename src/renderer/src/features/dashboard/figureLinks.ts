import { isoDay, monthRange } from '../../lib/dates';

/** The queue behind each dashboard figure, as a filtered list's URL (staff see everyone's, a seller their own). */
export function figureLinks(own: boolean, now = new Date()) {
  const { start } = monthRange(now.getFullYear(), now.getMonth() + 1);
  const thisMonth = `from=${start}&to=${isoDay(now)}`;
  const decided = (status: number, field: string) => `/gift-cards?status=${status}&date_field=${field}&${thisMonth}`;
  return {
    pending: '/gift-cards?status=0&sort=created_at',
    overdue: '/gift-cards?status=0&overdue=1&sort=review_due',
    due: own ? '/gift-cards?has_due=1' : '/sellers?has_due=1&sort=-due',
    paid: `${own ? '/my-transaction' : '/transactions'}?${thisMonth}`,
    // This month's entries smallest first: the clawbacks (negative) on top (issue 55: the one tile that opened nothing).
    clawed: `${own ? '/my-transaction' : '/transactions'}?${thisMonth}&sort=amount`,
    approved: decided(1, 'approved'),
    rejected: decided(2, 'rejected'),
    // Staff: the open appeals, oldest (the overdue ones) first.
    appeals: '/appeals?state=open&sort=created_at',
  };
}

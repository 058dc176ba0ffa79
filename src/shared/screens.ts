import type { Role } from './constants';

/**
 * The screens of the sidebar, in its order (the renderer's NAV_ITEMS adds icons; a unit test keeps both in step):
 * the desktop menu's Go entries (Ctrl/Cmd+1..9) come from here.
 */
export const SCREENS: readonly { label: string; path: string; who: 'all' | 'staff' | 'admin' | 'seller' }[] = [
  { label: 'Dashboard', path: '/', who: 'all' },
  { label: 'Gift Cards', path: '/gift-cards', who: 'all' },
  { label: 'User Lists', path: '/users', who: 'staff' },
  { label: 'Seller Lists', path: '/sellers', who: 'staff' },
  { label: 'Add User', path: '/create/user', who: 'staff' },
  { label: 'Transactions', path: '/transactions', who: 'staff' },
  { label: 'Gift Card Offers', path: '/gift-card-offer', who: 'staff' },
  { label: 'Add Gift Card Offer', path: '/add-gift-card-offer', who: 'staff' },
  { label: 'Report', path: '/report', who: 'staff' },
  { label: 'Pending approvals', path: '/pending-approvals', who: 'staff' },
  { label: 'Appeals', path: '/appeals', who: 'staff' },
  { label: 'Statements', path: '/statement', who: 'staff' },
  { label: 'Audit log', path: '/audit-log', who: 'admin' },
  { label: 'Rejection remedies', path: '/reject-remedies', who: 'admin' },
  { label: 'QA reviews', path: '/qa-reviews', who: 'staff' },
  { label: 'Reviewer figures', path: '/reviewer-figures', who: 'admin' },
  { label: 'Add Gift Card', path: '/add-gift-card', who: 'seller' },
  { label: 'My Transaction', path: '/my-transaction', who: 'seller' },
  { label: 'My Statement', path: '/statement', who: 'seller' },
];

export const screensFor = (role: Role) =>
  SCREENS.filter(
    (s) =>
      s.who === 'all' ||
      (s.who === 'admin' ? role === 'admin' : s.who === 'staff' ? role === 'admin' || role === 'manager' : role === 'seller'),
  );

/** Every route a link from outside (a deep link, a notification) may open: fixed paths and `:id` pages. */
export const LINKABLE_ROUTES: readonly string[] = [
  ...SCREENS.map((s) => s.path),
  '/inbox',
  '/gift-card/:id',
  '/edit/user/:id',
  '/edit-transaction/:id',
  '/edit-gift-card-offer/:id',
  '/create-transaction',
];

/** A path of the app (`/gift-card/123`) when it is one of LINKABLE_ROUTES with a plain positive id; else null. */
export function linkablePath(path: string): string | null {
  if (path.length > 64) return null;
  for (const route of LINKABLE_ROUTES) {
    if (!route.includes(':id')) {
      if (path === route) return path;
      continue;
    }
    const prefix = route.slice(0, route.indexOf(':id'));
    if (!path.startsWith(prefix)) continue;
    const id = path.slice(prefix.length);
    if (/^[1-9]\d{0,9}$/.test(id) && Number(id) <= 2147483647) return path;
  }
  return null;
}

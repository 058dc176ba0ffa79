/** The sidebar, as spec section 2 writes it (managers get the admin items too). */
export interface NavItem {
  label: string;
  to: string;
  who: 'all' | 'staff' | 'seller';
  /** Other routes of this screen (a record's page, an alias): the item is highlighted there too. */
  also?: string[];
}

export const NAV_ITEMS: NavItem[] = [
  { label: 'Dashboard', to: '/', who: 'all' },
  { label: 'Gift Cards', to: '/gift-cards', who: 'all', also: ['/gift-card/'] },
  { label: 'User Lists', to: '/users', who: 'staff', also: ['/edit/user/'] },
  { label: 'Seller Lists', to: '/sellers', who: 'staff' },
  { label: 'Add User', to: '/create/user', who: 'staff' },
  { label: 'Transactions', to: '/transactions', who: 'staff', also: ['/create-transaction', '/edit-transaction/'] },
  { label: 'Gift Card Offers', to: '/gift-card-offer', who: 'staff', also: ['/edit-gift-card-offer/'] },
  { label: 'Add Gift Card Offer', to: '/add-gift-card-offer', who: 'staff' },
  { label: 'Report', to: '/report', who: 'staff' },
  { label: 'Add Gift Card', to: '/add-gift-card', who: 'seller', also: ['/add-gift-cards'] },
  { label: 'My Transaction', to: '/my-transaction', who: 'seller' },
];

/** The item to highlight for a path: its own route, or one of its other routes (`also`, by prefix when it ends with '/'). */
export function activeNavItem(pathname: string, items: readonly NavItem[] = NAV_ITEMS): NavItem | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return items.find((i) => i.to === path) ?? items.find((i) => i.also?.some((a) => (a.endsWith('/') ? path.startsWith(a) : path === a)));
}

/** The sidebar, as spec section 2 writes it (managers get the admin items too). */
export interface NavItem {
  label: string;
  to: string;
  who: 'all' | 'staff' | 'seller';
}

export const NAV_ITEMS: NavItem[] = [
  { label: 'Dashboard', to: '/', who: 'all' },
  { label: 'Gift Cards', to: '/gift-cards', who: 'all' },
  { label: 'User Lists', to: '/users', who: 'staff' },
  { label: 'Seller Lists', to: '/sellers', who: 'staff' },
  { label: 'Add User', to: '/create/user', who: 'staff' },
  { label: 'Transactions', to: '/transactions', who: 'staff' },
  { label: 'Gift Card Offers', to: '/gift-card-offer', who: 'staff' },
  { label: 'Add Gift Card Offer', to: '/add-gift-card-offer', who: 'staff' },
  { label: 'Report', to: '/report', who: 'staff' },
  { label: 'Add Gift Card', to: '/add-gift-card', who: 'seller' },
  { label: 'My Transaction', to: '/my-transaction', who: 'seller' },
];

import type { SvgIconComponent } from '@mui/icons-material';
import DashboardIcon from '@mui/icons-material/Dashboard';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import PeopleIcon from '@mui/icons-material/People';
import StorefrontIcon from '@mui/icons-material/Storefront';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import AddBoxIcon from '@mui/icons-material/AddBox';
import BarChartIcon from '@mui/icons-material/BarChart';
import AddCardIcon from '@mui/icons-material/AddCard';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import RuleIcon from '@mui/icons-material/Rule';
import BalanceIcon from '@mui/icons-material/Balance';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import InsightsIcon from '@mui/icons-material/Insights';
/** The sidebar, as spec section 2 writes it (managers get the admin items too). */
export interface NavItem {
  label: string;
  /** Shown alone (with the label as its tooltip) when the sidebar is narrowed to icons. */
  icon: SvgIconComponent;
  to: string;
  who: 'all' | 'staff' | 'admin' | 'seller';
  /** Other routes of this screen (a record's page, an alias): the item is highlighted there too. */
  also?: string[];
  /** Shown only when the server runs with FOUR_EYES on (nothing ever waits for approval otherwise). */
  fourEyes?: true;
}

export const NAV_ITEMS: NavItem[] = [
  { label: 'Dashboard', icon: DashboardIcon, to: '/', who: 'all' },
  { label: 'Gift Cards', icon: CardGiftcardIcon, to: '/gift-cards', who: 'all', also: ['/gift-card/'] },
  { label: 'User Lists', icon: PeopleIcon, to: '/users', who: 'staff', also: ['/edit/user/'] },
  { label: 'Seller Lists', icon: StorefrontIcon, to: '/sellers', who: 'staff' },
  { label: 'Add User', icon: PersonAddIcon, to: '/create/user', who: 'staff' },
  { label: 'Transactions', icon: ReceiptLongIcon, to: '/transactions', who: 'staff', also: ['/create-transaction', '/edit-transaction/'] },
  { label: 'Gift Card Offers', icon: LocalOfferIcon, to: '/gift-card-offer', who: 'staff', also: ['/edit-gift-card-offer/'] },
  { label: 'Add Gift Card Offer', icon: AddBoxIcon, to: '/add-gift-card-offer', who: 'staff' },
  { label: 'Report', icon: BarChartIcon, to: '/report', who: 'staff' },
  { label: 'Pending approvals', icon: HowToRegIcon, to: '/pending-approvals', who: 'staff', fourEyes: true },
  { label: 'Appeals', icon: BalanceIcon, to: '/appeals', who: 'staff' },
  { label: 'Statements', icon: RequestQuoteIcon, to: '/statement', who: 'staff' },
  { label: 'Audit log', icon: ManageSearchIcon, to: '/audit-log', who: 'admin' },
  { label: 'Rejection remedies', icon: RuleIcon, to: '/reject-remedies', who: 'admin' },
  { label: 'QA reviews', icon: FactCheckIcon, to: '/qa-reviews', who: 'staff' },
  { label: 'Reviewer figures', icon: InsightsIcon, to: '/reviewer-figures', who: 'admin' },
  { label: 'Add Gift Card', icon: AddCardIcon, to: '/add-gift-card', who: 'seller', also: ['/add-gift-cards'] },
  { label: 'My Transaction', icon: AccountBalanceWalletIcon, to: '/my-transaction', who: 'seller' },
  { label: 'My Statement', icon: RequestQuoteIcon, to: '/statement', who: 'seller' },
];

/** The item to highlight for a path: its own route, or one of its other routes (`also`, by prefix when it ends with '/'). */
export function activeNavItem(pathname: string, items: readonly NavItem[] = NAV_ITEMS): NavItem | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return items.find((i) => i.to === path) ?? items.find((i) => i.also?.some((a) => (a.endsWith('/') ? path.startsWith(a) : path === a)));
}

import type { CardStatus, Role } from './constants';

/** Response shapes of the API (money as JSON numbers with at most 2 decimals). */
export interface User {
  id: number;
  name: string;
  email: string;
  role: Role;
  rate: number | null;
}
export interface LoginResponse {
  token: string;
  user: { id: number; name: string; email: string; role: Role };
}
export interface Page<T> {
  data: T[];
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
}
export interface Wrapped<T> {
  data: T;
}

export interface Offer {
  id: number;
  title: string;
  is_active: 0 | 1;
  price_type: 0 | 1;
  min_price: number | null;
  max_price: number | null;
  /** JSON text of the list of prices, as the spec sends it ("[25,50]"). */
  fixed_price: string | null;
  rate_type: 0 | 1;
  rate: number;
}

export interface CardImage {
  id: number;
  image: string;
  url: string;
}
export interface GiftCard {
  id: number;
  giftcard_offer_id: number;
  seller_id: number;
  card_number: string | null;
  price: number;
  rate: number;
  payable: number;
  paid_amount: number;
  due: number;
  description: string | null;
  card_status: CardStatus;
  approval_date: string | null;
  rejection_date: string | null;
  created_at: string;
  title: string;
  name: string;
  email: string;
}
export interface GiftCardDetail {
  data: GiftCard;
  images: CardImage[];
}

export interface Comment {
  id: number;
  gift_card_id: number;
  comment: string;
  image: string | null;
  image_url: string | null;
  user_id: number;
  created_at: string;
  comment_user: { id: number; name: string };
}

export interface Transaction {
  id: number;
  code: string;
  seller_id: number;
  transaction_amount: number;
  is_redeem: 0 | 1;
  gidcard_id: number | null;
  created_at: string;
  seller: { id: number; name: string };
  allocations?: { gift_card_id: number; amount: number }[];
}

export interface SellerRow {
  id: number;
  name: string;
  email: string;
  seller_due: number;
}
export interface SellerDue {
  due: number;
}

export interface ChartData {
  lableArray: string[];
  approvalArray: number[];
  rejectionArray: number[];
}
export interface DashboardChart {
  approved: { approval_date: string; total: number }[];
  rejected: { rejection_date: string; total: number }[];
}

/** The dashboard's strip of figures: the whole marketplace for staff, a seller's own for a seller. */
export interface DashboardFigures {
  scope: 'all' | 'own';
  pending: number;
  oldest_pending_at: string | null;
  due: number;
  paid_this_month: number;
  approved_this_month: number;
  rejected_this_month: number;
}

export interface Msg {
  msg: string;
}
export interface ApiError {
  message: string;
  errorMsg?: string;
  errors?: Record<string, string[]>;
}

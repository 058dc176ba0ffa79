import { z } from 'zod';
import type { OperationName, ResponseOf } from './endpoints';

/**
 * Response schemas of the API: what a successful call answers, field by field. The server validates and
 * strips every answer with these (nothing leaves it that they do not name) and the OpenAPI document
 * describes each 200 with them. Money is a JSON number with at most 2 decimals; dates are strings.
 */
const money = z.number().describe('Money: a number with at most 2 decimals');
const id = z.number().int().positive();
const date = z.string();
const role = z.enum(['admin', 'manager', 'seller']);
const flag = z.union([z.literal(0), z.literal(1)]);

export const msgResponse = z.object({ msg: z.string() });
export const errorResponse = z.object({
  message: z.string(),
  errorMsg: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

export const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({
    data: z.array(row),
    current_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    last_page: z.number().int(),
  });
export const wrapped = <T extends z.ZodType>(inner: T) => z.object({ data: inner });

export const userResponse = z.object({ id, name: z.string(), email: z.string(), role, rate: money.nullable() });
export const loginResponse = z.object({
  token: z.string(),
  user: z.object({ id, name: z.string(), email: z.string(), role }),
  notice: z.string().optional(),
});

export const offerResponse = z.object({
  id,
  title: z.string(),
  is_active: flag,
  price_type: flag,
  min_price: money.nullable(),
  max_price: money.nullable(),
  fixed_price: z.string().nullable().describe('JSON text of the list of prices, e.g. "[25,50]"'),
  rate_type: flag,
  rate: money,
});

export const cardImageResponse = z.object({ id, image: z.string(), url: z.string() });
export const giftCardResponse = z.object({
  id,
  giftcard_offer_id: id,
  seller_id: id,
  card_number: z.string().nullable(),
  price: money,
  rate: money,
  payable: money,
  paid_amount: money,
  due: money,
  description: z.string().nullable(),
  card_status: z.number().int().describe('0 pending, 1 approved, 2 rejected'),
  approval_date: date.nullable(),
  rejection_date: date.nullable(),
  created_at: date,
  title: z.string(),
  name: z.string(),
  email: z.string(),
});
export const giftCardDetailResponse = z.object({ data: giftCardResponse, images: z.array(cardImageResponse) });

export const commentResponse = z.object({
  id,
  gift_card_id: id,
  comment: z.string(),
  image: z.string().nullable(),
  image_url: z.string().nullable(),
  user_id: id,
  created_at: date,
  comment_user: z.object({ id, name: z.string() }),
});

export const transactionResponse = z.object({
  id,
  code: z.string(),
  seller_id: id,
  transaction_amount: money,
  is_redeem: flag,
  gidcard_id: id.nullable(),
  created_at: date,
  seller: z.object({ id, name: z.string() }),
  allocations: z.array(z.object({ gift_card_id: id, amount: money })).optional(),
});

export const sellerRowResponse = z.object({ id, name: z.string(), email: z.string(), seller_due: money });
export const sellerDueResponse = z.object({ due: money });

export const chartDataResponse = z.object({
  lableArray: z.array(z.string()),
  approvalArray: z.array(z.number()),
  rejectionArray: z.array(z.number()),
});
export const dashboardChartResponse = z.object({
  approved: z.array(z.object({ approval_date: date, total: z.number() })),
  rejected: z.array(z.object({ rejection_date: date, total: z.number() })),
});

export const dashboardFiguresResponse = z.object({
  scope: z.enum(['all', 'own']),
  pending: z.number().int(),
  oldest_pending_at: date.nullable(),
  due: money,
  paid_this_month: money,
  approved_this_month: z.number().int(),
  rejected_this_month: z.number().int(),
});

/** The answer of every operation of the contract (`satisfies` keeps each schema's own type). */
export const responseSchemas = {
  login: loginResponse,
  logout: msgResponse,
  sellerDue: sellerDueResponse,
  allOffers: z.array(offerResponse),
  listOffers: pageOf(offerResponse),
  getOffer: wrapped(offerResponse),
  createOffer: msgResponse,
  updateOffer: msgResponse,
  deleteOffer: msgResponse,
  createCard: msgResponse,
  listCards: pageOf(giftCardResponse),
  myCards: wrapped(pageOf(giftCardResponse)),
  getCard: giftCardDetailResponse,
  updateCard: msgResponse,
  deleteCard: msgResponse,
  deleteCardImage: msgResponse,
  searchCardNumber: wrapped(giftCardResponse),
  listComments: wrapped(pageOf(commentResponse)),
  addComment: msgResponse,
  deleteComment: msgResponse,
  createTransaction: msgResponse,
  getTransaction: wrapped(transactionResponse),
  updateTransaction: msgResponse,
  listTransactions: pageOf(transactionResponse),
  myTransactions: wrapped(pageOf(transactionResponse)),
  bulkPayment: msgResponse,
  sellerList: pageOf(sellerRowResponse),
  listUsers: pageOf(userResponse),
  getUser: z.object({ user: userResponse }),
  createUser: msgResponse,
  updateUser: msgResponse,
  deleteUser: msgResponse,
  chartData: chartDataResponse,
  chartDataYearly: chartDataResponse,
  dashboardChart: dashboardChartResponse,
  dashboardFigures: dashboardFiguresResponse,
} satisfies Record<OperationName, z.ZodType>;

/** Every declared response type fits its schema (checked by the compiler; nothing reads it at run time). */
type Fits<K extends OperationName> = ResponseOf<K> extends z.input<(typeof responseSchemas)[K]> ? true : false;
/** @public */
export const responseTypesFit: { [K in OperationName]: Fits<K> } = Object.fromEntries(
  Object.keys(responseSchemas).map((k) => [k, true]),
) as { [K in OperationName]: true };

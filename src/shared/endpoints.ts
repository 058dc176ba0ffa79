import { z } from 'zod';
import * as s from './schemas';
import type * as T from './types';

/**
 * The API contract: one entry per call of spec section 7 (plus logout).
 * `path` is relative to the API base (`/api/`); `:id` is filled from args.id.
 * Used by the server (routes + OpenAPI), by Electron main (IPC allow-list and argument checks)
 * and by the renderer (typed calls).
 */
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Access = 'public' | 'any' | 'staff' | 'seller';
export interface EndpointDef {
  method: Method;
  path: string;
  access: Access;
  body?: z.ZodType;
  query?: z.ZodType;
  /** Multipart file fields this call may carry; `gallery` is sent as gallery[0], gallery[1], ... */
  files?: readonly ('gallery' | 'comment_image')[];
  summary: string;
}

const def =
  <R>() =>
  <const D extends EndpointDef>(d: D) =>
    d as D & { __response?: R };

export const endpoints = {
  login: def<T.LoginResponse>()({
    method: 'POST',
    path: 'login',
    access: 'public',
    body: s.loginBody,
    summary: 'Log in with email or user name',
  }),
  logout: def<T.Msg>()({ method: 'POST', path: 'logout', access: 'any', summary: 'Revoke the current token' }),
  sellerDue: def<T.SellerDue>()({ method: 'GET', path: 'seller-due', access: 'seller', summary: "The logged-in seller's due" }),

  allOffers: def<T.Offer[]>()({ method: 'GET', path: 'all-gift-card-offer', access: 'any', summary: 'Every offer (for selects)' }),
  listOffers: def<T.Page<T.Offer>>()({
    method: 'GET',
    path: 'gift-card-offer',
    access: 'staff',
    query: s.pageQuery,
    summary: 'Offers, 10 a page',
  }),
  getOffer: def<T.Wrapped<T.Offer>>()({ method: 'GET', path: 'gift-card-offer/:id', access: 'any', summary: 'One offer' }),
  createOffer: def<T.Msg>()({ method: 'POST', path: 'gift-card-offer', access: 'staff', body: s.offerBody, summary: 'Create an offer' }),
  updateOffer: def<T.Msg>()({
    method: 'POST',
    path: 'gift-card-offer-update/:id',
    access: 'staff',
    body: s.offerBody,
    summary: 'Edit an offer',
  }),
  deleteOffer: def<T.Msg>()({ method: 'DELETE', path: 'gift-card-offer/:id', access: 'staff', summary: 'Delete an offer without cards' }),

  createCard: def<T.Msg>()({
    method: 'POST',
    path: 'gift-card',
    access: 'seller',
    body: s.cardCreateBody,
    files: ['gallery'],
    summary: 'Submit a gift card with images',
  }),
  listCards: def<T.Page<T.GiftCard>>()({
    method: 'GET',
    path: 'gift-card',
    access: 'staff',
    query: s.pageQuery,
    summary: 'All cards, 5 a page',
  }),
  myCards: def<T.Wrapped<T.Page<T.GiftCard>>>()({
    method: 'GET',
    path: 'my-giftcard',
    access: 'seller',
    query: s.pageQuery,
    summary: "The seller's own cards",
  }),
  getCard: def<T.GiftCardDetail>()({ method: 'GET', path: 'gift-card/:id', access: 'any', summary: 'One card with its images' }),
  updateCard: def<T.Msg>()({
    method: 'POST',
    path: 'gift-card-update/:id',
    access: 'any',
    body: s.cardUpdateBody,
    files: ['gallery'],
    summary: 'Edit a card',
  }),
  deleteCard: def<T.Msg>()({ method: 'DELETE', path: 'gift-card/:id', access: 'any', summary: 'Delete a card' }),
  deleteCardImage: def<T.Msg>()({ method: 'DELETE', path: 'delete-giftcard-image/:id', access: 'any', summary: 'Delete a card image' }),
  searchCardNumber: def<T.Wrapped<T.GiftCard>>()({
    method: 'POST',
    path: 'search-card-number',
    access: 'any',
    body: s.searchCardBody,
    summary: 'Find a card by its number',
  }),

  listComments: def<T.Wrapped<T.Page<T.Comment>>>()({
    method: 'GET',
    path: 'gift-card-comments/:id',
    access: 'any',
    query: s.pageQuery,
    summary: "A card's comments, 5 a page",
  }),
  addComment: def<T.Msg>()({
    method: 'POST',
    path: 'add-gift-card/:id',
    access: 'any',
    body: s.commentBody,
    files: ['comment_image'],
    summary: 'Comment on a card',
  }),
  deleteComment: def<T.Msg>()({ method: 'DELETE', path: 'delete-giftcard-comment/:id', access: 'any', summary: 'Delete a comment' }),

  createTransaction: def<T.Msg>()({
    method: 'POST',
    path: 'transaction',
    access: 'staff',
    body: s.transactionBody,
    summary: 'Pay a card or a seller',
  }),
  getTransaction: def<T.Wrapped<T.Transaction>>()({ method: 'GET', path: 'transaction/:id', access: 'any', summary: 'One transaction' }),
  updateTransaction: def<T.Msg>()({
    method: 'POST',
    path: 'transaction-update/:id',
    access: 'any',
    body: s.transactionUpdateBody,
    summary: 'Staff: edit a payout; seller: flip is_redeem',
  }),
  listTransactions: def<T.Page<T.Transaction>>()({
    method: 'GET',
    path: 'transaction',
    access: 'staff',
    query: s.pageQuery,
    summary: 'All transactions, 10 a page',
  }),
  myTransactions: def<T.Wrapped<T.Page<T.Transaction>>>()({
    method: 'GET',
    path: 'my-transaction',
    access: 'seller',
    query: s.pageQuery,
    summary: "The seller's transactions",
  }),
  bulkPayment: def<T.Msg>()({
    method: 'POST',
    path: 'bulk-payment',
    access: 'staff',
    body: s.bulkPaymentBody,
    summary: "Pay a seller's approved cards, oldest first",
  }),
  sellerList: def<T.Page<T.SellerRow>>()({
    method: 'GET',
    path: 'seller-lists',
    access: 'staff',
    query: s.pageQuery,
    summary: 'Sellers with their due',
  }),

  listUsers: def<T.Page<T.User>>()({
    method: 'GET',
    path: 'all-user-lists',
    access: 'staff',
    query: s.pageQuery,
    summary: 'Users, 10 a page',
  }),
  getUser: def<{ user: T.User }>()({ method: 'GET', path: 'users/:id', access: 'staff', summary: 'One user' }),
  createUser: def<T.Msg>()({
    method: 'POST',
    path: 'users',
    access: 'staff',
    body: s.userCreateBody,
    summary: 'Create a manager or seller',
  }),
  updateUser: def<T.Msg>()({ method: 'PUT', path: 'users/:id', access: 'staff', body: s.userUpdateBody, summary: 'Edit a user' }),
  deleteUser: def<T.Msg>()({ method: 'DELETE', path: 'users/:id', access: 'staff', summary: 'Delete a user' }),

  chartData: def<T.ChartData>()({
    method: 'POST',
    path: 'chart-data',
    access: 'any',
    body: s.chartBody,
    summary: 'Daily approvals and rejections',
  }),
  chartDataYearly: def<T.ChartData>()({
    method: 'POST',
    path: 'chart-data-yearly',
    access: 'any',
    body: s.chartBody,
    summary: 'Monthly approvals and rejections over a year',
  }),
  dashboardChart: def<T.DashboardChart>()({
    method: 'GET',
    path: 'chart-data',
    access: 'any',
    query: s.dashboardChartQuery,
    summary: 'Days with approvals or rejections',
  }),
  dashboardFigures: def<T.DashboardFigures>()({
    method: 'GET',
    path: 'dashboard-figures',
    access: 'any',
    summary: 'Figures staff look at first (pending, due, paid and decided this month); a seller gets their own',
  }),
} as const;

export type Endpoints = typeof endpoints;
export type OperationName = keyof Endpoints;
export const operationNames = Object.keys(endpoints) as OperationName[];
export const isOperationName = (v: unknown): v is OperationName => typeof v === 'string' && Object.hasOwn(endpoints, v);

type Def<K extends OperationName> = Endpoints[K];
export type ResponseOf<K extends OperationName> = Def<K> extends { __response?: infer R } ? R : unknown;
type BodyOf<K extends OperationName> = Def<K> extends { body: infer B extends z.ZodType } ? z.input<B> : never;
type QueryOf<K extends OperationName> = Def<K> extends { query: infer Q extends z.ZodType } ? Partial<z.input<Q>> : never;

/** A file chosen by the user: in browser mode it carries the File; in the desktop app, main keeps the bytes under `id`. */
export interface PickedFile {
  id: string;
  name: string;
  size: number;
  type: string;
  previewUrl: string;
  file?: Blob;
}

/** The arguments of one operation, as the renderer passes them. */
export type ArgsOf<K extends OperationName> = (Def<K>['path'] extends `${string}:id${string}` ? { id: number } : { id?: never }) &
  ([BodyOf<K>] extends [never] ? { body?: never } : { body: BodyOf<K> }) &
  ([QueryOf<K>] extends [never] ? { query?: never } : { query?: QueryOf<K> }) &
  (Def<K> extends { files: readonly (infer F extends string)[] } ? { files?: Partial<Record<F, PickedFile[]>> } : { files?: never });

export interface ApiResult<R = unknown> {
  status: number;
  data: R | T.ApiError;
}

/** Fills `:id` and the query string: `gift-card/:id` + {id: 5} -> `gift-card/5`. */
export function buildPath(op: OperationName, args: { id?: number; query?: Record<string, unknown> }): string {
  let path: string = endpoints[op].path;
  if (path.includes(':id')) path = path.replace(':id', String(args.id));
  const q = args.query ? Object.entries(args.query).filter(([, v]) => v !== undefined && v !== null) : [];
  if (q.length) path += `?${new URLSearchParams(q.map(([k, v]) => [k, String(v)] as [string, string])).toString()}`;
  return path;
}

/** The argument envelope as Electron main checks it before forwarding (values are checked by the server too). */
export const argsEnvelope = z
  .object({
    id: z.number().int().positive().max(2147483647).optional(),
    query: z.record(z.string(), z.union([z.string().max(64), z.number()])).optional(),
    body: z.record(z.string(), z.unknown()).optional(),
    files: z.record(z.string(), z.array(z.object({ id: z.string().max(64) }).passthrough()).max(10)).optional(),
  })
  .strict();

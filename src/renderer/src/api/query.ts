import { forgetVersion, rememberVersion, readOfStale, withIfMatch } from './versions';
import { QueryClient, useMutation, useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { ApiResult, ArgsOf, OperationName, ResponseOf } from '../../../shared/endpoints';
import { errorText, isOk } from './results';
import type { Transport } from './transport';
import { useTransport } from './TransportContext';

/**
 * Server state for every screen (TanStack Query). A query's key is `[operationName, args]`, so anything can
 * refresh every cached answer of one operation with `queryClient.invalidateQueries({ queryKey: [operationName] })`.
 * Mutations invalidate what they change (WRITE_INVALIDATES below), so screens never reload by hand.
 */

/** A non-2xx answer (or status 0: unreachable) as an error: `result` keeps the server's JSON (errorMsg, errors). */
export class ApiCallError extends Error {
  constructor(readonly result: ApiResult<unknown>) {
    super(errorText(result, `Request failed with status ${result.status}`));
    this.name = 'ApiCallError';
  }
  get status(): number {
    return this.result.status;
  }
}

/** The typed call of both transports, with a non-2xx answer thrown as an ApiCallError. */
export async function callOrThrow<K extends OperationName>(transport: Transport, op: K, args: ArgsOf<K>): Promise<ResponseOf<K>> {
  const r = await transport.call(op, withIfMatch(op, args));
  if (isOk(r)) {
    rememberVersion(op, args as { id?: number }, r.etag);
    return r.data as ResponseOf<K>;
  }
  throw new ApiCallError(r);
}

/** The key of one operation's answer: `[op, args]`; `[op]` alone matches every answer of that operation. */
export const apiKey = <K extends OperationName>(op: K, args?: ArgsOf<K>): QueryKey => (args === undefined ? [op] : [op, args]);

/** What each write changes, by the operation names of the reads to refresh. */
export const WRITE_INVALIDATES: Partial<Record<OperationName, readonly OperationName[]>> = (() => {
  const cards = [
    'listCards',
    'myCards',
    'getCard',
    'searchCardNumber',
    'sellerList',
    'sellerDue',
    'cardHistory',
    'cardDuplicates',
    'cardMoney',
    // A decision, a clawback or an appeal changes the seller's history: the trust panel's read recomputes it.
    'sellerTrust',
  ] as const;
  const reports = ['chartData', 'chartDataYearly', 'dashboardChart', 'dashboardFigures', 'rejectReasons', 'cardStatusCounts'] as const;
  const money = [...cards, 'listTransactions', 'myTransactions', 'getTransaction', 'dashboardFigures', 'sellerStatement'] as const;
  const offers = ['listOffers', 'allOffers', 'getOffer'] as const;
  const users = ['listUsers', 'getUser', 'sellerList'] as const;
  return {
    createOffer: offers,
    updateOffer: offers,
    deleteOffer: offers,
    createCard: [...cards, ...reports],
    updateCard: [...cards, ...reports, 'listComments'],
    deleteCard: [...money, ...reports],
    deleteCardImage: ['getCard', 'cardHistory', 'cardDuplicates'],
    addComment: ['listComments', 'cardHistory'],
    deleteComment: ['listComments', 'cardHistory'],
    reviewCard: [...cards, ...reports],
    reviewCards: [...cards, ...reports],
    createTransaction: [...money, 'listPendingPayments'],
    updateTransaction: [...money, 'listPendingPayments'],
    bulkPayment: [...money, 'listPendingPayments'],
    approvePendingPayment: [...money, 'listPendingPayments'],
    declinePendingPayment: ['listPendingPayments'],
    disputeCard: [...money, ...reports],
    resolveDispute: [...money, ...reports],
    createUser: users,
    updateUser: [...users, 'listCards'],
    deleteUser: [...users, ...money],
    updateRejectRemedy: ['listRejectRemedies', 'getCard'],
    resubmitCard: [...cards, ...reports],
    appealCard: [...cards, 'listAppeals'],
    acceptAdjustment: [...money, ...reports],
    withdrawAdjustment: [...money, ...reports],
    decideAppeal: [...money, ...reports, 'listAppeals', 'getAppeal'],
    updateQaPolicy: ['qaPolicy'],
    updateTrustPolicy: ['trustPolicy', 'sellerTrust', 'sellerList'],
    decideQaReview: ['listQaReviews', 'cardHistory'],
    resolveQaReview: ['listQaReviews', 'cardHistory'],
    placeHold: [...money, 'listHolds'],
    releaseHold: [...money, 'listHolds'],
    markLinkKnownGood: ['listSellerLinks'],
    markInboxRead: ['sellerInbox'],
  };
})();

/** Refreshes what a successful write of `op` changed (plus `more`). */
export function invalidateAfter(client: QueryClient, op: OperationName, more: readonly OperationName[] = []) {
  const ops = new Set([...(WRITE_INVALIDATES[op] ?? []), ...more]);
  return Promise.all([...ops].map((o) => client.invalidateQueries({ queryKey: [o] })));
}

/** Reads: fresh for 30 s, retried once only when the server could not be reached or failed (never on a 4xx). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, err) => count < 1 && err instanceof ApiCallError && (err.status === 0 || err.status >= 500),
      },
      mutations: { retry: false },
    },
  });
}

type QueryOpts<K extends OperationName, T> = Omit<UseQueryOptions<ResponseOf<K>, ApiCallError, T>, 'queryKey' | 'queryFn'> & {
  /** false: this read does not show the full-page loader. */
  loader?: boolean;
};

/** A read: `useApiQuery('getUser', { id })`. `data` is the 2xx answer; `error` an ApiCallError. */
export function useApiQuery<K extends OperationName, T = ResponseOf<K>>(op: K, args: ArgsOf<K>, options: QueryOpts<K, T> = {}) {
  const transport = useTransport();
  const { loader = true, meta, ...rest } = options;
  return useQuery<ResponseOf<K>, ApiCallError, T>({
    queryKey: apiKey(op, args),
    queryFn: () => callOrThrow(transport, op, args),
    meta: { ...meta, loader },
    ...rest,
  });
}

export interface MutationOpts {
  /** More operations to refresh on success, on top of WRITE_INVALIDATES[op]. */
  invalidates?: readonly OperationName[];
  /** false: this write does not show the full-page loader. */
  loader?: boolean;
}

/** A write: `useApiMutation('createUser').mutateAsync({ body })`; rejects with ApiCallError on a non-2xx; never retried. */
export function useApiMutation<K extends OperationName>(op: K, { invalidates = [], loader = true }: MutationOpts = {}) {
  const transport = useTransport();
  const client = useQueryClient();
  return useMutation<ResponseOf<K>, ApiCallError, ArgsOf<K>>({
    mutationKey: [op],
    meta: { loader },
    mutationFn: (args) => writeOrThrow(transport, client, op, args),
    // Returned, so mutateAsync resolves once the screens show the refreshed answers.
    onSuccess: () => invalidateAfter(client, op, invalidates),
  });
}

/**
 * A write outside a mutation hook (the review queue sends its decisions straight through): like `callOrThrow`, and
 * versioned like every write: after it the version this window held is stale, and on a 412 (the record changed since
 * it was opened) the record is reloaded while the screen shows the message.
 */
export async function writeOrThrow<K extends OperationName>(transport: Transport, client: QueryClient, op: K, args: ArgsOf<K>) {
  try {
    const data = await callOrThrow(transport, op, args);
    forgetVersion(op, args);
    return data;
  } catch (err) {
    const read = err instanceof ApiCallError && err.status === 412 ? readOfStale(op) : undefined;
    if (read) void client.invalidateQueries({ queryKey: [read] });
    throw err;
  }
}

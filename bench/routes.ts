/** The routes the bench measures; `as` says whose token calls it. */
export interface RouteDef {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  as: 'none' | 'staff' | 'seller';
  body?: unknown;
  /** `{id}` in path is a random card id per request. */
  randomCardId?: boolean;
}

export const FLOOR: RouteDef = { name: 'GET /api/ping (floor)', method: 'GET', path: '/api/ping', as: 'none' };

/** Authenticated trivial route (token check + one small query): where the floor is for any route with a token. */
export const AUTH_FLOOR: RouteDef = { name: 'GET /api/seller-due (reference)', method: 'GET', path: '/api/seller-due', as: 'seller' };

/** The staff's first page of gift cards: the reference of the work-queue goals. */
export const PAGE_1: RouteDef = { name: 'GET /api/gift-card?page=1', method: 'GET', path: '/api/gift-card?page=1', as: 'staff' };

export const LIST_ROUTES: RouteDef[] = [
  PAGE_1,
  { name: 'GET /api/my-giftcard?page=1', method: 'GET', path: '/api/my-giftcard?page=1', as: 'seller' },
  { name: 'GET /api/gift-card/{id}', method: 'GET', path: '/api/gift-card/{id}', as: 'staff', randomCardId: true },
  { name: 'GET /api/seller-lists?page=1', method: 'GET', path: '/api/seller-lists?page=1', as: 'staff' },
  { name: 'GET /api/transaction?page=1', method: 'GET', path: '/api/transaction?page=1', as: 'staff' },
];

const day = (d: Date) => d.toISOString().slice(0, 10);

/** Report inputs: the last 365 days (daily) and the last calendar year (monthly); the generated data covers both. */
export function reportBodies(now = new Date()) {
  const end = day(now);
  const start = day(new Date(now.getTime() - 364 * 86_400_000));
  const year = now.getUTCFullYear() - 1;
  return {
    daily: { start_date: start, end_date: end, seller_id: 0 },
    yearly: { start_date: `${year}-01-01`, end_date: `${year}-12-31`, seller_id: 0 },
    dashboard: { start_date: start, end_date: end },
  };
}

export function reportRoutes(now = new Date()): RouteDef[] {
  const { daily, yearly, dashboard } = reportBodies(now);
  const [start, end] = [dashboard.start_date, dashboard.end_date];
  return [
    { name: 'POST /api/chart-data (year, all sellers)', method: 'POST', path: '/api/chart-data', as: 'staff', body: daily },
    { name: 'POST /api/chart-data (year, one seller)', method: 'POST', path: '/api/chart-data', as: 'seller', body: daily },
    { name: 'POST /api/chart-data-yearly (all sellers)', method: 'POST', path: '/api/chart-data-yearly', as: 'staff', body: yearly },
    { name: 'POST /api/chart-data-yearly (one seller)', method: 'POST', path: '/api/chart-data-yearly', as: 'seller', body: yearly },
    {
      name: 'GET /api/chart-data (dashboard, year)',
      method: 'GET',
      path: `/api/chart-data?start_date=${start}&end_date=${end}`,
      as: 'staff',
    },
  ];
}

/** A keyset cursor (issue 31, docs/lists.md): continue after the row with this sort key and id. */
const cursorAfter = (sort: string, key: string, id: number) => Buffer.from(JSON.stringify([sort, key, id, 0])).toString('base64url');

/**
 * Work queues (issues 13, 31): filtered, searched, sorted pages of the lists and keyset Next deep down, measured side
 * by side with the unfiltered page 1 (goal: p50 within 2x of it; a search within 3x: `search` in the name).
 * `hotSeller` is the bench seller's id, `cards` the size.
 */
export function queueRoutes(hotSeller: number, cards: number, now = new Date()): RouteDef[] {
  const to = day(now);
  const from = day(new Date(now.getTime() - 6 * 86_400_000));
  const someNumber = (4000000000000000 + Math.floor(cards / 2) * 7919).toString().padStart(16, '0');
  const deep = Math.max(1, Math.floor(Math.min(cards * 0.1, 100_000) / 5));
  // The id of the row `deep` pages down the newest-first list (ids are dense in the generated data).
  const depthId = Math.max(1, cards - deep * 5);
  const q = (name: string, path: string, as: RouteDef['as'] = 'staff'): RouteDef => ({
    name: `GET /api/${name}`,
    method: 'GET',
    path: `/api/${path}`,
    as,
  });
  return [
    q('gift-card?status=0 (pending, newest first)', 'gift-card?status=0'),
    q('gift-card?status=0&sort=created_at (pending queue, oldest first)', 'gift-card?status=0&sort=created_at'),
    q('gift-card?status=0&seller_id=H (one seller pending)', `gift-card?status=0&seller_id=${hotSeller}`),
    q(
      'gift-card?offer_id=1&date_field=approved&from&to (one offer, approved last week)',
      `gift-card?offer_id=1&date_field=approved&from=${from}&to=${to}`,
    ),
    q('gift-card?status=1&sort=-price&per_page=25', 'gift-card?status=1&sort=-price&per_page=25'),
    q('gift-card?q=<card number, punctuated>', `gift-card?q=${someNumber.slice(0, 4)}-${someNumber.slice(4, 8)}-${someNumber.slice(8)}`),
    q('gift-card?q=<seller email>', `gift-card?q=${encodeURIComponent('seller12@bench.example')}`),
    q('gift-card?q=<last 4 digits> (substring search)', `gift-card?q=${someNumber.slice(-4)}`),
    q(
      `gift-card?cursor=<row ${deep * 5}> (keyset Next at depth)`,
      `gift-card?cursor=${cursorAfter('-created_at', String(depthId), depthId)}`,
    ),
    q(
      `gift-card?status=1&cursor=<row ${deep * 5}> (keyset Next at depth, filtered)`,
      `gift-card?status=1&cursor=${cursorAfter('-created_at', String(depthId), depthId)}`,
    ),
    q('transaction?q=BP-1 (code search)', 'transaction?q=BP-1'),
    q('transaction?seller_id=H&sort=-amount', `transaction?seller_id=${hotSeller}&sort=-amount`),
    q('my-giftcard?status=1&sort=-price (seller)', 'my-giftcard?status=1&sort=-price', 'seller'),
  ];
}

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

export const LIST_ROUTES: RouteDef[] = [
  { name: 'GET /api/gift-card?page=1', method: 'GET', path: '/api/gift-card?page=1', as: 'staff' },
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

import type { ExplainRow } from './explain';
import type { ExportRun } from './exports';
import type { GenResult } from './generate';
import type { InvariantResult } from './invariants';
import type { ListAnchor } from './list-anchor';
import type { LoadResult } from './load-spec';
import type { PaymentRun } from './payments';
import type { PgbenchRun } from './pgbench';
import type { RendererSizes } from './renderer';
import type { ScreensRun } from './renderer-screens';
import type { ReviewSpeed } from './review-speed';
import type { StatementCost } from './statements';

/** Everything one `npm run bench` measured. */
export interface RouteFigure {
  route: string;
  kind: 'list' | 'report' | 'reference' | 'queue';
  r: LoadResult;
  /** A queue route: gift-card page 1 measured on the same server right before it in each round, best round (its goals' reference). */
  page1?: LoadResult;
  /** A list route on PostgreSQL: pgbench of its statements run right after it in each round, best round (issue 51). */
  pgbench?: number;
}

export interface SizeRun {
  db: 'PostgreSQL' | 'PGlite';
  label: string;
  cards: number;
  gen: GenResult | null;
  rows: Record<string, number>;
  /** The floor (/api/ping) measured before and after the routes; `floor` is the better of the two. */
  floors: LoadResult[];
  floor: LoadResult;
  routes: RouteFigure[];
  /** The same list routes served by the code before the list builder (--before), on the same database. */
  before?: RouteFigure[];
  /** The same routes served by this code the same way (a fresh server warmed on them only), beside `before`. */
  afterFresh?: RouteFigure[];
  payments: PaymentRun[];
  /** PostgreSQL: pgbench of each list route's own statements on this database, the list routes' anchor (issue 51). */
  listAnchors?: ListAnchor[];
  /** pgbench TPC-B on the same PostgreSQL server, run right after the payments with the same client count. */
  pgbench: PgbenchRun | null;
  /** Every card exported as CSV: rows/s and the server's memory around it. */
  exportRun: ExportRun | null;
  invariants: InvariantResult[];
  /** PostgreSQL: each route's statements under EXPLAIN ANALYZE. */
  explain: ExplainRow[];
  /** PostgreSQL: CPU per statement as the server issues it against prepared alternatives. */
  statements: StatementCost[];
  /** Milliseconds from spawning the server to its first answered request. */
  serverReadyMs: number;
  serverStderr: string[];
}

export interface Results {
  started: string;
  finished: string;
  machine: { cpus: number; loadBefore: number[]; loadAfter: number[]; node: string; postgres: string };
  settings: { duration: number; warmup: number; connections: number; payConnections: number; rounds: number };
  runs: SizeRun[];
  pgliteEmptyStartMs: number | null;
  renderer: RendererSizes | null;
  reviewSpeed?: ReviewSpeed | null;
  /** Each screen loaded in Chromium (issue 33). */
  screens?: ScreensRun | null;
  /** Parts of the run that failed (their figures are missing). */
  failures: string[];
}

/** The better of two measurements of one route (more answers a second); `a` missing: `b`. */
export const betterRound = (a: LoadResult | undefined, b: LoadResult) => (!a || b.rps > a.rps ? b : a);

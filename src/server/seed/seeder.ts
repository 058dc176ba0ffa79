import type { Database } from '../db/client';
import type { Services } from '../services';

/** One step of the demo data; `ids` maps the demo accounts' emails to their user ids. */
export type DemoSeeder = (ctx: { database: Database; services: Services; ids: Record<string, number> }) => Promise<void>;

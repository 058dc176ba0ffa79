import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { Services } from '../services';
import { hashPassword } from '../modules/auth/service';
import { insertUser } from '../modules/users/repository';
import { seedDemoCards } from './demo-cards';
import { seedDemoPayments } from './demo-payments';
import type { DemoSeeder } from './seeder';

export const DEMO_ACCOUNTS = [
  { name: 'admin', email: 'admin@example.com', password: 'admin-password', role: 'admin' },
  { name: 'manager', email: 'manager@example.com', password: 'manager-password', role: 'manager' },
  { name: 'Sally Seller', email: 'seller@example.com', password: 'seller-password', role: 'seller' },
  { name: 'Sam Seller', email: 'seller2@example.com', password: 'seller-password', role: 'seller' },
] as const;

/** The demo data, in the order it is built: offers, cards and comments first, then payments over the approved cards. */
const DEMO_SEEDERS: readonly DemoSeeder[] = [seedDemoCards, seedDemoPayments];

/** The demo accounts an earlier start created that are still there (their passwords as seeded). */
export async function demoAccountsIn(database: Database): Promise<(typeof DEMO_ACCOUNTS)[number][]> {
  const emails = sql.join(
    DEMO_ACCOUNTS.map((a) => sql`${a.email}`),
    sql`, `,
  );
  const rows = await database.query<{ email: string }>(sql`SELECT email FROM users WHERE deleted_at IS NULL AND email IN (${emails})`);
  const present = new Set(rows.map((r) => r.email));
  return DEMO_ACCOUNTS.filter((a) => present.has(a.email));
}

/** Fills an empty database with demo data; returns the accounts created (empty when the database had users). */
export async function seedDemo(database: Database, services: Services): Promise<(typeof DEMO_ACCOUNTS)[number][]> {
  // Empty means no one but admins (an ADMIN_EMAIL bootstrap account, whatever its address) and no cards yet.
  const existing = await database.query<{ n: number }>(
    sql`SELECT ((SELECT count(*) FROM users WHERE role <> 'admin') + (SELECT count(*) FROM gift_cards))::int AS n`,
  );
  if (Number(existing[0]?.n ?? 0) > 0) return [];
  const ids: Record<string, number> = {};
  const created: (typeof DEMO_ACCOUNTS)[number][] = [];
  for (const a of DEMO_ACCOUNTS) {
    const hasAdmin =
      a.role === 'admin' && (await database.query(sql`SELECT 1 FROM users WHERE role = 'admin' AND deleted_at IS NULL`)).length > 0;
    if (hasAdmin) continue;
    ids[a.email] = await insertUser(database.db, {
      name: a.name,
      email: a.email,
      role: a.role,
      passwordHash: await hashPassword(a.password),
      rate: null,
    });
    created.push(a);
  }
  for (const seed of DEMO_SEEDERS) await seed({ database, services, ids });
  return created;
}

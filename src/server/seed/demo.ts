import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { Services } from '../services';
import { hashPassword } from '../modules/auth/service';
import { insertUser } from '../modules/users/repository';

export const DEMO_ACCOUNTS = [
  { name: 'admin', email: 'admin@example.com', password: 'admin-password', role: 'admin' },
  { name: 'manager', email: 'manager@example.com', password: 'manager-password', role: 'manager' },
  { name: 'Sally Seller', email: 'seller@example.com', password: 'seller-password', role: 'seller' },
  { name: 'Sam Seller', email: 'seller2@example.com', password: 'seller-password', role: 'seller' },
] as const;

/** Demo content seeders registered by domain modules (offers, cards, payments, comments). */
export type DemoSeeder = (ctx: { database: Database; services: Services; ids: Record<string, number> }) => Promise<void>;
const seeders: { run: DemoSeeder; order: number }[] = [];
/** `order`: lower runs first (ties in registration order); offers and cards 0..50, payments 100, comments after. */
export const addDemoSeeder = (s: DemoSeeder, order = 0) => void seeders.push({ run: s, order });

/** Fills an empty database with demo data; returns the accounts created (empty when the database had users). */
export async function seedDemo(database: Database, services: Services): Promise<(typeof DEMO_ACCOUNTS)[number][]> {
  const existing = await database.query<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM users WHERE email LIKE '%@example.com' OR role <> 'admin'`,
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
  for (const s of [...seeders].sort((a, b) => a.order - b.order)) await s.run({ database, services, ids });
  return created;
}

import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { hashPassword } from '../modules/auth/service';
import { anyAdmin, insertUser } from '../modules/users/repository';

/** Creates the admin account from ADMIN_EMAIL/ADMIN_PASSWORD when no admin exists yet. */
export async function bootstrapAdmin(database: Database, email: string, password: string): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727002)`);
    if (await anyAdmin(tx)) return false;
    const name = email.split('@')[0] || 'admin';
    await insertUser(tx, { name, email: email.toLowerCase(), role: 'admin', passwordHash, rate: null });
    return true;
  });
}

import { sql } from 'drizzle-orm';
import type { DemoSeeder } from './seeder';
import { centsOf } from '../db/values';
import { cardDue, cardPayable } from '../db/due-sql';
import type { AuthUser } from '../modules/auth/service';

/** Demo payments (run after the cards seeder): a partial payment of one approved card and one bulk payment. */
export const seedDemoPayments: DemoSeeder = async ({ database, services }) => {
  const admins = await database.query<AuthUser>(
    sql`SELECT id, name, email, role FROM users WHERE role = 'admin' AND deleted_at IS NULL ORDER BY id LIMIT 1`,
  );
  const cards = await database.query<{ id: number; seller_id: number; due: string }>(sql`
    SELECT id, seller_id, ${cardDue()}::text AS due FROM gift_cards
     WHERE ${cardPayable()} ORDER BY approval_date, id`);
  if (!admins[0] || cards.length === 0) return;
  const actor = admins[0];
  const first = cards[0];
  await services.ledger.create(actor, {
    code: 'DEMO-CARD-0001',
    transaction_amount: Math.max(1, Math.floor(centsOf(first.due) / 2)),
    gidcard_id: first.id,
  });

  const bulkSeller = cards.find((c) => c.seller_id !== first.seller_id)?.seller_id ?? first.seller_id;
  const [row] = await database.query<{ due: string }>(sql`SELECT seller_due::text AS due FROM users WHERE id = ${bulkSeller}`);
  const due = centsOf(row?.due ?? '0');
  if (due > 0)
    await services.ledger.bulk(actor, {
      seller_id: bulkSeller,
      paid_amount: Math.max(1, Math.floor((due * 3) / 5)),
      code: 'DEMO-BULK-0001',
    });
};

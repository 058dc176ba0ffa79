import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationPlaces } from '../helpers/migrations';

/**
 * Migration 0026: before it an approval claimed its request, paid and finished it in three transactions, so a crash in
 * between left the request 'approving' for ever. The migration settles those once: paid is approved (with the audit
 * entry the crash lost), unpaid waits again.
 */
const { freshPlace, cleanup, later } = migrationPlaces();
afterAll(cleanup);

describe('migration 0026: approvals left half done by a crash', () => {
  it('a request whose payment is in the ledger is approved and audited; one whose payment is not waits again', async () => {
    const open = await freshPlace();
    const old = await open('0025_review_queue.sql');
    const users = await old.query<{ id: number }>(
      sql`INSERT INTO users (name, email, password_hash, role) VALUES
            ('Maker', 'maker@example.com', 'x', 'manager'), ('Checker', 'checker@example.com', 'x', 'manager'),
            ('Seller', 'seller@example.com', 'x', 'seller')
          RETURNING id`,
    );
    const [maker, checker, seller] = users.map((u) => u.id);
    const [paid] = await old.query<{ id: number }>(
      sql`INSERT INTO transactions (code, code_norm, seller_id, transaction_amount, created_by, created_at)
          VALUES ('PAID-1', 'paid1', ${seller}, 150, ${maker}, now() + interval '1 second') RETURNING id`,
    );
    const [edited] = await old.query<{ id: number }>(
      sql`INSERT INTO transactions (code, code_norm, seller_id, transaction_amount, created_by)
          VALUES ('EDIT-1', 'edit1', ${seller}, 300, ${maker}) RETURNING id`,
    );
    const requests = await old.query<{ id: number }>(
      sql`INSERT INTO pending_payments (kind, maker_id, seller_id, transaction_id, code, amount, status, decided_by) VALUES
            ('payout', ${maker}, ${seller}, NULL, 'PAID-1', 150, 'approving', ${checker}),
            ('bulk_payment', ${maker}, ${seller}, NULL, 'UNPAID-1', 150, 'approving', ${checker}),
            ('payout_edit', ${maker}, ${seller}, ${edited.id}, 'EDIT-1', 300, 'approving', ${checker}),
            ('payout_edit', ${maker}, ${seller}, ${edited.id}, 'EDIT-1', 400, 'approving', ${checker}),
            ('payout', ${maker}, ${seller}, NULL, 'OPEN-1', 10, 'pending', NULL)
          RETURNING id`,
    );
    await old.close();

    const db = await open();
    later(() => db.close());
    const after = await db.query<{ id: number; status: string; decided_by: number | null }>(
      sql`SELECT id, status, decided_by FROM pending_payments ORDER BY id`,
    );
    expect(after.map((r) => [r.status, r.decided_by])).toEqual([
      ['approved', checker],
      ['pending', null],
      ['approved', checker],
      ['pending', null],
      ['pending', null],
    ]);
    const audits = await db.query<{ actor_id: number; request: number; recovered: boolean }>(
      sql`SELECT actor_id, (details->>'request_id')::int AS request, (details->>'recovered')::boolean AS recovered
            FROM audit_log WHERE action = 'payment_approved' ORDER BY id`,
    );
    expect(audits).toEqual([
      { actor_id: checker, request: requests[0]!.id, recovered: true },
      { actor_id: checker, request: requests[2]!.id, recovered: true },
    ]);
    expect(paid.id).toBeGreaterThan(0);
    // Nothing is left that no screen lists and nobody can approve or decline.
    const [stuck] = await db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM pending_payments WHERE status = 'approving'`);
    expect(stuck.n).toBe(0);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationPlaces } from '../helpers/migrations';

/**
 * Migration 0020 on a database an older version filled: every stored key becomes the skeleton, the payouts and cards
 * that now read alike are reported in the log, and nothing is deleted or renamed.
 */
const { freshPlace, cleanup, later } = migrationPlaces();
afterAll(cleanup);

describe('migration 0020: identifier keys recomputed', () => {
  it('recomputes every key, logs the payouts and cards that now collide, and deletes nothing', async () => {
    const open = await freshPlace();
    const old = await open('0019_card_number_key_stored.sql');
    const [seller] = await old.query<{ id: number }>(
      sql`INSERT INTO users (name, email, password_hash, role) VALUES ('Old Seller', 'old@example.com', 'x', 'seller') RETURNING id`,
    );
    const [offer] = await old.query<{ id: number }>(
      sql`INSERT INTO gift_card_offers (title, is_active, price_type, min_price, max_price, rate_type, rate)
          VALUES ('Old offer', 1, 0, 1, 1000, 1, 0) RETURNING id`,
    );
    const codes = await old.query<{ id: number; code: string }>(
      sql`INSERT INTO transactions (code, seller_id, transaction_amount)
          VALUES ('LK-7', ${seller.id}, 1), ('LК-7', ${seller.id}, 1), ('LK' || chr(8722) || '7', ${seller.id}, 1), ('OTHER-1', ${seller.id}, 1)
          RETURNING id, code`,
    );
    const cards = await old.query<{ id: number }>(
      sql`INSERT INTO gift_cards (giftcard_offer_id, seller_id, card_number, price, rate)
          VALUES (${offer.id}, ${seller.id}, 'AMX-423348-1071', 10, 0), (${offer.id}, ${seller.id}, 'АМХ-423348-1071', 10, 0),
                 (${offer.id}, ${seller.id}, 'ZZ-1', 10, 0)
          RETURNING id`,
    );
    await old.close();

    const log: string[] = [];
    const db = await open(undefined, (line) => log.push(line));
    later(() => db.close());
    const rows = await db.query<{ id: number; code: string; code_norm: string }>(
      sql`SELECT id, code, code_norm FROM transactions ORDER BY id`,
    );
    // Nothing deleted, no code rewritten; the first LK-7 keeps the plain key, the later look-alikes are told apart.
    expect(rows.map((r) => r.code)).toEqual(codes.map((c) => c.code));
    expect(rows.map((r) => r.code_norm)).toEqual(['lk7', `lk7#${codes[1].id}`, `lk7#${codes[2].id}`, 'otherl']);
    const keys = await db.query<{ number_key: string }>(sql`SELECT number_key FROM gift_cards ORDER BY id`);
    expect(keys[0].number_key).toBe(keys[1].number_key);
    expect(log.some((l) => l.includes(`payout ${codes[1].id}`) && l.includes(`payout ${codes[0].id}`))).toBe(true);
    expect(log.some((l) => l.includes(`payout ${codes[2].id}`))).toBe(true);
    expect(log.some((l) => l.includes(`card ${cards[1].id}`) && l.includes(`card ${cards[0].id}`))).toBe(true);
    expect(log.filter((l) => l.startsWith('Migration 0020:')).at(-1)).toContain(
      '2 payout codes and 1 card numbers now collide (nothing was deleted)',
    );
    // The unique index now compares skeletons: the plain code cannot be taken again.
    await expect(
      db.query(sql`INSERT INTO transactions (code, code_norm, seller_id, transaction_amount) VALUES ('lk-7', 'lk7', ${seller.id}, 1)`),
    ).rejects.toThrow();
  });
});

describe('migration 0028: separators, marks, blank symbols and small capitals (issue 49)', () => {
  it('recomputes the keys written before it, the numbers read off photos too, and logs the codes that now collide', async () => {
    const open = await freshPlace();
    const old = await open('0028');
    const [seller] = await old.query<{ id: number }>(
      sql`INSERT INTO users (name, email, password_hash, role) VALUES ('Old Seller', 'old@example.com', 'x', 'seller') RETURNING id`,
    );
    const [offer] = await old.query<{ id: number }>(
      sql`INSERT INTO gift_card_offers (title, is_active, price_type, min_price, max_price, rate_type, rate)
          VALUES ('Old offer', 1, 0, 1, 1000, 1, 0) RETURNING id`,
    );
    // The keys 0020 wrote (separators kept, small capitals and braille blanks as they were).
    const codes = await old.query<{ id: number }>(
      sql`INSERT INTO transactions (code, code_norm, seller_id, transaction_amount)
          VALUES ('LK-7', 'lk-7', ${seller.id}, 1), ('LK' || chr(1418) || '7', 'lk' || chr(1418) || '7', ${seller.id}, 1),
                 ('LK-7' || chr(10240), 'lk-7' || chr(10240), ${seller.id}, 1), ('QQ-1', 'qq-l', ${seller.id}, 1)
          RETURNING id`,
    );
    const cards = await old.query<{ id: number }>(
      sql`INSERT INTO gift_cards (giftcard_offer_id, seller_id, card_number, number_key, price, rate)
          VALUES (${offer.id}, ${seller.id}, 'AMX-423348-1071', 'arnx423348lo7l', 10, 0),
                 (${offer.id}, ${seller.id}, ${'ᴀᴍx-423348-1071'}, ${'ᴀʍx423348lo7l'}, 10, 0)
          RETURNING id`,
    );
    await old.query(
      sql`INSERT INTO card_number_reads (gift_card_id, status, number, number_key) VALUES (${cards[0].id}, 'read', ${'ᴀᴍx 423348 1071'}, 'stale')`,
    );
    await old.close();

    const log: string[] = [];
    const db = await open(undefined, (line) => log.push(line));
    later(() => db.close());
    const keys = await db.query<{ code_norm: string }>(sql`SELECT code_norm FROM transactions ORDER BY id`);
    expect(keys.map((k) => k.code_norm)).toEqual(['lk7', `lk7#${codes[1].id}`, `lk7#${codes[2].id}`, 'qql']);
    const numbers = await db.query<{ number_key: string }>(sql`SELECT number_key FROM gift_cards ORDER BY id`);
    expect(numbers.map((n) => n.number_key)).toEqual(['arnx423348lo7l', 'arnx423348lo7l']);
    const [read] = await db.query<{ number_key: string }>(sql`SELECT number_key FROM card_number_reads`);
    expect(read.number_key).toBe('arnx423348lo7l');
    expect(log.some((l) => l.startsWith('Migration 0028:') && l.includes(`payout ${codes[1].id}`))).toBe(true);
    expect(log.some((l) => l.startsWith('Migration 0028:') && l.includes(`card ${cards[1].id}`))).toBe(true);
    expect(log.at(-1)).toBe('Migration 0028: 2 payout codes and 1 card numbers now collide (nothing was deleted)');
    await expect(
      db.query(sql`INSERT INTO transactions (code, code_norm, seller_id, transaction_amount) VALUES ('LK 7', 'lk7', ${seller.id}, 1)`),
    ).rejects.toThrow();
  });
});

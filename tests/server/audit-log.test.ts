import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { createOffer, rangeOffer, submitCard } from '../helpers/cards';

/** The audit log (issue 54): append-only in the database itself, listed and exported by admins with its filters. */
let s: TestServer;
let card: number;
const admin = () => s.users.admin.token;
const list = (query = '', token = admin()) => s.call('GET', `audit-log${query ? `?${query}` : ''}`, { token });
const ids = (body: { data: { id: number }[] }) => body.data.map((e) => e.id);
/** The database's own refusal (drizzle wraps it: the cause is PostgreSQL's error). */
async function refusal(q: ReturnType<typeof sql>): Promise<string> {
  try {
    await s.database.query(q);
  } catch (err) {
    const cause = (err as { cause?: { message?: string; code?: string } }).cause ?? (err as { message?: string; code?: string });
    return `${cause.code} ${cause.message}`;
  }
  return 'accepted';
}

async function csv(query: string, token = admin()) {
  const res = await s.app.inject({ method: 'GET', url: `/api/export/audit-log?${query}`, headers: { authorization: `Bearer ${token}` } });
  return {
    status: res.statusCode,
    type: String(res.headers['content-type']),
    rows: res.statusCode === 200 ? (parse(res.body, { columns: true }) as Record<string, string>[]) : [],
  };
}

beforeAll(async () => {
  s = await startTestServer();
  const offer = await createOffer(s, rangeOffer());
  card = await submitCard(s, s.users.sellerA, { giftcard_offer_id: offer, price: 40, card_number: 'AUD-1' });
  const r = await s.call('POST', `gift-card-review/${card}`, { token: s.users.manager.token, body: { action: 'approve' } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  // 30 older entries by the admin over three report days, for paging and the date range.
  await s.database.query(sql`
    INSERT INTO audit_log (actor_id, action, entity, entity_id, details, created_at)
    SELECT ${s.users.admin.id}, CASE WHEN n % 2 = 0 THEN 'update' ELSE 'delete' END, 'offer', ${offer},
           jsonb_build_object('n', n), timestamptz '2025-03-01 12:00:00+00' + (n % 3) * interval '1 day'
      FROM generate_series(1, 30) n`);
});
afterAll(async () => s?.close());

describe('the audit log is append-only in the database', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of audit entries, whoever runs them', async () => {
    const before = await s.database.query<{ n: number; a: string }>(sql`SELECT count(*)::int AS n, max(action) AS a FROM audit_log`);
    expect(await refusal(sql`UPDATE audit_log SET action = 'forged' WHERE entity = 'gift_card'`)).toBe(
      '42501 audit_log is append-only: UPDATE is refused',
    );
    expect(await refusal(sql`DELETE FROM audit_log WHERE entity_id = ${card}`)).toBe('42501 audit_log is append-only: DELETE is refused');
    expect(await refusal(sql`DELETE FROM audit_log`)).toMatch(/^42501 .*DELETE/);
    expect(await refusal(sql`TRUNCATE audit_log`)).toBe('42501 audit_log is append-only: TRUNCATE is refused');
    expect(await s.database.query(sql`SELECT count(*)::int AS n, max(action) AS a FROM audit_log`)).toEqual(before);
  });

  it('still takes new entries', async () => {
    await s.database.query(sql`INSERT INTO audit_log (actor_id, action, entity, entity_id) VALUES (NULL, 'note', 'session', NULL)`);
    const r = await list('action=note');
    expect(r.body.data).toEqual([
      expect.objectContaining({ actor: null, action: 'note', entity: 'session', entity_id: null, details: {} }),
    ]);
  });
});

describe('GET audit-log', () => {
  it('is for admins only', async () => {
    expect((await list('', s.users.manager.token)).status).toBe(403);
    expect((await list('', s.users.sellerA.token)).status).toBe(403);
    expect((await s.call('GET', 'audit-log')).status).toBe(401);
    expect((await csv('', s.users.manager.token)).status).toBe(403);
  });

  it("lists one card's decisions with who, what, which record and when", async () => {
    const r = await list(`entity=gift_card&entity_id=${card}&action=approve`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toEqual([
      {
        id: expect.any(Number),
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        actor: { id: s.users.manager.id, name: 'Manager' },
        action: 'approve',
        entity: 'gift_card',
        entity_id: card,
        details: expect.any(Object),
      },
    ]);
    expect(r.body.total).toBe(1);
  });

  it('filters by who, what and when (report days)', async () => {
    const byManager = (await list(`actor_id=${s.users.manager.id}`)).body;
    expect(byManager.data.every((e: { actor: { id: number } }) => e.actor.id === s.users.manager.id)).toBe(true);
    expect(byManager.data.map((e: { action: string }) => e.action)).toContain('approve');
    expect((await list('action=delete&per_page=100')).body.total).toBe(15);
    expect((await list('from=2025-03-02&to=2025-03-02&per_page=100')).body.total).toBe(10);
    expect((await list('from=2025-03-02&per_page=100')).body.data.every((e: { at: string }) => e.at >= '2025-03-02')).toBe(true);
    expect((await list('to=2025-03-01&per_page=100')).body.total).toBe(10);
  });

  it('pages newest first, and Next / Previous by cursor give the same rows as the numbered pages', async () => {
    const all = ids((await list('per_page=100')).body);
    expect(all).toEqual([...all].sort((a, b) => b - a));
    const p1 = (await list('per_page=10&cursor=page')).body;
    expect(ids(p1)).toEqual(all.slice(0, 10));
    expect(p1.prev_cursor).toBeUndefined();
    const p2 = (await list(`per_page=10&page=2&cursor=${p1.next_cursor}`)).body;
    expect(ids(p2)).toEqual(all.slice(10, 20));
    const p3 = (await list(`per_page=10&page=3&cursor=${p2.next_cursor}`)).body;
    expect(ids(p3)).toEqual(all.slice(20, 30));
    const back = (await list(`per_page=10&page=2&cursor=${p3.prev_cursor}`)).body;
    expect(ids(back)).toEqual(all.slice(10, 20));
    const oldest = (await list('per_page=10&sort=created_at')).body;
    expect(ids(oldest)).toEqual([...all].reverse().slice(0, 10));
    // Filtered, the cursor walks the filter's rows.
    const d1 = (await list('action=delete&per_page=5&cursor=page')).body;
    const d2 = (await list(`action=delete&per_page=5&page=2&cursor=${d1.next_cursor}`)).body;
    expect(ids(d2)).toEqual(ids((await list('action=delete&per_page=5&page=2')).body));
  });

  it('refuses bad filters with a 422 naming the field', async () => {
    for (const [q, field] of [
      ['actor_id=abc', 'actor_id'],
      ['action=DROP%20TABLE', 'action'],
      ['entity=table', 'entity'],
      ['entity_id=5', 'entity'],
      ['from=2025-02-30', 'from'],
      ['from=2025-03-02&to=2025-03-01', 'to'],
      ['sort=-action', 'sort'],
      ['cursor=zzz', 'cursor'],
    ]) {
      const r = await list(q);
      expect(r.status, q).toBe(422);
      expect(Object.keys(r.body.errors), q).toContain(field);
    }
  });
});

describe('GET export/audit-log', () => {
  it('exports the filtered log, every matching entry, newest first, the details as JSON', async () => {
    const r = await csv(`entity=gift_card&entity_id=${card}`);
    expect(r.status).toBe(200);
    expect(r.type).toContain('text/csv');
    const expected = (await list(`entity=gift_card&entity_id=${card}&per_page=100`)).body.data;
    expect(r.rows.map((row) => Number(row.id))).toEqual(ids({ data: expected }));
    const approve = r.rows.find((row) => row.action === 'approve')!;
    expect(approve).toMatchObject({
      actor_id: String(s.users.manager.id),
      actor_name: 'Manager',
      entity: 'gift_card',
      entity_id: String(card),
    });
    expect(JSON.parse(approve.details)).toEqual(expected.find((e: { action: string }) => e.action === 'approve').details);
    expect((await csv('action=delete')).rows).toHaveLength(15);
  });
});

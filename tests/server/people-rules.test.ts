import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { createOffer, rangeOffer, submitCard } from '../helpers/cards';
import { MSG } from '../../src/shared/messages';

// Issue 29: people are managed by admins. A manager may create and edit sellers (never their role).
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

let seq = 0;
const email = () => `people-${Date.now()}-${++seq}@x.io`;
const body = (role: string, extra: Record<string, unknown> = {}) => ({ name: `P ${++seq}`, email: email(), role, ...extra });

describe('people rules', () => {
  it('a manager cannot create a manager; an admin can; a manager creates sellers', async () => {
    const m = await s.call('POST', 'users', { token: s.users.manager.token, body: body('manager', { password: 'secret-1' }) });
    expect(m.status, JSON.stringify(m.body)).toBe(403);
    expect(m.body.errorMsg).toBe(MSG.onlyAdminStaff);
    expect((await s.call('POST', 'users', { token: s.users.admin.token, body: body('manager', { password: 'secret-1' }) })).status).toBe(
      200,
    );
    expect((await s.call('POST', 'users', { token: s.users.manager.token, body: body('seller', { password: 'secret-1' }) })).status).toBe(
      200,
    );
  });

  it('a manager cannot edit, delete or reset the password of another manager', async () => {
    const other = await s.createUser('manager');
    const edit = await s.call('PUT', `users/${other.id}`, {
      token: s.users.manager.token,
      body: { name: 'Taken over', email: other.email, role: 'manager', password: 'hijacked-1' },
    });
    expect(edit.status).toBe(403);
    const login = await s.call('POST', 'login', { body: { email: other.email, password: 'hijacked-1' } });
    expect(login.status).not.toBe(200);
    expect((await s.call('DELETE', `users/${other.id}`, { token: s.users.manager.token })).status).toBe(403);
    // An admin may.
    expect(
      (
        await s.call('PUT', `users/${other.id}`, {
          token: s.users.admin.token,
          body: { name: 'Renamed', email: other.email, role: 'manager' },
        })
      ).status,
    ).toBe(200);
  });

  it("a manager edits a seller's name but not their role or password", async () => {
    const seller = await s.createUser('seller');
    const ok = await s.call('PUT', `users/${seller.id}`, {
      token: s.users.manager.token,
      body: { name: 'New', email: seller.email, role: 'seller' },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const promote = await s.call('PUT', `users/${seller.id}`, {
      token: s.users.manager.token,
      body: { name: 'New', email: seller.email, role: 'manager' },
    });
    expect(promote.status).toBe(403);
    expect(promote.body.errorMsg).toBe(MSG.onlyAdminRole);
    const pwd = await s.call('PUT', `users/${seller.id}`, {
      token: s.users.manager.token,
      body: { name: 'New', email: seller.email, role: 'seller', password: 'reset-123' },
    });
    expect(pwd.status).toBe(403);
    expect(pwd.body.errorMsg).toBe(MSG.onlyAdminPassword);
  });

  it('nobody changes their own role', async () => {
    const m = await s.createUser('manager');
    const self = await s.call('PUT', `users/${m.id}`, { token: m.token, body: { name: 'Me', email: m.email, role: 'seller' } });
    expect(self.status).toBe(403);
    expect(self.body.errorMsg).toBe(MSG.ownRole);
  });

  it('a seller with cards cannot be turned into staff, even by an admin; one without can', async () => {
    const offer = await createOffer(s, rangeOffer({ title: 'People', min_price: 1, max_price: 100 }));
    const seller = await s.createUser('seller');
    await submitCard(s, seller, { giftcard_offer_id: offer, price: 20 });
    const r = await s.call('PUT', `users/${seller.id}`, {
      token: s.users.admin.token,
      body: { name: 'S', email: seller.email, role: 'manager' },
    });
    expect(r.status).toBe(422);
    expect(r.body.errorMsg).toBe(MSG.sellerWithHistory);
    const fresh = await s.createUser('seller');
    expect(
      (await s.call('PUT', `users/${fresh.id}`, { token: s.users.admin.token, body: { name: 'S', email: fresh.email, role: 'manager' } }))
        .status,
    ).toBe(200);
  });
});

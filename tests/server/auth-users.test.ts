import { isCsvOperation, operationNames, type OperationName } from '../../src/shared/endpoints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, PASSWORD, type TestServer } from '../helpers/server';
import { MSG } from '../../src/shared/messages';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

describe('login', () => {
  it('answers {token, user} for email or user name, JSON or form body', async () => {
    const byEmail = await s.call('POST', 'login', { body: { email: s.users.admin.email, password: PASSWORD } });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(byEmail.body.user).toEqual({ id: s.users.admin.id, name: 'Admin', email: s.users.admin.email, role: 'admin' });
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: `email=Admin&password=${PASSWORD}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('admin');
  });

  it('refuses a wrong password with the spec text', async () => {
    const r = await s.call('POST', 'login', { body: { email: s.users.manager.email, password: 'nope' } });
    expect(r.status).toBe(401);
    expect(r.body.errorMsg).toBe(MSG.loginFailed);
  });

  it('validates the body', async () => {
    const r = await s.call('POST', 'login', { body: { email: '' } });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors)).toEqual(expect.arrayContaining(['email', 'password']));
  });

  it('logout revokes the token', async () => {
    const token = await s.login(s.users.manager.email);
    expect((await s.call('GET', 'all-user-lists', { token })).status).toBe(200);
    expect((await s.call('POST', 'logout', { token })).status).toBe(200);
    expect((await s.call('GET', 'all-user-lists', { token })).status).toBe(401);
    expect((await s.call('GET', 'all-user-lists', { token: s.users.manager.token })).status).toBe(200);
  });
});

describe('users', () => {
  it('needs a token (401) and staff (403)', async () => {
    expect((await s.call('GET', 'all-user-lists?page=1')).status).toBe(401);
    expect((await s.call('GET', 'all-user-lists?page=1', { token: 'x'.repeat(43) })).status).toBe(401);
    for (const [m, u] of [
      ['GET', 'all-user-lists?page=1'],
      ['GET', `users/${s.users.admin.id}`],
      ['POST', 'users'],
      ['PUT', `users/${s.users.manager.id}`],
      ['DELETE', `users/${s.users.manager.id}`],
    ]) {
      const r = await s.call(m, u, { token: s.users.sellerA.token, body: m === 'POST' || m === 'PUT' ? {} : undefined });
      expect(r.status, `${m} ${u}`).toBe(403);
    }
  });

  it('lists newest first, 10 a page, with total', async () => {
    for (let i = 0; i < 8; i++) await s.createUser('seller');
    const p1 = await s.call('GET', 'all-user-lists?page=1', { token: s.users.admin.token });
    expect(p1.status).toBe(200);
    expect(p1.body).toMatchObject({ current_page: 1, per_page: 10, total: 12, last_page: 2 });
    expect(p1.body.data).toHaveLength(10);
    const ids = p1.body.data.map((u: { id: number }) => u.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const p2 = await s.call('GET', 'all-user-lists?page=2', { token: s.users.manager.token });
    expect(p2.body.data).toHaveLength(2);
    expect((await s.call('GET', 'all-user-lists?page=99', { token: s.users.admin.token })).body.data).toEqual([]);
    for (const bad of ['0', '-1', 'abc', '1.5'])
      expect((await s.call('GET', `all-user-lists?page=${bad}`, { token: s.users.admin.token })).status).toBe(422);
  });

  it('creates, reads, edits and deletes a user with the spec messages', async () => {
    const t = s.users.admin.token;
    const created = await s.call('POST', 'users', {
      token: t,
      body: { name: 'New Seller', email: 'New@Example.com', role: 'seller', password: 'secret1' },
    });
    expect(created.status).toBe(200);
    expect(created.body.msg).toBe('User created successfully');
    const list = await s.call('GET', 'all-user-lists?page=1', { token: t });
    const row = list.body.data.find((u: { email: string }) => u.email === 'new@example.com');
    expect(row).toMatchObject({ name: 'New Seller', role: 'seller' });
    expect(row.password_hash).toBeUndefined();

    const dup = await s.call('POST', 'users', {
      token: t,
      body: { name: 'Dup', email: 'new@example.com', role: 'manager', password: 'secret1' },
    });
    expect(dup.status).toBe(422);
    expect(dup.body.errorMsg).toBe(MSG.emailTaken);

    const got = await s.call('GET', `users/${row.id}`, { token: t });
    expect(got.body.user).toMatchObject({ id: row.id, email: 'new@example.com' });

    const edited = await s.call('PUT', `users/${row.id}`, {
      token: t,
      body: { name: 'Renamed', email: 'new@example.com', role: 'manager' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.msg).toBe(MSG.userUpdated);
    expect((await s.call('GET', `users/${row.id}`, { token: t })).body.user).toMatchObject({ name: 'Renamed', role: 'manager' });
    // Password unchanged when omitted on edit.
    expect(await s.login('new@example.com', 'secret1')).toBeTruthy();

    const del = await s.call('DELETE', `users/${row.id}`, { token: t });
    expect(del.status).toBe(200);
    expect((await s.call('GET', `users/${row.id}`, { token: t })).status).toBe(404);
    expect((await s.call('POST', 'login', { body: { email: 'new@example.com', password: 'secret1' } })).status).toBe(401);
  });

  it('validates user fields', async () => {
    const r = await s.call('POST', 'users', {
      token: s.users.admin.token,
      body: { name: '', email: 'not-an-email', role: 'admin', password: '' },
    });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors).sort()).toEqual(['email', 'name', 'password', 'role']);
  });

  it('a manager cannot edit or delete an admin; nobody deletes themselves', async () => {
    const m = s.users.manager.token;
    expect(
      (await s.call('PUT', `users/${s.users.admin.id}`, { token: m, body: { name: 'x', email: 'x@x.io', role: 'manager' } })).status,
    ).toBe(403);
    expect((await s.call('DELETE', `users/${s.users.admin.id}`, { token: m })).status).toBe(403);
    expect((await s.call('DELETE', `users/${s.users.admin.id}`, { token: s.users.admin.token })).status).toBe(403);
    // An admin editing an admin keeps the admin role.
    const other = await s.createUser('admin');
    expect(
      (
        await s.call('PUT', `users/${other.id}`, {
          token: s.users.admin.token,
          body: { name: 'Other', email: other.email, role: 'seller' },
        })
      ).status,
    ).toBe(200);
    expect((await s.call('GET', `users/${other.id}`, { token: s.users.admin.token })).body.user.role).toBe('admin');
  });
});

describe('API basics', () => {
  it('unknown routes are JSON 404s and the OpenAPI document lists every operation', async () => {
    const r = await s.call('GET', '/api/nope');
    expect(r.status).toBe(404);
    expect(r.body.message).toBe('Not found.');
    const doc = await s.call('GET', '/api/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.paths['/api/gift-card-update/{id}'].post.operationId).toBe('updateCard');
    expect(doc.body.paths['/api/users'].post.requestBody.content['application/json'].schema.properties.email).toBeTruthy();
  });
  it('the OpenAPI document describes the success answer of every operation', async () => {
    const doc = await s.call('GET', '/api/openapi.json');
    const ops = Object.values(doc.body.paths as Record<string, Record<string, any>>).flatMap((p) => Object.values(p));
    expect(ops.length).toBe(operationNames.length);
    for (const op of ops) {
      const content = op.responses['200'].content;
      const schema = (content['application/json'] ?? content['text/csv']).schema;
      expect(schema, op.operationId).toHaveProperty('type');
    }
    const csvOps = ops.filter((op) => op.responses['200'].content['text/csv']).map((op) => op.operationId);
    expect(csvOps.length).toBeGreaterThan(0);
    for (const name of csvOps) expect(isCsvOperation(name as OperationName), name).toBe(true);
    const card = doc.body.paths['/api/gift-card/{id}'].get.responses['200'].content['application/json'].schema;
    expect(card.properties.data.properties.due.type).toBe('number');
  });
  it('malformed JSON is a 400 with a JSON message', async () => {
    const res = await s.app.inject({ method: 'POST', url: '/api/login', payload: '{bad', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
  });
});

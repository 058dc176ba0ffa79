import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, PASSWORD, type TestServer } from '../helpers/server';
import { LOGIN_LIMITS } from '../../src/server/modules/auth/service';
import { MSG } from '../../src/shared/messages';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

const login = (email: string, password: string, remoteAddress = '127.0.0.1') =>
  s.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress });

describe('login abuse', () => {
  it('throttles an account after repeated failures, then lets the real user back in', async () => {
    const victim = await s.createUser('seller');
    for (let i = 0; i < LOGIN_LIMITS.account.maxFailures; i++)
      expect((await login(victim.email, 'wrong', `10.1.0.${i}`)).statusCode).toBe(401);
    const blocked = await login(victim.email, PASSWORD, '10.1.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toContain(MSG.tooManyAttempts);
    // Reaching the same account by its user name does not get around the lock.
    expect((await login(victim.name, PASSWORD, '10.1.1.2')).statusCode).toBe(429);
    // Other accounts are unaffected.
    expect((await login(s.users.manager.email, PASSWORD, '10.1.1.1')).statusCode).toBe(200);
    // The lock is temporary: once it has passed, the right password works again.
    await s.database.query(sql`UPDATE login_attempts SET locked_until = now() - interval '1 second' WHERE key = ${`user:${victim.id}`}`);
    expect((await login(victim.email, PASSWORD, '10.1.1.1')).statusCode).toBe(200);
  });

  it('throttles an address that tries many accounts', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < LOGIN_LIMITS.address.maxFailures; i++) await login(`nobody${i}@example.com`, 'wrong', ip);
    const r = await login(s.users.admin.email, PASSWORD, ip);
    expect(r.statusCode).toBe(429);
    expect((await login(s.users.admin.email, PASSWORD, '10.2.0.2')).statusCode).toBe(200);
  });
});

describe('tokens', () => {
  it('an expired token is refused', async () => {
    const token = await s.login(s.users.manager.email);
    expect((await s.call('GET', 'all-user-lists', { token })).status).toBe(200);
    await s.database.query(
      sql`UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE revoked_at IS NULL AND user_id = ${s.users.manager.id} AND created_at = (SELECT max(created_at) FROM auth_tokens WHERE user_id = ${s.users.manager.id})`,
    );
    expect((await s.call('GET', 'all-user-lists', { token })).status).toBe(401);
  });

  it('a revoked token is refused, and malformed headers are 401', async () => {
    const token = await s.login(s.users.admin.email);
    await s.call('POST', 'logout', { token });
    expect((await s.call('GET', 'all-user-lists', { token })).status).toBe(401);
    for (const h of ['Bearer', 'Basic abc', `Bearer ${token}x`, `bearer ${'a'.repeat(5000)}`]) {
      const r = await s.app.inject({ method: 'GET', url: '/api/all-user-lists', headers: { authorization: h } });
      expect(r.statusCode).toBe(401);
    }
  });

  it('tokens are stored only as hashes', async () => {
    const token = await s.login(s.users.admin.email);
    const rows = await s.database.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM auth_tokens WHERE token_hash = ${token}`);
    expect(rows[0].n).toBe(0);
  });
});

describe('security headers', () => {
  it('the API sends security headers and a strict CSP', async () => {
    const r = await s.app.inject({ method: 'GET', url: '/api/ping' });
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['x-frame-options']).toBeTruthy();
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(r.headers['cache-control']).toBe('no-store');
  });
});

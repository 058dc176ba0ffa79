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
  const wait = (key: string) =>
    s.database.query(sql`UPDATE login_attempts SET locked_until = now() - interval '1 second' WHERE key = ${key}`);

  it('a concurrent burst of wrong passwords gets exactly the free tries, counted before the hash runs', async () => {
    const victim = await s.createUser('seller');
    const burst = await Promise.all(Array.from({ length: 40 }, () => login(victim.email, 'wrong', '10.9.0.1')));
    const codes = burst.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(LOGIN_LIMITS.pair.free);
    expect(codes.filter((c) => c === 429)).toHaveLength(40 - LOGIN_LIMITS.pair.free);
    const refused = burst.find((r) => r.statusCode === 429)!;
    expect(refused.json().errorMsg).toBe(MSG.tooManyAttempts);
    expect(refused.json().message).toMatch(/^Too many login attempts\. Please try again later\. \(about \d+ seconds?\)$/);
  });

  it('slows the guesser down with growing delays but never locks the owner out from elsewhere', async () => {
    const victim = await s.createUser('seller');
    const ip = '10.1.0.1';
    for (let i = 0; i < LOGIN_LIMITS.pair.free; i++) expect((await login(victim.email, 'wrong', ip)).statusCode).toBe(401);
    expect((await login(victim.email, PASSWORD, ip)).statusCode).toBe(429);
    // Reaching the same account by its user name from the same address does not get around it.
    expect((await login(victim.name, PASSWORD, ip)).statusCode).toBe(429);
    // The owner at another address is not affected; nor are other accounts at this one.
    expect((await login(victim.email, PASSWORD, '10.1.9.9')).statusCode).toBe(200);
    expect((await login(s.users.manager.email, PASSWORD, ip)).statusCode).toBe(200);
    // Each further guess waits longer: the delay doubles.
    const key = `user:${victim.id}|${ip}`;
    const delay = async () =>
      (
        await s.database.query<{ s: number }>(
          sql`SELECT extract(epoch FROM locked_until - now())::float AS s FROM login_attempts WHERE key = ${key}`,
        )
      )[0].s;
    const first = await delay();
    await wait(key);
    expect((await login(victim.email, 'wrong', ip)).statusCode).toBe(401);
    const second = await delay();
    expect(second).toBeGreaterThan(first * 1.5);
    // Once the delay has passed, the right password works at that address too.
    await wait(key);
    expect((await login(victim.email, PASSWORD, ip)).statusCode).toBe(200);
  });

  it('guesses spread over many addresses meet the higher per-account ceiling, at the addresses that failed', async () => {
    const victim = await s.createUser('seller');
    const { ownFailures } = LOGIN_LIMITS.account;
    for (let i = 0; i < LOGIN_LIMITS.account.free; i++)
      expect((await login(victim.email, 'wrong', `10.3.${Math.floor(i / 200)}.${i % 200}`)).statusCode).toBe(401);
    // A guessing address, once it has failed `ownFailures` times itself, waits for the account's ceiling (even with
    // the right password)...
    for (let i = 1; i < ownFailures; i++) expect((await login(victim.email, 'wrong', '10.3.0.1')).statusCode).toBe(401);
    expect((await login(victim.email, PASSWORD, '10.3.0.1')).statusCode).toBe(429);
    // ... and so does an address that failed as often on other accounts.
    for (let i = 0; i < ownFailures; i++) expect((await login(`nobody-${i}@example.com`, 'wrong', '10.3.250.2')).statusCode).toBe(401);
    expect((await login(victim.email, PASSWORD, '10.3.250.2')).statusCode).toBe(429);
    await wait(`user:${victim.id}`);
    expect((await login(victim.email, PASSWORD, '10.3.0.1')).statusCode).toBe(200);
  });

  it('60 addresses with one wrong password each: the owner at an address without failures signs in (issue 30)', async () => {
    const victim = await s.createUser('seller');
    for (let i = 0; i < 60; i++) await login(victim.email, 'wrong', `10.5.0.${i + 1}`);
    const owner = await login(victim.email, PASSWORD, '10.5.9.9');
    expect(owner.statusCode, owner.body).toBe(200);
    // The guessers are still held back once they have failed `ownFailures` times: the next guess waits.
    const { ownFailures } = LOGIN_LIMITS.account;
    for (let i = 1; i < ownFailures; i++) expect((await login(victim.email, 'wrong', '10.5.0.1')).statusCode).toBe(401);
    expect((await login(victim.email, 'wrong', '10.5.0.1')).statusCode).toBe(429);
    // And the owner's address, once it has failed as often, is held to the ceiling like the others.
    for (let i = 0; i < ownFailures; i++) expect((await login(victim.email, 'wrong', '10.5.9.9')).statusCode).toBe(401);
    expect((await login(victim.email, PASSWORD, '10.5.9.9')).statusCode).toBe(429);
  });

  it('under a spray from other addresses, the owner who mistyped at a fresh address signs in with the right password (issue 49)', async () => {
    const victim = await s.createUser('seller');
    for (let i = 0; i < LOGIN_LIMITS.account.free + 10; i++) await login(victim.email, 'wrong', `10.6.${Math.floor(i / 200)}.${i % 200}`);
    for (let mistakes = 1; mistakes < LOGIN_LIMITS.account.ownFailures; mistakes++) {
      const ip = `10.6.9.${mistakes}`;
      for (let i = 0; i < mistakes; i++) expect((await login(victim.email, 'wrong', ip)).statusCode).toBe(401);
      const owner = await login(victim.email, PASSWORD, ip);
      expect(owner.statusCode, owner.body).toBe(200);
    }
  });

  it('throttles an address that tries many accounts', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < LOGIN_LIMITS.address.free; i++) await login(`nobody${i}@example.com`, 'wrong', ip);
    const r = await login(s.users.admin.email, PASSWORD, ip);
    expect(r.statusCode).toBe(429);
    expect((await login(s.users.admin.email, PASSWORD, '10.2.0.2')).statusCode).toBe(200);
  });

  it("the owner's own successful logins never count against them", async () => {
    const owner = await s.createUser('seller');
    for (let i = 0; i < LOGIN_LIMITS.pair.free * 3; i++) expect((await login(owner.email, PASSWORD, '10.4.0.1')).statusCode).toBe(200);
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

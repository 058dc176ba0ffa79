import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeychainVault, type TokenVault } from '../../src/main/keychain';
import { SESSION_NOT_SAVED_NOTICE } from '../../src/shared/bridge';
import { PASSWORD } from '../helpers/server';
import { startDesktop, testService, type Desktop } from '../main/harness';

// Runs with no D-Bus session bus: the real keyring library cannot reach any Secret Service.
let d: Desktop;
let vault: TokenVault;
beforeAll(async () => {
  vault = createKeychainVault(testService(), 'api-token', { linux: { store: 'secret-service' } });
  d = await startDesktop({ vault });
});
afterAll(async () => d?.close());

describe('no OS keychain', () => {
  it('the keyring really is unavailable here', () => {
    expect(() => vault.set('x')).toThrow();
  });

  it('login still works, keeps the token in memory for this run only and says so', async () => {
    const r = await d.session.login(d.server.users.admin.email, PASSWORD);
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ token: '', notice: SESSION_NOT_SAVED_NOTICE, user: { id: d.server.users.admin.id, role: 'admin' } });
    expect(d.session.storage()).toBe('memory');
    const list = await d.forward('listUsers', { query: { page: 1 } });
    expect(list.status).toBe(200);
    // Nothing is written to disk: no token, and no "logged in" state that could not be restored.
    expect(d.store.get('session')).toBeUndefined();
  });

  it('the next start is logged out', () => {
    expect(d.restart().restore()).toBeNull();
  });

  it('logout still revokes the token on the server', async () => {
    const token = d.session.token()!;
    await d.session.logout();
    expect((await d.server.call('GET', 'all-user-lists', { token })).status).toBe(401);
    expect(d.session.token()).toBeNull();
  });
});

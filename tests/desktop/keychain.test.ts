import fs from 'node:fs';
import { Entry } from '@napi-rs/keyring';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/main/api-client';
import { createKeychainVault, type TokenVault } from '../../src/main/keychain';
import { createSessionManager } from '../../src/main/session';
import { PASSWORD } from '../helpers/server';
import { diskStore, startDesktop, testService, type Desktop } from '../main/harness';

// Runs inside dbus-run-session with gnome-keyring unlocked: the token goes to a real Secret Service.
const SS = { linux: { store: 'secret-service' as const } };
const service = testService();
const inSecretService = () => new Entry(service, 'api-token', SS).getPassword();

let d: Desktop;
let vault: TokenVault;
beforeAll(async () => {
  if (!process.env.DBUS_SESSION_BUS_ADDRESS)
    throw new Error('run this file through scripts/test-steps/20-desktop.mjs (needs dbus-run-session and gnome-keyring)');
  vault = createKeychainVault(service, 'api-token', SS);
  d = await startDesktop({ vault });
});
afterAll(async () => {
  try {
    vault?.delete();
  } catch {
    /* already gone */
  }
  await d?.close();
});

describe('OS keychain (Secret Service)', () => {
  it('stores, reads and deletes a secret', () => {
    vault.set('probe-value');
    expect(vault.get()).toBe('probe-value');
    vault.delete();
    expect(vault.get()).toBeNull();
  });

  it('login keeps the token in the keychain and only the non-secret state on disk', async () => {
    const r = await d.session.login(d.server.users.sellerA.email, PASSWORD);
    expect(r.status).toBe(200);
    expect((r.data as { notice?: string }).notice).toBeUndefined();
    expect(d.session.storage()).toBe('keychain');
    const token = d.session.token()!;
    expect(inSecretService()).toBe(token);
    const onDisk = fs.readFileSync(d.store.path, 'utf8');
    expect(onDisk).not.toContain(token);
    expect(JSON.parse(onDisk).session).toEqual({
      loggedIn: true,
      user: { id: d.server.users.sellerA.id, name: 'Seller A', email: d.server.users.sellerA.email, role: 'seller' },
      apiUrl: d.apiUrl,
    });
  });

  it('restores the session at the next start (state + token present -> logged in) and the token works', async () => {
    const next = d.restart();
    expect(next.restore()).toEqual({
      id: d.server.users.sellerA.id,
      name: 'Seller A',
      email: d.server.users.sellerA.email,
      role: 'seller',
    });
    expect(next.token()).toBe(d.session.token());
    expect((await d.server.call('GET', 'seller-due', { token: next.token()! })).status).toBe(200);
  });

  it('does not restore without the token, or for another server', async () => {
    const token = inSecretService()!;
    new Entry(service, 'api-token', SS).deletePassword();
    expect(d.restart().restore()).toBeNull();
    expect(d.store.get('session')).toBeUndefined(); // the stale state is cleared

    expect((await d.session.login(d.server.users.sellerA.email, PASSWORD)).status).toBe(200);
    expect(token).not.toBe(d.session.token());
    // Another server's app run does not pick up this server's session.
    const apiUrl = 'http://127.0.0.1:1/api/';
    const other = createSessionManager({ store: diskStore(d.storeDir), vault, client: createApiClient(apiUrl), apiUrl });
    expect(other.restore()).toBeNull();
  });

  it('logout revokes the token on the server and clears the keychain and the state', async () => {
    expect((await d.session.login(d.server.users.sellerB.email, PASSWORD)).status).toBe(200);
    const token = d.session.token()!;
    expect(inSecretService()).toBe(token);
    await d.session.logout();
    expect((await d.server.call('GET', 'seller-due', { token })).status).toBe(401);
    expect(inSecretService()).toBeNull();
    expect(d.store.get('session')).toBeUndefined();
    expect(d.restart().restore()).toBeNull();
  });
});

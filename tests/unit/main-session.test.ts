import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHandlers, fileHandlers, sessionHandlers } from '../../src/main/ipc/handlers';
import { registerHandlers } from '../../src/main/ipc/register';
import { createOrigins, isTrustedSender, type IpcEventLike } from '../../src/main/security';
import { createSessionManager } from '../../src/main/session';
import { createApiClient } from '../../src/main/api-client';
import { createIpcTransport } from '../../src/renderer/src/api/ipc';
import { IPC, type GiftCardBridge } from '../../src/shared/bridge';
import { MSG } from '../../src/shared/messages';
import { PASSWORD } from '../helpers/server';
import { startDesktop, type Desktop } from '../main/harness';

// Keychain-independent session behaviour (the keychain itself is tested under a real Secret Service in tests/desktop).
let d: Desktop;
beforeAll(async () => {
  d = await startDesktop();
}, 120_000);
afterAll(async () => d?.close());

describe('session through main', () => {
  it('logs in against the real API; the renderer gets the user, never the token', async () => {
    const r = await d.session.login(d.server.users.manager.email, PASSWORD);
    expect(r.status).toBe(200);
    const data = r.data as { token: string; user: unknown };
    expect(data.token).toBe('');
    expect(data.user).toEqual({ id: d.server.users.manager.id, name: 'Manager', email: d.server.users.manager.email, role: 'manager' });
    expect(d.session.user()).toEqual(data.user);
    const token = d.session.token()!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await d.server.call('GET', 'all-user-lists', { token })).status).toBe(200);
    // Nothing on disk holds the token, in either storage mode.
    const onDisk = fs.existsSync(d.store.path) ? fs.readFileSync(d.store.path, 'utf8') : '';
    expect(onDisk).not.toContain(token);
  });

  it('passes a refused login through and keeps nothing', async () => {
    await d.session.logout();
    const r = await d.session.login(d.server.users.manager.email, 'wrong-password');
    expect(r.status).toBe(401);
    expect((r.data as { errorMsg: string }).errorMsg).toBe(MSG.loginFailed);
    expect(d.session.token()).toBeNull();
    expect(d.store.get('session')).toBeUndefined();
  });

  it('checks the login fields in main first (422, no HTTP call)', async () => {
    const before = d.requests();
    for (const [email, password] of [
      ['', 'x'],
      ['a@b.c', ''],
      [{ $ne: 1 }, 'x'],
      ['a@b.c', 42],
    ] as [unknown, unknown][]) {
      const r = await d.session.login(email, password);
      expect(r.status).toBe(422);
      expect((r.data as { message: string }).message).toBe(MSG.invalid);
    }
    expect(d.requests()).toBe(before);
  });

  it('answers status 0 when the server cannot be reached', async () => {
    const apiUrl = 'http://127.0.0.1:9/api/';
    const s = createSessionManager({ store: d.store, vault: d.vault, client: createApiClient(apiUrl), apiUrl });
    const r = await s.login('a@b.c', 'secret');
    expect(r).toEqual({ status: 0, data: { message: 'The server could not be reached' } });
  });

  it('logout revokes the token on the server and forgets it', async () => {
    expect((await d.session.login(d.server.users.sellerB.email, PASSWORD)).status).toBe(200);
    const token = d.session.token()!;
    await d.session.logout();
    expect((await d.server.call('GET', 'seller-due', { token })).status).toBe(401);
    expect(d.session.token()).toBeNull();
    expect(d.session.user()).toBeNull();
    expect(d.store.get('session')).toBeUndefined();
    expect(d.restart().restore()).toBeNull();
  });
});

describe('renderer IPC transport over the bridge', () => {
  it('logs in, restores, calls, reports 401 and logs out through the registered handlers', async () => {
    const handlers = new Map<string, (event: IpcEventLike, ...args: unknown[]) => unknown>();
    registerHandlers<IpcEventLike>(
      { handle: (c, l) => void handlers.set(c, l), removeHandler: (c) => void handlers.delete(c) },
      (e) => isTrustedSender(e, createOrigins()),
      sessionHandlers(d.session),
      apiHandlers(d.forward),
      fileHandlers(d.picker, () => null),
    );
    const ev: IpcEventLike = { senderFrame: { url: 'app://bundle/login', parent: null } };
    // What the preload does: each named function invokes one channel; arguments are structured-cloned like IPC.
    const invoke = async (ch: string, ...args: unknown[]) => handlers.get(ch)!(ev, ...structuredClone(args));
    const bridge: GiftCardBridge = {
      apiOrigin: d.server.url,
      login: (e, p) => invoke(IPC.sessionLogin, e, p) as never,
      logout: () => invoke(IPC.sessionLogout) as never,
      session: () => invoke(IPC.sessionGet) as never,
      call: (op, args) => invoke(IPC.apiCall, op, args) as never,
      pickImages: (m) => invoke(IPC.filesPick, m) as never,
      savePdf: (n) => invoke(IPC.savePdf, n) as never,
      exportCsv: (op, args, n) => invoke(IPC.exportCsv, op, args, n) as never,
      onExportProgress: () => () => undefined,
      onLive: () => () => undefined,
      onCommand: () => () => undefined,
    };
    const t = createIpcTransport(bridge);
    expect(t.kind).toBe('ipc');
    expect(() => createIpcTransport({ login: () => 1 })).toThrow(/missing/);

    const login = await t.login(d.server.users.admin.email, PASSWORD);
    expect(login.status).toBe(200);
    expect((login.data as { token: string }).token).toBe('');
    expect(await t.session()).toMatchObject({ id: d.server.users.admin.id, role: 'admin' });

    const users = await t.call('listUsers', { query: { page: 1 } });
    expect(users.status).toBe(200);
    // Photos load from the page's own origin (app://bundle); main fetches them from the API.
    expect(t.imageUrl('/storage/images/a.png')).toBe('/storage/images/a.png');
    expect(t.imageUrl('b.png')).toBe('/storage/images/b.png');
    expect(t.imageUrl(null)).toBe('');

    let unauthorized = 0;
    t.onUnauthorized(() => (unauthorized += 1));
    await d.server.call('POST', 'logout', { token: d.session.token()! });
    expect((await t.call('listUsers', {})).status).toBe(401);
    expect(unauthorized).toBe(1);
    expect(await t.session()).toBeNull();
    await t.logout();
  });
});

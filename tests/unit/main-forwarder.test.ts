import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerHandlers, REFUSED, type IpcMainLike } from '../../src/main/ipc/register';
import { apiHandlers, sessionHandlers } from '../../src/main/ipc/handlers';
import { createOrigins, isTrustedSender, type IpcEventLike } from '../../src/main/security';
import { IPC } from '../../src/shared/bridge';
import { MSG } from '../../src/shared/messages';
import { PASSWORD } from '../helpers/server';
import { startDesktop, type Desktop } from '../main/harness';

let d: Desktop;
beforeAll(async () => {
  d = await startDesktop();
  const r = await d.session.login(d.server.users.admin.email, PASSWORD);
  expect(r.status).toBe(200);
}, 120_000);
afterAll(async () => d?.close());

describe('API forwarding', () => {
  it('forwards a contract operation with the Bearer token to the real server', async () => {
    const before = d.requests();
    const r = await d.forward('listUsers', { query: { page: 1 } });
    expect(r.status).toBe(200);
    const page = r.data as { data: { email: string }[]; total: number };
    expect(page.data.map((u) => u.email)).toContain(d.server.users.sellerA.email);
    const one = await d.forward('getUser', { id: d.server.users.manager.id });
    expect(one.status).toBe(200);
    expect((one.data as { user: { name: string } }).user.name).toBe('Manager');
    expect(d.requests()).toBe(before + 2);
  });

  it('forwards JSON bodies as written (money stays an amount, not cents)', async () => {
    const email = `new-seller-${Date.now()}@test.example`;
    const r = await d.forward('createUser', { body: { name: 'Desk Seller', email, role: 'seller', password: 'secret-1', rate: 12.5 } });
    expect(r.status, JSON.stringify(r.data)).toBe(200);
    const list = await d.server.call('GET', 'all-user-lists?page=1', { token: d.server.users.admin.token });
    expect(list.body.data.find((u: { email: string }) => u.email === email).rate).toBe(12.5);
  });

  it('refuses an unknown operation without any HTTP call', async () => {
    const before = d.requests();
    for (const op of ['dropDatabase', '__proto__', 'constructor', 'toString', 42, null]) {
      const r = await d.forward(op, {});
      expect(r.status).toBe(400);
      expect(r.data).toEqual({ message: 'Unknown operation' });
    }
    expect(d.requests()).toBe(before);
  });

  it('refuses bad arguments with a 422 in the API shape, without any HTTP call', async () => {
    const before = d.requests();
    const cases: [string, unknown, string][] = [
      ['listUsers', { url: 'http://evil.example/' }, 'args'], // no URL, method or header can be passed
      ['listUsers', { headers: { Authorization: 'Bearer x' } }, 'args'],
      ['listUsers', { query: { page: 'abc' } }, 'page'],
      ['listUsers', { query: { page: 0 } }, 'page'],
      ['getUser', {}, 'id'], // :id needs an id
      ['getUser', { id: -3 }, 'id'],
      ['getUser', { id: '5/../../login' }, 'id'],
      ['listUsers', { id: 3 }, 'id'], // no :id in this path
      ['createUser', { body: { name: 'X', email: 'not-an-email', role: 'seller', password: 'secret-1' } }, 'email'],
      ['createUser', { body: { name: 'X', email: 'x@test.example', role: 'admin', password: 'secret-1' } }, 'role'],
      ['deleteUser', { id: 5, body: { force: true } }, 'body'], // no body for this operation
      ['sellerList', { files: { gallery: [{ id: 'a' }] } }, 'gallery'], // no files for this operation
      ['addComment', { id: 1, body: { comment: 'x' }, files: { comment_image: [{ id: 'a' }, { id: 'b' }] } }, 'comment_image'],
      ['listUsers', 'page=1', 'args'],
    ];
    for (const [op, args, field] of cases) {
      const r = await d.forward(op, args);
      expect(r.status, `${op} ${JSON.stringify(args)}`).toBe(422);
      const data = r.data as { message: string; errors: Record<string, string[]> };
      expect(data.message).toBe(MSG.invalid);
      expect(Object.keys(data.errors).join(' '), `${op} ${JSON.stringify(args)}`).toContain(field);
    }
    expect(d.requests()).toBe(before);
  });

  it('never forwards login or logout through call (the token must not reach the renderer)', async () => {
    const before = d.requests();
    const r = await d.forward('login', { body: { email: d.server.users.admin.email, password: PASSWORD } });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.data)).not.toMatch(/token/i);
    expect((await d.forward('logout', {})).status).toBe(400);
    expect(d.requests()).toBe(before);
    expect(d.session.token()).not.toBeNull();
  });

  it('refuses IPC from a foreign sender or a sub-frame without any HTTP call; our page passes', async () => {
    const handlers = new Map<string, (event: IpcEventLike, ...args: unknown[]) => unknown>();
    const ipcMain: IpcMainLike<IpcEventLike> = { handle: (c, l) => void handlers.set(c, l), removeHandler: (c) => void handlers.delete(c) };
    const origins = createOrigins();
    const remove = registerHandlers(ipcMain, (e) => isTrustedSender(e, origins), sessionHandlers(d.session), apiHandlers(d.forward));
    const call = handlers.get(IPC.apiCall)!;
    const before = d.requests();
    const foreign: IpcEventLike[] = [
      { senderFrame: { url: 'https://evil.example/', parent: null } },
      { senderFrame: { url: 'file:///etc/passwd', parent: null } },
      { senderFrame: { url: 'app://other/', parent: null } },
      { senderFrame: { url: 'app://bundle/', parent: {} } }, // an iframe inside our page
      { senderFrame: null },
      {},
    ];
    for (const event of foreign) {
      await expect(Promise.resolve().then(() => call(event, 'listUsers', { query: { page: 1 } }))).rejects.toThrow(REFUSED);
      await expect(Promise.resolve().then(() => handlers.get(IPC.sessionGet)!(event))).rejects.toThrow(REFUSED);
    }
    expect(d.requests()).toBe(before);
    const ok = (await call({ senderFrame: { url: 'app://bundle/users?page=2', parent: null } }, 'listUsers', { query: { page: 1 } })) as {
      status: number;
    };
    expect(ok.status).toBe(200);
    expect(d.requests()).toBe(before + 1);
    remove();
    expect(handlers.size).toBe(0);
  });

  it('answers 401 locally when nobody is logged in, and forgets a token the server refused', async () => {
    const other = await startDesktop({ server: d.server });
    const before = other.requests();
    expect((await other.forward('listUsers', {})).status).toBe(401);
    expect(other.requests()).toBe(before);

    expect((await other.session.login(d.server.users.manager.email, PASSWORD)).status).toBe(200);
    const token = other.session.token()!;
    // The token is revoked elsewhere (e.g. the account was deleted): the next call answers 401 and main forgets it.
    expect((await d.server.call('POST', 'logout', { token })).status).toBe(200);
    const r = await other.forward('listUsers', {});
    expect(r.status).toBe(401);
    expect(other.session.token()).toBeNull();
    expect(other.session.user()).toBeNull();
    expect(other.restart().restore()).toBeNull();
    await other.close();
  });
});

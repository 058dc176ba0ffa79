// Desktop only: the session main keeps (token in the Secret Service, never in the page), restored after main restarts.
import fs from 'node:fs';
import path from 'node:path';
import { Entry } from '@napi-rs/keyring';
import { test, expect, loginAs, users, apiCall } from './fixtures';
import { SECRET_SERVICE } from './fixtures/desktop/secret-service';
import type { DesktopMain } from './fixtures/desktop/desktop-main';

const inKeychain = (d: DesktopMain) => new Entry(d.keychain.service, d.keychain.account, SECRET_SERVICE).getPassword();
const stateFile = (d: DesktopMain) => fs.readFileSync(path.join(d.userData, 'session-state.json'), 'utf8');

test('login keeps the token in the keychain, never in the page; main restarted restores the session; logout clears it', async ({
  page,
  desktop,
}) => {
  await loginAs(page, 'admin');
  const token = inKeychain(desktop);
  expect(token).toMatch(/\S{20,}/);

  await test.step('the page holds no token: not in storage, cookies, the DOM or the bridge', async () => {
    const seen = await page.evaluate(() => {
      const w = globalThis as unknown as {
        localStorage: Record<string, string>;
        sessionStorage: Record<string, string>;
        document: { cookie: string; documentElement: { outerHTML: string } };
        giftCardApi: Record<string, unknown>;
      };
      return {
        text: JSON.stringify([{ ...w.localStorage }, { ...w.sessionStorage }, w.document.cookie, w.document.documentElement.outerHTML]),
        bridge: Object.keys(w.giftCardApi).sort(),
      };
    });
    expect(seen.text).not.toContain(token);
    expect(seen.bridge).toEqual(
      [
        'apiOrigin',
        'call',
        'exportCsv',
        'login',
        'logout',
        'onCommand',
        'onExportProgress',
        'onLive',
        'pickImages',
        'savePdf',
        'session',
      ].sort(),
    );
    expect(stateFile(desktop)).not.toContain(token!);
    expect(JSON.parse(stateFile(desktop)).session).toMatchObject({ loggedIn: true, user: { email: users().admin.email } });
  });

  await test.step('main restarts: the session comes back from the keychain, no login screen', async () => {
    desktop.restart();
    await page.reload();
    await expect(page.getByTestId('user-name')).toHaveText(users().admin.name);
    await expect(page).not.toHaveURL(/\/login$/);
  });

  await test.step('logout revokes the token and clears the keychain and the state file', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByLabel('Email or user name')).toBeVisible();
    expect(inKeychain(desktop)).toBeNull();
    expect(JSON.parse(stateFile(desktop)).session).toBeUndefined();
    const revoked = await fetch(`${new URL(page.url()).origin}/api/seller-due`, { headers: { authorization: `Bearer ${token}` } });
    expect(revoked.status).toBe(401);
  });
});

test('a token the server revoked: the app signs out to the login screen and forgets it', async ({ page, desktop }) => {
  await loginAs(page, 'manager');
  const token = inKeychain(desktop)!;
  const revoke = await fetch(`${new URL(page.url()).origin}/api/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  expect(revoke.status).toBe(200);
  await page.goto('/users');
  await expect(page.getByLabel('Email or user name')).toBeVisible();
  expect(inKeychain(desktop)).toBeNull();
  expect((await apiCall('GET', 'dashboard-figures', { as: 'manager' })).status).toBe(200); // other sessions live on
});

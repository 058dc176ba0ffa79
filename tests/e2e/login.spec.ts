import { test, expect, loginAs, shot, users, E2E_PASSWORD } from './fixtures';

test.describe('login', () => {
  test('a protected route shows the login screen while logged out', async ({ page }) => {
    await page.goto('/users');
    await expect(page.getByRole('heading', { name: 'Gift Card Back-Office' })).toBeVisible();
    const email = page.getByLabel('Email or user name');
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute('type', 'email');
    await expect(page.getByLabel('Password')).toHaveAttribute('type', 'password');
    await shot(page, 'login');
  });

  test('signed out, the login screen is the first thing drawn, not a loading spinner first (issue 55)', async ({ page }) => {
    // Every element the page ever shows with the screen loader's test id, recorded from before the app's scripts run.
    await page.addInitScript(() => {
      type Observer = new (seen: () => void) => { observe(node: unknown, options: { childList: boolean; subtree: boolean }): void };
      const w = globalThis as unknown as {
        __loaderSeen: boolean;
        document: { querySelector(selector: string): unknown };
        MutationObserver: Observer;
      };
      w.__loaderSeen = false;
      new w.MutationObserver(() => {
        if (w.document.querySelector('[data-testid="route-loader"]')) w.__loaderSeen = true;
      }).observe(w.document, { childList: true, subtree: true });
    });
    for (const path of ['/login', '/users']) {
      await page.goto(path);
      await expect(page.getByLabel('Email or user name')).toBeFocused();
      expect(await page.evaluate(() => (globalThis as unknown as { __loaderSeen: boolean }).__loaderSeen), path).toBe(false);
    }
  });

  test('wrong password: error toast, stays on login', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email or user name').fill(users().admin.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Email or password is incorrect')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await shot(page, 'login-failed');
  });

  test('Enter submits; success toast and the dashboard at /', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email or user name').fill(users().manager.email);
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    await page.getByLabel('Password').press('Enter');
    await expect(page.getByText('Login Success')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('user-name')).toHaveText(users().manager.name);
  });

  test('login by user name', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email or user name').fill(users().seller.name);
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Login Success')).toBeVisible();
    await expect(page.getByTestId('user-name')).toHaveText(users().seller.name);
  });

  test('logging in from a protected route goes to /', async ({ page }) => {
    await page.goto('/gift-card-offer');
    await page.getByLabel('Email or user name').fill(users().admin.email);
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('logout clears the session', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('Email or user name')).toBeVisible();
    await page.goto('/users');
    await expect(page.getByLabel('Email or user name')).toBeVisible();
    expect(
      await page.evaluate(() =>
        Object.keys((globalThis as unknown as { sessionStorage: Record<string, string> }).sessionStorage).filter((k) =>
          k.startsWith('gcbo.'),
        ),
      ),
    ).toEqual([]);
  });
});

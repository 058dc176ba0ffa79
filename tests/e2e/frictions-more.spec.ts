import type { Page } from '@playwright/test';
import {
  test,
  expect,
  loginAs,
  goVia,
  shot,
  idle,
  apiCall,
  createUser,
  createOffer,
  createCard,
  approveCard,
  createTransaction,
  unique,
  pickSeller,
} from './fixtures';

/** Issue 33, the rest: filter bars, the table's scroll hint, forms and popups, the menu, keyboard, start-up. */

/** Screenshots in both themes at 1440 and 900 px (tests/e2e/screenshots/frictions-more-<name>-<theme>-<width>.png). */
async function shotsBoth(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1440, 900]) {
      await page.setViewportSize({ width, height: 900 });
      await shot(page, `frictions-more-${name}-${scheme}-${width}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('frictions, the rest', () => {
  test('filter bar selects keep a fixed width and show their full text on hover; a table wider than the window says it scrolls', async ({
    page,
  }) => {
    const longName = unique('Seller With A Remarkably Long Name For The Select');
    const seller = await createUser('seller', longName);
    const offer = await createOffer({ title: unique('Scroll Offer'), rate_type: 0, rate: 10 });
    const card = await createCard(seller.email, offer.id, 100, { cardNumber: unique('SCR').replace(/\s+/g, '-') });
    await approveCard(card);
    await createTransaction(seller.id, 5);
    await loginAs(page, 'admin');
    await goVia(page, 'Transactions');
    await idle(page);
    const bar = page.getByRole('search', { name: 'Filter transactions' });
    const select = bar.getByLabel('Seller');
    await pickSeller(bar, longName);
    await expect(select).toHaveAttribute('title', longName);
    const box = await select.boundingBox();
    expect(box!.width).toBeLessThan(220);
    await expect(page.getByText(/scroll it sideways/)).toHaveCount(0);
    await shotsBoth(page, 'transactions');

    await page.setViewportSize({ width: 900, height: 900 });
    await expect(page.getByText('The table is wider than the window: scroll it sideways to see every column')).toBeVisible();
    const table = page.getByRole('table', { name: 'Transactions' });
    const amount = await table.getByRole('columnheader', { name: 'Transactions Amount' }).boundingBox();
    const action = await table.getByRole('columnheader', { name: 'Action', exact: true }).boundingBox();
    // The money column is not under the sticky Action column.
    expect(amount!.x + amount!.width).toBeLessThanOrEqual(action!.x + 1);
    await page.setViewportSize({ width: 1280, height: 800 });

    for (const [screen, name] of [
      ['Gift Card Offers', 'offers'],
      ['Seller Lists', 'sellers'],
      ['User Lists', 'users'],
    ] as const) {
      await goVia(page, screen);
      await idle(page);
      await shotsBoth(page, name);
    }
  });
});

test.describe('forms and popups', () => {
  test('the offer form: a fixed fee above the lowest price shows at Rate without a server error toast', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/add-gift-card-offer');
    await page.getByLabel('Title').fill(unique('Fee Offer'));
    await page.getByLabel('Min Price').fill('5');
    await page.getByLabel('Max Price').fill('50');
    await page.getByLabel('Rate Type').selectOption({ label: 'Fixed' });
    await page.getByLabel('Rate ($)').fill('9');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The rate field may not be more than the lowest price of the offer.')).toBeVisible();
    await expect(page.getByText('server error', { exact: true })).toHaveCount(0);
    await shotsBoth(page, 'offer-fee-error');
  });

  test('the pay popup of a seller whose payments are paused says so up front and cannot Apply', async ({ page }) => {
    const seller = await createUser('seller');
    const offer = await createOffer({ title: unique('Paused Offer'), rate_type: 0, rate: 10 });
    const paid = await createCard(seller.email, offer.id, 100, { cardNumber: unique('PAUSEA').replace(/\s+/g, '-') });
    await approveCard(paid);
    await createTransaction(seller.id, 90);
    const open = await createCard(seller.email, offer.id, 20, { cardNumber: unique('PAUSEB').replace(/\s+/g, '-') });
    await approveCard(open);
    expect((await apiCall('POST', `gift-card-dispute/${paid}`, { as: 'admin', body: { reason: 'used' } })).status).toBe(200);

    await loginAs(page, 'admin');
    await page.goto(`/gift-cards?q=${encodeURIComponent(seller.name)}`);
    await idle(page);
    await page.getByRole('button', { name: /^Pay .*PAUSEB/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('pay-paused')).toHaveText(
      "Payments are paused: after clawbacks of disputed cards this seller's due is -$72.00. Payments resume once their due is above zero.",
    );
    await expect(dialog.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await shotsBoth(page, 'pay-paused');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });
});

test.describe('menu and frame', () => {
  test('Statements are in the menu (staff: with a seller picker; seller: My Statement), highlighted when open', async ({ page }) => {
    await loginAs(page, 'admin');
    await goVia(page, 'Statements');
    await expect(page).toHaveURL(/\/statement/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Statement');
    await expect(page.getByLabel('Seller')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Statements' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await shotsBoth(page, 'statements-staff');
    await page.getByRole('button', { name: 'Logout' }).click();
    await loginAs(page, 'seller');
    await goVia(page, 'My Statement');
    await expect(page).toHaveURL(/\/statement/);
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'My Statement' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await shotsBoth(page, 'statements-seller');
  });

  test('an unknown path signed in shows inside the app frame, with a way home', async ({ page }) => {
    await loginAs(page, 'manager');
    await page.goto('/no-such-screen');
    await expect(page.getByRole('heading', { name: 'No page found' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await expect(page.getByRole('main')).toHaveCount(1);
    await shotsBoth(page, 'not-found');
    await page.getByRole('link', { name: 'Go to the dashboard' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('keyboard: the first Tab offers Skip to content, and a list’s first row action is a few Tabs further', async ({ page }) => {
    await createOffer({ title: unique('Keyboard Offer') });
    await loginAs(page, 'admin');
    await page.goto('/gift-card-offer');
    await idle(page);
    await expect(page.getByRole('button', { name: /^Edit / }).first()).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await shotsBoth(page, 'skip-link');
    await skip.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    let tabs = 0;
    for (; tabs < 30; tabs++) {
      await page.keyboard.press('Tab');
      if ((await page.locator(':focus').getAttribute('aria-label'))?.startsWith('Edit ')) break;
    }
    expect(tabs + 1).toBeLessThanOrEqual(10);
  });
});

test.describe('speed and console', () => {
  test('no Content-Security-Policy message in the console on any screen', async ({ page }) => {
    const messages: string[] = [];
    page.on('console', (m) => {
      if (/content.security.policy|refused to/i.test(m.text())) messages.push(`${page.url()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => {
      if (/content.security.policy|refused to/i.test(e.message)) messages.push(`${page.url()}: ${e.message}`);
    });
    // DevTools issues too (a caught `new Function` under the policy is reported there, not as a console error).
    const cdp = await page.context().newCDPSession(page);
    cdp.on('Audits.issueAdded', (e: { issue: { code: string; details: unknown } }) => {
      if (/ContentSecurityPolicy/.test(e.issue.code)) messages.push(`${page.url()}: ${e.issue.code} ${JSON.stringify(e.issue.details)}`);
    });
    await cdp.send('Audits.enable');
    await loginAs(page, 'admin');
    for (const path of [
      '/',
      '/gift-cards',
      '/users',
      '/sellers',
      '/transactions',
      '/gift-card-offer',
      '/add-gift-card-offer',
      '/report',
      '/statement',
      '/pending-approvals',
    ]) {
      await page.goto(path);
      await idle(page);
      await page.waitForTimeout(300);
    }
    expect(messages).toEqual([]);
  });
});

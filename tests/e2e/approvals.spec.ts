import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type { Browser, Page } from '@playwright/test';
import {
  test,
  expect,
  loginAs,
  shot,
  apiCall,
  approveCard,
  createCard,
  createOffer,
  createUser,
  goVia,
  sidebar,
  E2E_PASSWORD,
  pickSeller,
} from './fixtures';
import { axeViolations } from './fixtures/axe';
import { startServer } from './fixtures/global-setup';
import type { E2EUsers } from './fixtures/constants';

/**
 * Maker-checker (issue 29) needs FOUR_EYES=1, which the shared server does not run with: this spec starts its own
 * server (limit $1,000) with its own accounts, and points the fixtures at it while it runs.
 */
let server: { child: ChildProcess; url: string } | undefined;
let dataDir = '';
const saved = { url: process.env.E2E_BASE_URL, users: process.env.E2E_USERS };
const ADMIN = { name: 'Ada Admin', email: 'admin@four-eyes.example' };

async function raw(method: string, p: string, token?: string, body?: unknown): Promise<any> {
  const res = await fetch(`${server!.url}/api/${p}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return res.json();
}

test.beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gcbo-e2e-4e-'));
  server = await startServer(dataDir, {
    FOUR_EYES: '1',
    FOUR_EYES_LIMIT: '1000',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: E2E_PASSWORD,
  });
  const admin = await raw('POST', 'login', undefined, { email: ADMIN.email, password: E2E_PASSWORD });
  const users = { admin: { ...ADMIN, id: admin.user.id } } as E2EUsers;
  for (const [key, name, role] of [
    ['manager', 'Mo Maker', 'manager'],
    ['seller', 'Sid Seller', 'seller'],
    ['seller2', 'Cy Checker', 'manager'],
  ] as const) {
    const email = `${key}@four-eyes.example`;
    await raw('POST', 'users', admin.token, { name, email, role, password: E2E_PASSWORD });
    const l = await raw('POST', 'login', undefined, { email, password: E2E_PASSWORD });
    users[key] = { name, email, id: l.user.id };
  }
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_USERS = JSON.stringify(users);
});
test.afterAll(async () => {
  process.env.E2E_BASE_URL = saved.url;
  process.env.E2E_USERS = saved.users;
  server?.child.kill('SIGTERM');
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function sessionOf(browser: Browser, who: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: server!.url });
  const page = await context.newPage();
  await loginAs(page, who);
  return page;
}

test.describe('pending approvals (FOUR_EYES=1, limit $1,000)', () => {
  test('a manager’s payment above the limit waits; a second staff member approves it and the seller’s due drops; the maker sees no Approve', async ({
    page,
    browser,
  }) => {
    const seller = JSON.parse(process.env.E2E_USERS!).seller as { id: number; email: string; name: string };
    const offer = await createOffer({ rate_type: 0, rate: 10, min_price: 1, max_price: 5000 });
    const card = await createCard(seller.email, offer.id, 2000); // payable $1,800.00
    await approveCard(card);
    expect((await apiCall('GET', 'seller-due', { as: seller.email })).body.due).toBe(1800);

    // The maker pays $1,500 from the create-transaction form: it waits.
    await loginAs(page, 'manager');
    await page.goto('/create-transaction');
    await pickSeller(page, seller.name);
    await page.getByLabel('Transaction Amount').fill('1500');
    const code = `FE-${Date.now()}`;
    await page.getByLabel('Code').fill(code);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(/waiting in Pending approvals/)).toBeVisible();
    expect((await apiCall('GET', 'seller-due', { as: seller.email })).body.due).toBe(1800);

    // The maker's own request: no Approve button.
    await goVia(page, 'Pending approvals');
    const mine = page.getByRole('row').filter({ hasText: code });
    await expect(mine).toContainText('$1,500.00');
    await expect(mine).toContainText('You');
    await expect(mine.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await expect(mine.getByText('Waiting for another staff member')).toBeVisible();
    await shot(page, 'pending-approvals-maker');

    // A second staff member sees the count in the menu and approves it.
    const checker = await sessionOf(browser, 'seller2');
    await expect(sidebar(checker).getByTestId('approvals-badge')).toContainText('1');
    await goVia(checker, 'Pending approvals');
    const row = checker.getByRole('row').filter({ hasText: code });
    await expect(row).toContainText('Mo Maker');
    await row.getByRole('button', { name: 'Approve' }).click();
    await expect(checker.getByText('Payment approved and made.')).toBeVisible();
    await expect(checker.getByRole('row').filter({ hasText: code })).toHaveCount(0);
    expect((await apiCall('GET', 'seller-due', { as: seller.email })).body.due).toBe(300);

    // Issue 48: raising the approved payout is a change request, shown beside what it was.
    const [t] = (await apiCall('GET', 'transaction?page=1', { as: 'admin' })).body.data.filter((x: { code: string }) => x.code === code);
    const raise = await apiCall('POST', `transaction-update/${t.id}`, {
      as: 'manager',
      body: { code, transaction_amount: 1600, seller_id: seller.id },
    });
    expect(raise.status).toBe(202);
    await checker.reload();
    const change = checker.getByRole('row').filter({ hasText: code });
    await expect(change).toContainText('Payout change');
    await expect(change).toContainText('$1,600.00');
    await expect(change).toContainText('Was $1,500.00');
    await shot(checker, 'pending-approvals-change');
    await checker.context().close();
  });

  test('the manager who approved a card is not offered Pay on it, and is told why; another staff member is (issue 55)', async ({
    page,
    browser,
  }) => {
    // A seller of its own: the manager's card stays unpaid, and another test's bulk payment to the shared seller would reach it.
    const seller = await createUser('seller');
    const offer = await createOffer({ rate_type: 0, rate: 10, min_price: 1, max_price: 5000 });
    const card = await createCard(seller.email, offer.id, 60);
    const approved = await apiCall('POST', `gift-card-update/${card}`, {
      as: 'manager',
      body: { giftcard_offer_id: offer.id, price: 60, card_status: 1 },
    });
    expect(approved.status).toBe(200);

    await loginAs(page, 'manager');
    await expect(sidebar(page).getByRole('link', { name: /Pending approvals/ })).toBeVisible();
    await page.goto(`/gift-card/${card}`);
    const pay = page.getByRole('button', { name: 'Pay', exact: true });
    await expect(pay).toBeDisabled();
    await expect(pay).toHaveAccessibleDescription('You approved this gift card: another staff member must pay it.');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId('pay-blocked').hover();
    await expect(page.getByRole('tooltip')).toHaveText('You approved this gift card: another staff member must pay it.');
    // The list's pay icon says the same.
    await page.goto(`/gift-cards?status=1&seller_id=${seller.id}`);
    await expect(page.getByTestId(`card-row-${card}`).getByRole('button', { name: /^Pay card/ })).toBeDisabled();

    const checker = await sessionOf(browser, 'seller2');
    await checker.goto(`/gift-card/${card}`);
    await expect(checker.getByRole('button', { name: 'Pay', exact: true })).toBeEnabled();
    await checker.context().close();
  });

  test('a bulk payment above the limit says it waits, not that it succeeded', async ({ page }) => {
    const seller = JSON.parse(process.env.E2E_USERS!).seller as { id: number; email: string; name: string };
    const offer = await createOffer({ rate_type: 0, rate: 0, min_price: 1, max_price: 5000 });
    await approveCard(await createCard(seller.email, offer.id, 3000));
    await loginAs(page, 'manager');
    await page.goto('/sellers');
    await page.getByRole('button', { name: `Bulk Payment for ${seller.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk Payment' });
    await dialog.getByLabel('Code').fill(`FE-BULK-${Date.now()}`);
    await dialog.getByRole('textbox', { name: /^Amount/ }).fill('2000');
    await dialog.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByText(/waiting in Pending approvals/)).toBeVisible();
    await expect(page.getByText('Payment succeeded')).toHaveCount(0);
  });
});

test.describe('stale decisions', () => {
  test('a reviewer whose card changed under them gets the 412 message and the reloaded card', async ({ page }) => {
    const seller = JSON.parse(process.env.E2E_USERS!).seller as { email: string };
    const offer = await createOffer({ rate_type: 0, rate: 10, min_price: 1, max_price: 5000 });
    const card = await createCard(seller.email, offer.id, 40);

    await loginAs(page, 'seller2');
    // No live updates for this reviewer (a dropped connection): the change reaches them only as the 412.
    await page.route('**/api/events**', (route) => route.abort());
    await page.goto(`/gift-card/${card}`);
    await expect(page.getByLabel('Price')).toHaveValue('40.00');
    // Another staff member changes the price while the reviewer looks at the card (a seller's edit would wait for them).
    const edit = await apiCall('POST', `gift-card-update/${card}`, { as: 'admin', body: { giftcard_offer_id: offer.id, price: 400 } });
    expect(edit.status).toBe(200);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('This gift card changed since you opened it. Reload to see the changes.')).toBeVisible();
    await expect(page.getByLabel('Price')).toHaveValue('400.00');
    expect((await apiCall('GET', `gift-card/${card}`, { as: seller.email })).body.data.card_status).toBe(0);
    await shot(page, 'stale-decision-412');
    // Approving what is shown now goes through.
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Gift card approved')).toBeVisible();
  });

  test('a bulk approval is refused, alone, for a card that changed since its row was shown', async ({ page }) => {
    const seller = JSON.parse(process.env.E2E_USERS!).seller as { email: string; name: string };
    const offer = await createOffer({ rate_type: 0, rate: 1, min_price: 1, max_price: 5000 });
    const changed = await createCard(seller.email, offer.id, 20);
    const same = await createCard(seller.email, offer.id, 30);
    await loginAs(page, 'seller2');
    await page.route('**/api/events**', (route) => route.abort());
    await page.goto('/gift-cards?status=0');
    await page.getByRole('checkbox', { name: `Select card ${changed}` }).check();
    await page.getByRole('checkbox', { name: `Select card ${same}` }).check();
    // The seller raises the price while the rows are on screen.
    const edit = await apiCall('POST', `gift-card-update/${changed}`, {
      as: seller.email,
      body: { giftcard_offer_id: offer.id, price: 4000 },
    });
    expect(edit.status).toBe(200);
    await page.getByRole('button', { name: 'Approve selected' }).click();
    await page.getByRole('dialog', { name: 'Approve 2 cards?' }).getByRole('button', { name: 'Approve 2 cards' }).click();
    const summary = page.getByRole('dialog', { name: 'Review summary' });
    await expect(summary).toContainText('1 passed, 1 refused');
    await expect(summary.getByTestId(`bulk-result-${changed}`)).toContainText('This gift card changed since you opened it.');
    await expect(summary.getByTestId(`bulk-result-${same}`)).toContainText('done');
    expect((await apiCall('GET', `gift-card/${changed}`, { as: seller.email })).body.data.card_status).toBe(0);
  });

  test("a reviewer opening a card sees the seller's latest correction and when", async ({ page }) => {
    const seller = JSON.parse(process.env.E2E_USERS!).seller as { email: string };
    const offer = await createOffer({ rate_type: 0, rate: 1, min_price: 1, max_price: 5000 });
    const card = await createCard(seller.email, offer.id, 50);
    const edit = await apiCall('POST', `gift-card-update/${card}`, { as: seller.email, body: { giftcard_offer_id: offer.id, price: 45 } });
    expect(edit.status).toBe(200);
    await loginAs(page, 'seller2');
    await page.goto(`/gift-card/${card}`);
    await expect(page.getByTestId('seller-change-notice')).toHaveText(
      /Changed by the seller (just now|1 minute ago): price \$50\.00 → \$45\.00/,
    );
  });
});

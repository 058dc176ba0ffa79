import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import {
  test,
  expect,
  loginAs,
  goVia,
  shot,
  idle,
  createUser,
  createOffer,
  approveCard,
  createCard,
  pngBytes,
  unique,
  apiCall,
  sidebar,
} from './fixtures';

test.setTimeout(120_000);

async function session(browser: Browser, who: string): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: process.env.E2E_BASE_URL });
  const page = await ctx.newPage();
  await loginAs(page, who);
  return page;
}

/** Marks the page; a full reload would lose the mark. */
const markPage = (page: Page) => page.evaluate(() => ((globalThis as unknown as { __live: number }).__live = 1));
const notReloaded = async (page: Page) => expect(await page.evaluate(() => (globalThis as unknown as { __live?: number }).__live)).toBe(1);
const pendingInTitle = async (page: Page) => Number(/^\((\d+)\) /.exec(await page.title())?.[1] ?? 0);

test('lists, title and due follow the other side’s changes without a reload; "Reconnecting..." while the API is away', async ({
  browser,
}) => {
  const seller = await createUser('seller');
  const offer = await createOffer({ title: unique('Live Offer'), price_type: 0, min_price: 10, max_price: 500, rate_type: 0, rate: 10 });
  const staff = await session(browser, 'admin');
  const sp = await session(browser, seller.email);

  await goVia(staff, 'Gift Cards');
  await idle(staff);
  await expect(staff).toHaveTitle(/Gift Cards · Gift Card Back-Office$/);
  await markPage(staff);
  const pendingBefore = await pendingInTitle(staff);

  await test.step('the seller submits a card: the staff list and the pending count in the title show it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gcbo-live-'));
    const file = path.join(dir, 'front.png');
    fs.writeFileSync(file, pngBytes(6, 4, [10, 200, 90]));
    await goVia(sp, 'Add Gift Card');
    await sp.getByLabel('Offer').selectOption({ label: offer.title });
    await sp.getByLabel('Price').fill('120');
    await sp.getByLabel('Card Images').setInputFiles([file]);
    await sp.getByRole('button', { name: 'Save' }).click();
    await expect(sp).toHaveURL(/\/gift-card\/\d+$/);
    await goVia(sp, 'Gift Cards');
    await expect(sp).toHaveURL(/\/gift-cards$/);
    await markPage(sp);

    const row = staff.getByRole('row').filter({ hasText: offer.title });
    await expect(row).toContainText(seller.name, { timeout: 10_000 });
    await expect(row).toContainText('Pending');
    await expect.poll(() => pendingInTitle(staff), { timeout: 10_000 }).toBe(pendingBefore + 1);
    await expect(staff).toHaveTitle(new RegExp(`^\\(${pendingBefore + 1}\\) Gift Cards · Gift Card Back-Office$`));
    await expect(sidebar(staff).getByTestId('pending-badge')).toContainText(String(pendingBefore + 1));
    await notReloaded(staff);
    await shot(staff, 'live-staff-list');
  });

  await test.step('staff approve it: the seller’s list and due change, the staff title count goes down', async () => {
    const sellerRow = sp.getByRole('row').filter({ hasText: offer.title });
    await expect(sellerRow).toContainText('Pending');
    await expect(sp.getByTestId('seller-due')).toHaveText('Due: $0.00');
    const mine = await apiCall('GET', 'my-giftcard?page=1', { as: seller.email });
    await approveCard((mine.body.data.data as { id: number }[])[0].id);
    await expect(sellerRow).toContainText('Approved', { timeout: 10_000 });
    await expect(sp.getByTestId('seller-due')).not.toHaveText('Due: $0.00');
    await expect.poll(() => pendingInTitle(staff), { timeout: 10_000 }).toBe(pendingBefore);
    if (pendingBefore > 0) await expect(sidebar(staff).getByTestId('pending-badge')).toContainText(String(pendingBefore));
    await notReloaded(sp);
    await notReloaded(staff);
    await shot(sp, 'live-seller-list');
  });

  await test.step('an event about the card staff are editing refreshes it without touching what they type', async () => {
    const mine = await apiCall('GET', 'my-giftcard?page=1', { as: seller.email });
    const card = (mine.body.data.data as { id: number }[])[0].id;
    await staff.goto(`/gift-card/${card}`);
    await idle(staff);
    await markPage(staff);
    await staff.getByLabel('Description').fill('typed, not saved yet');
    const refetched = staff.waitForResponse((r) => new URL(r.url()).pathname === `/api/gift-card/${card}`);
    const paid = await apiCall('POST', 'transaction', {
      as: 'admin',
      body: { code: unique('LIVE').replace(/\s+/g, '-'), transaction_amount: 8, gidcard_id: card },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    await refetched;
    await expect(staff.getByLabel('Description')).toHaveValue('typed, not saved yet');
    await notReloaded(staff);
  });

  await test.step('the stream unreachable: "Reconnecting...", and what changed meanwhile shows when it is back', async () => {
    await sp.route('**/api/events', (route) => route.abort('connectionrefused'));
    await sp.reload();
    await expect(sp.getByTestId('reconnecting')).toBeVisible({ timeout: 15_000 });
    await expect(sp.getByTestId('reconnecting')).toContainText('Reconnecting...');
    await shot(sp, 'live-reconnecting');
    await markPage(sp);
    const offline = await createOffer({ title: unique('Meanwhile'), price_type: 0, min_price: 10, max_price: 500, rate_type: 0, rate: 10 });
    await createCard(seller.email, offline.id, 75);
    await expect(sp.getByRole('row').filter({ hasText: offline.title })).toHaveCount(0);
    await sp.unroute('**/api/events');
    await expect(sp.getByTestId('reconnecting')).toBeHidden({ timeout: 30_000 });
    await expect(sp.getByRole('row').filter({ hasText: offline.title })).toContainText('Pending');
    await notReloaded(sp);
  });
});

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
  pngBytes,
  unique,
} from './fixtures';

/** Issue 33, round two: the frictions a new user still meets, each as they would meet it. */

const widths = [1440, 900] as const;

/** Screenshots of the screen as it is, at both widths (tests/e2e/screenshots/frictions-<name>-<width>.png). */
async function shots(page: Page, name: string) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, `frictions-${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('frictions', () => {
  test('an amount pasted with a dollar sign and thousands commas is taken; a stray comma is named', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/add-gift-card-offer');
    const title = unique('Pasted Offer');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Min Price').fill('$5');
    await page.getByLabel('Max Price').fill('1,00');
    await page.getByLabel('Rate (%)').fill('10');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Max Price has a comma that does not group thousands: write 1000.50 or 1,000.50')).toBeVisible();
    await shots(page, 'amount-error');
    await page.getByLabel('Max Price').fill('$1,000.50');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Gift card offer created successfully')).toBeVisible();
    const offers = await apiCall('GET', `gift-card-offer?q=${encodeURIComponent(title)}`, { as: 'admin' });
    expect(offers.body.data[0]).toMatchObject({ min_price: 5, max_price: 1000.5 });
  });

  test('card list: From after To is refused at To without a request; Rate sorts from its header; Delete on a paid card says why', async ({
    page,
  }) => {
    const seller = await createUser('seller');
    const offer = await createOffer({ title: unique('Paid Offer'), rate_type: 0, rate: 10 });
    const paid = await createCard(seller.email, offer.id, 100, { cardNumber: unique('PAID').replace(/\s+/g, '-') });
    await approveCard(paid);
    await createTransaction(seller.id, 20);
    await loginAs(page, 'admin');
    await goVia(page, 'Gift Cards');
    await idle(page);

    const listCalls: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/gift-card\?/.test(r.url())) listCalls.push(r.url());
    });
    const bar = page.getByRole('search', { name: 'Filter gift cards' });
    await bar.getByRole('button', { name: 'Filters', exact: true }).click();
    await bar.getByLabel('From').fill('2026-05-02');
    await expect.poll(() => listCalls.length).toBeGreaterThan(0);
    const before = listCalls.length;
    await bar.getByLabel('To').fill('2026-05-01');
    await expect(bar.getByText('To must be on or after From')).toBeVisible();
    await expect(page.getByText('Could not load the gift cards')).toHaveCount(0);
    await shots(page, 'date-filter');
    expect(listCalls.slice(before).filter((u) => u.includes('to=2026-05-01'))).toEqual([]);
    await bar.getByRole('button', { name: 'Clear filters' }).click();

    await page.getByRole('columnheader', { name: 'Rate' }).getByRole('button').click();
    await expect(page).toHaveURL(/sort=-rate/);
    await expect(page.getByRole('columnheader', { name: 'Rate' })).toHaveAttribute('aria-sort', 'descending');

    await page.goto(`/gift-cards?q=${encodeURIComponent(offer.title)}`);
    const row = page.getByRole('row').filter({ hasText: offer.title });
    await expect(row).toHaveCount(1);
    await expect(page.getByRole('status').filter({ hasText: /^1 card$/ })).toBeVisible();
    const del = row.getByRole('button', { name: /^Delete / });
    await expect(del).toBeDisabled();
    await del.locator('..').hover();
    await expect(page.getByRole('tooltip')).toHaveText('This card has payments: it cannot be deleted');
    await shots(page, 'paid-delete');
  });

  test('a clawback row in Transactions shows a dash for Is Redeem', async ({ page }) => {
    const seller = await createUser('seller');
    const offer = await createOffer({ rate_type: 0, rate: 10 });
    const card = await createCard(seller.email, offer.id, 100);
    await approveCard(card);
    await createTransaction(seller.id, 90);
    const r = await apiCall('POST', `gift-card-dispute/${card}`, { as: 'admin', body: { reason: 'used' } });
    expect(r.status).toBe(200);
    await loginAs(page, 'admin');
    await page.goto('/transactions');
    const row = page.getByRole('row').filter({ hasText: seller.name }).filter({ hasText: 'Clawback' }).first();
    await expect(row.getByRole('cell').nth(3)).toHaveText('—');
    const payout = page.getByRole('row').filter({ hasText: seller.name }).filter({ hasNotText: 'Clawback' }).first();
    await expect(payout.getByRole('cell').nth(3)).toHaveText('No');
    await shots(page, 'transactions-clawback');
  });

  test('a new card opens its page after Save; a missing card shows no Retry', async ({ page }) => {
    const seller = await createUser('seller');
    const offer = await createOffer({ title: unique('New Card Offer') });
    await loginAs(page, seller.email);
    await page.goto('/add-gift-card');
    await page.getByLabel('Offer').selectOption({ label: offer.title });
    await page.getByLabel('Price').fill('$30');
    await page.getByLabel('Card Images').setInputFiles([{ name: 'front.png', mimeType: 'image/png', buffer: pngBytes(6, 4) }]);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/gift-card\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 }).getByTestId('status-badge')).toHaveText('Pending');
    await shots(page, 'card-added');

    await page.goto('/gift-card/987654321');
    await expect(page.getByText('No gift card found')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  });

  test('the dashboard tiles open their queues', async ({ page }) => {
    await loginAs(page, 'admin');
    const strip = page.getByRole('list', { name: 'Key figures' });
    await expect(strip.getByRole('listitem').first()).toContainText('Total due to sellers');
    await shots(page, 'dashboard-tiles');
    await strip.getByRole('link', { name: /Cards pending review/ }).click();
    await expect(page).toHaveURL(/\/gift-cards\?status=0&sort=created_at$/);
    await expect(page.getByRole('tab', { name: /^Pending/ })).toHaveAttribute('aria-selected', 'true');
    await page.goBack();
    await strip.getByRole('link', { name: /Reviews overdue/ }).click();
    await expect(page).toHaveURL(/\/gift-cards\?status=0&overdue=1&sort=review_due$/);
    await page.goBack();
    await strip.getByRole('link', { name: /Total due to sellers/ }).click();
    await expect(page).toHaveURL(/\/sellers\?has_due=1&sort=-due$/);
    await page.goBack();
    await strip.getByRole('link', { name: /Paid this month/ }).click();
    await expect(page).toHaveURL(/\/transactions\?from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}$/);
  });

  test('the report keeps the last good chart and its dates when a range is refused', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/report');
    await idle(page);
    const daily = page.getByRole('region', { name: 'Daily report' });
    const title = daily.getByTestId('daily-range');
    const good = await title.textContent();
    await expect(daily.getByRole('img')).toHaveAttribute('aria-label', /Approvals and rejections per day/);
    await daily.getByLabel('Start Date').fill('1899-12-01');
    await daily.getByLabel('End Date').fill('1899-12-31');
    await daily.getByRole('button', { name: 'Search Report' }).click();
    await expect(daily.getByText(/between 1900-01-01 and 2999-12-31/).first()).toBeVisible();
    await expect(title).toHaveText(good ?? '');
    await shots(page, 'report-refused');
  });

  test('a screen chunk that fails to load (the server was updated) reloads the page once, keeping the URL', async ({ page }) => {
    await loginAs(page, 'admin');
    let failed = 0;
    await page.route(/\/assets\/ReportPage-[^/]+\.js$/, async (route) => {
      if (failed++ === 0) return route.abort('failed');
      return route.continue();
    });
    await goVia(page, 'Report');
    await expect(page).toHaveURL(/\/report$/);
    await expect(page.getByRole('region', { name: 'Daily report' })).toBeVisible();
    await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
    expect(failed).toBe(2);
  });
});

import { test, expect, loginAs, shot, idle, createUser, createOffer, createCard, approveCard, apiCall, unique } from './fixtures';

// Report days are UTC on the server (REPORT_TZ default); the browser shares that calendar.
test.use({ timezoneId: 'UTC' });

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const now = new Date();
const year = now.getUTCFullYear();
const month = MONTHS[now.getUTCMonth()];
const today = now.toISOString().slice(0, 10);

/** A fresh seller with one approved and one rejected card today. */
async function sellerWithDecisions() {
  const seller = await createUser('seller');
  const offer = await createOffer({ title: unique('Dash Offer') });
  const approved = await createCard(seller.email, offer.id, 30);
  const rejected = await createCard(seller.email, offer.id, 40);
  await approveCard(approved);
  const { body } = await apiCall('GET', `gift-card/${rejected}`, { as: 'admin' });
  const r = await apiCall('POST', `gift-card-update/${rejected}`, {
    as: 'admin',
    body: { giftcard_offer_id: body.data.giftcard_offer_id, price: body.data.price, card_status: 2 },
  });
  expect(r.status).toBe(200);
  return seller;
}

test.describe('dashboard', () => {
  test('a seller sees their approvals and rejections on this month; the year selector spans 10 years', async ({ page }) => {
    const seller = await sellerWithDecisions();
    await loginAs(page, seller.email);
    await expect(page.getByTestId('welcome')).toContainText(seller.name);
    const yearSelect = page.getByLabel('Year', { exact: true });
    await expect(yearSelect).toHaveValue(String(year));
    await expect(yearSelect.locator('option')).toHaveText(Array.from({ length: 10 }, (_, i) => String(year + i)));
    await expect(page.getByTestId('showing-year')).toHaveText(`Showing Year: ${year}`);

    const table = page.getByRole('table', { name: /per month/ });
    await expect(table.getByRole('row')).toHaveCount(13);
    await expect(table.getByRole('columnheader')).toHaveText(['Month', 'Approval', 'Rejected']);
    const row = table.getByRole('row').filter({ hasText: month });
    await expect(row.getByRole('cell')).toHaveText([month, '1', '1']);
    await expect(page.getByRole('img', { name: /1 approved, 1 rejected/ })).toBeVisible();
    await shot(page, 'dashboard');

    await yearSelect.selectOption(String(year + 1));
    await expect(page.getByTestId('showing-year')).toHaveText(`Showing Year: ${year + 1}`);
    await expect(table.getByRole('row').filter({ hasText: month }).getByRole('cell')).toHaveText([month, '0', '0']);
  });

  test('staff see every seller: at least both decisions this month', async ({ page }) => {
    await sellerWithDecisions();
    await loginAs(page, 'admin');
    await expect(page.getByTestId('welcome')).toContainText('Welcome');
    const row = page
      .getByRole('table', { name: /per month/ })
      .getByRole('row')
      .filter({ hasText: month });
    await expect(row.getByRole('cell').nth(1)).toHaveText(/^[1-9]\d*$/);
    await expect(row.getByRole('cell').nth(2)).toHaveText(/^[1-9]\d*$/);
  });

  test('dev test: hard-coded dates, then the days with decisions as a chart and a table', async ({ page }) => {
    await sellerWithDecisions();
    await loginAs(page, 'manager');
    await page.goto('/dev-test');
    await expect(page.getByLabel('Start Date')).toHaveValue('2024-01-01');
    await expect(page.getByLabel('End Date')).toHaveValue('2024-12-31');
    await expect(page.getByText('Pick the dates and load the chart.')).toBeVisible();
    await page.getByLabel('Start Date').fill(today);
    await page.getByLabel('End Date').fill(today);
    await page.getByRole('button', { name: 'Load Chart' }).click();
    await idle(page);
    const label = await page.evaluate(
      (d) => new Date(`${d}T00:00:00Z`).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }),
      today,
    );
    const row = page.getByRole('table').getByRole('row').filter({ hasText: label });
    await expect(row.getByRole('cell').nth(1)).toHaveText(/^[1-9]\d*$/);
    await expect(row.getByRole('cell').nth(2)).toHaveText(/^[1-9]\d*$/);
    await shot(page, 'dev-test');
  });
});

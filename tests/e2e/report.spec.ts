import type { Page } from '@playwright/test';
import { test, expect, loginAs, goVia, shot, idle, createUser, createOffer, createCard, approveCard, apiCall, unique } from './fixtures';

// Report days are UTC on the server (REPORT_TZ default); the browser shares that calendar.
test.use({ timezoneId: 'UTC' });

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const iso = (d: Date) => d.toISOString().slice(0, 10);
const now = new Date();
const year = now.getUTCFullYear();
const today = iso(now);
const plus7 = iso(new Date(Date.UTC(year, now.getUTCMonth(), now.getUTCDate() + 7)));

const dayLabel = (page: Page, d: string) =>
  page.evaluate(
    (x) => new Date(`${x}T00:00:00Z`).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }),
    d,
  );

async function sellerWithDecisions() {
  const seller = await createUser('seller');
  const offer = await createOffer({ title: unique('Report Offer') });
  const a = await createCard(seller.email, offer.id, 30);
  const b = await createCard(seller.email, offer.id, 35);
  const c = await createCard(seller.email, offer.id, 40);
  await approveCard(a);
  await approveCard(b);
  const { body } = await apiCall('GET', `gift-card/${c}`, { as: 'admin' });
  expect(
    (
      await apiCall('POST', `gift-card-update/${c}`, {
        as: 'admin',
        body: { giftcard_offer_id: body.data.giftcard_offer_id, price: body.data.price, card_status: 2 },
      })
    ).status,
  ).toBe(200);
  return seller;
}

test.describe('report', () => {
  test('first load is today to today + 7; a month picks its whole range; yearly by year', async ({ page }) => {
    const seller = await sellerWithDecisions();
    await loginAs(page, seller.email);
    await page.goto('/report');
    await idle(page);
    const daily = page.getByRole('region', { name: 'Daily report' });
    await expect(daily.getByLabel('Start Date')).toHaveValue(today);
    await expect(daily.getByLabel('End Date')).toHaveValue(plus7);
    await daily.getByText('Show the numbers').click();
    const rows = daily.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(9);
    await expect(rows.filter({ hasText: await dayLabel(page, today) }).getByRole('cell')).toHaveText([
      await dayLabel(page, today),
      '2',
      '1',
    ]);
    await expect(daily.getByRole('img', { name: /2 approved, 1 rejected/ })).toBeVisible();
    await shot(page, 'report');

    // The month dropdown (labelled Select Year, as the spec has it): this month of this year.
    const monthSelect = daily.getByLabel('Select Year');
    await expect(monthSelect.locator('option')).toHaveText(['Choose a month', ...MONTHS]);
    const m = now.getUTCMonth() + 1;
    await monthSelect.selectOption(String(m));
    const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
    await expect(daily.getByLabel('Start Date')).toHaveValue(`${year}-${String(m).padStart(2, '0')}-01`);
    await expect(daily.getByLabel('End Date')).toHaveValue(`${year}-${String(m).padStart(2, '0')}-${last}`);
    await expect(rows).toHaveCount(last + 1);
    await expect(
      rows
        .filter({ hasText: await dayLabel(page, today) })
        .getByRole('cell')
        .nth(1),
    ).toHaveText('2');

    // Yearly section: its own Select Year, this year and the 9 before.
    const yearly = page.getByRole('region', { name: 'Yearly report' });
    const yearSelect = yearly.getByLabel('Select Year');
    await expect(yearSelect).toHaveValue(String(year));
    await expect(yearSelect.locator('option')).toHaveText(Array.from({ length: 10 }, (_, i) => String(year - i)));
    await yearly.getByText('Show the numbers').click();
    const monthRow = yearly
      .getByRole('table')
      .getByRole('row')
      .filter({ hasText: MONTHS[m - 1] });
    await expect(monthRow.getByRole('cell')).toHaveText([MONTHS[m - 1], '2', '1']);
    await yearSelect.selectOption(String(year - 1));
    await expect(monthRow.getByRole('cell')).toHaveText([MONTHS[m - 1], '0', '0']);
    await shot(page, 'report-month-year');
  });

  test('Search Report: both dates required, then the chosen range', async ({ page }) => {
    const seller = await sellerWithDecisions();
    await loginAs(page, seller.email);
    await page.goto('/report');
    await idle(page);
    const daily = page.getByRole('region', { name: 'Daily report' });
    await expect(daily.getByLabel('Start Date')).toBeFocused();
    await daily.getByLabel('Start Date').fill('');
    await daily.getByRole('button', { name: 'Search Report' }).click();
    await expect(daily.getByText('Start Date is required')).toBeVisible();
    await shot(page, 'report-validation');

    const yesterday = iso(new Date(Date.UTC(year, now.getUTCMonth(), now.getUTCDate() - 1)));
    await daily.getByLabel('Start Date').fill(yesterday);
    await daily.getByLabel('End Date').fill(today);
    await daily.getByLabel('End Date').press('Enter');
    await expect(daily.getByText('Start Date is required')).toHaveCount(0);
    await daily.getByText('Show the numbers').click();
    const rows = daily.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: await dayLabel(page, yesterday) }).getByRole('cell')).toHaveText([
      await dayLabel(page, yesterday),
      '0',
      '0',
    ]);
    await expect(rows.filter({ hasText: await dayLabel(page, today) }).getByRole('cell')).toHaveText([
      await dayLabel(page, today),
      '2',
      '1',
    ]);
  });

  test('staff reach it from the sidebar and see all sellers', async ({ page }) => {
    await sellerWithDecisions();
    await loginAs(page, 'admin');
    await goVia(page, 'Report');
    await expect(page).toHaveURL(/\/report$/);
    const daily = page.getByRole('region', { name: 'Daily report' });
    await daily.getByText('Show the numbers').click();
    const row = daily
      .getByRole('table')
      .getByRole('row')
      .filter({ hasText: await dayLabel(page, today) });
    await expect(row.getByRole('cell').nth(1)).toHaveText(/^([2-9]|\d{2,})$/);
  });
});

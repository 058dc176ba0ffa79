import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { test, expect, loginAs, goVia, shot, idle, createUser, createOffer, pngBytes, unique } from './fixtures';

// The server counts report days in UTC (REPORT_TZ default): the browser's "today" must be the same day.
test.use({ timezoneId: 'UTC' });
test.setTimeout(300_000);

/** Tiny PNGs written to files, as a user would pick them. */
function pngFiles(names: string[]): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gcbo-e2e-img-'));
  return names.map((n, i) => {
    const p = path.join(dir, n);
    fs.writeFileSync(p, pngBytes(8 + i, 6 + i, [40 * i, 120, 200 - 30 * i]));
    return p;
  });
}

async function session(browser: Browser, who: string): Promise<Page> {
  const ctx = await browser.newContext({ timezoneId: 'UTC', viewport: { width: 1280, height: 800 }, baseURL: process.env.E2E_BASE_URL });
  const page = await ctx.newPage();
  await loginAs(page, who);
  return page;
}

const toast = (page: Page, text: string | RegExp) => page.locator('#notistack-snackbar').filter({ hasText: text }).first();
const thisMonth = () => new Date().toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });

test('the whole life of a gift card: submit, review, comment, pay, bulk pay, redeem, report', async ({ browser }) => {
  const files = pngFiles(['front.png', 'back.png', 'extra.png', 'comment.png']);
  const seller = await createUser('seller');
  const offer = await createOffer({ title: unique('Life Offer'), price_type: 0, min_price: 10, max_price: 500, rate_type: 0, rate: 10 });
  const cardNumber = unique('GC').replace(/\s+/g, '-').toUpperCase();
  const code = unique('PAY').replace(/\s+/g, '-');

  const sp = await session(browser, seller.email);
  const staff = await session(browser, 'admin');

  await test.step('the seller submits a card with two images', async () => {
    await goVia(sp, 'Gift Cards');
    await sp.getByRole('main').getByRole('link', { name: 'Add Gift Card' }).click();
    await expect(sp).toHaveURL(/\/add-gift-cards$/);
    await expect(sp.getByLabel('Offer')).toBeFocused();
    await sp.getByLabel('Offer').selectOption({ label: offer.title });
    await sp.getByLabel('Price').fill('600');
    await sp.getByLabel('Card Images').setInputFiles(files.slice(0, 3));
    await expect(sp.getByRole('img', { name: /^Preview of / })).toHaveCount(3);
    await sp.getByRole('button', { name: 'Remove extra.png' }).click();
    await expect(sp.getByRole('img', { name: /^Preview of / })).toHaveCount(2);
    await sp.getByRole('button', { name: 'Save' }).click();
    await expect(sp.getByText('Price not in range')).toBeVisible();
    await sp.getByLabel('Price').fill('100');
    await expect(sp.getByTestId('breakdown-rate')).toHaveText('$10.00');
    await expect(sp.getByTestId('breakdown-payable')).toHaveText('$90.00');
    await sp.getByLabel('Description').fill('Birthday present, unused');
    await shot(sp, 'card-add');
    await sp.getByRole('button', { name: 'Save' }).click();
    await expect(toast(sp, 'Gift card added successfully')).toBeVisible();
    // The form goes to the new card's page, so a second Save cannot look like a duplicate.
    await expect(sp).toHaveURL(/\/gift-card\/\d+$/);
    await expect(sp.getByRole('heading', { level: 1 }).getByTestId('status-badge')).toHaveText('Pending');
    await goVia(sp, 'Gift Cards');
    const row = sp.getByRole('row').filter({ hasText: offer.title });
    await expect(row).toContainText('Pending');
    await expect(row).toContainText('$100.00');
    await expect(sp.getByRole('columnheader', { name: 'Seller Info' })).toHaveCount(0);
    await shot(sp, 'card-list-seller');
  });

  await test.step('staff opens it, sets its number and approves it', async () => {
    await goVia(staff, 'Gift Cards');
    await idle(staff);
    const row = staff.getByRole('row').filter({ hasText: offer.title });
    await expect(row).toContainText(seller.name);
    await expect(row).toContainText(seller.email);
    await expect(staff.getByRole('main').getByRole('link', { name: 'Add Gift Card', exact: true })).toHaveCount(0);
    await shot(staff, 'card-list-staff');
    await row.getByRole('link', { name: /^View card/ }).click();
    await expect(staff.getByTestId('card-seller')).toHaveText(seller.name);
    await expect(staff.getByTestId('card-seller-email')).toHaveText(seller.email);
    await expect(staff.getByRole('list', { name: 'Card images' }).getByRole('listitem')).toHaveCount(2);
    await staff.getByRole('button', { name: 'View Card image 1' }).click();
    await expect(staff.getByRole('dialog', { name: 'Card image 1' }).getByRole('img')).toBeVisible();
    await staff.keyboard.press('Escape');
    await expect(staff.getByRole('dialog')).toHaveCount(0);
    await staff.getByRole('button', { name: 'Show Price' }).click();
    await expect(staff.getByTestId('breakdown-payable')).toHaveText('$90.00');
    await staff.getByLabel('Card Number').fill(cardNumber);
    await staff.getByLabel('Card Status').selectOption({ label: 'Approved' });
    await shot(staff, 'card-detail-staff');
    await staff.getByRole('button', { name: 'Save' }).click();
    await expect(toast(staff, 'Gift card updated successfully')).toBeVisible();
    await expect(staff.getByRole('heading', { name: new RegExp(cardNumber) })).toContainText('Approved');
  });

  await test.step('staff comments with an image', async () => {
    await expect(staff.getByText('No Comment yet')).toBeVisible();
    await staff.getByLabel('Comment Image').setInputFiles(files[3]);
    await expect(staff.getByRole('img', { name: 'Preview of comment.png' })).toBeVisible();
    await staff.getByRole('textbox', { name: /^Comment/ }).fill('Checked the photos: the number is readable.');
    await staff.getByRole('button', { name: 'Comment Now' }).click();
    await expect(toast(staff, 'Comment added successfully')).toBeVisible();
    const c = staff.getByRole('table', { name: 'Comments' }).getByRole('row').filter({ hasText: 'the number is readable' });
    await expect(c.getByRole('cell').nth(2)).toHaveText((await staff.getByTestId('user-name').textContent()) ?? '');
    await expect(c.getByRole('button', { name: /^View the image of comment/ })).toBeVisible();
    await expect(staff.getByText('No Comment yet')).toHaveCount(0);
    await shot(staff, 'card-comments');
  });

  await test.step('staff finds the card by its number', async () => {
    await goVia(staff, 'Gift Cards');
    await staff.getByRole('button', { name: 'Search Gift Card' }).click();
    const dlg = staff.getByRole('dialog', { name: 'Search Gift Card' });
    await expect(dlg.getByLabel('Card Number')).toBeFocused();
    await dlg.getByLabel('Card Number').fill('NO-SUCH-NUMBER');
    await dlg.getByLabel('Card Number').press('Enter');
    await expect(dlg.getByRole('alert')).toHaveText('No gift card found with this number');
    await dlg.getByLabel('Card Number').fill(cardNumber);
    await dlg.getByRole('button', { name: 'Search' }).click();
    const result = dlg.getByRole('table', { name: 'Search result' });
    await expect(result).toContainText(offer.title);
    await expect(result).toContainText(cardNumber);
    await expect(result).toContainText('$100.00');
    await expect(result).toContainText('$10.00');
    await expect(result).toContainText('Approved');
    await shot(staff, 'card-search');
    await dlg.getByRole('link', { name: 'View details' }).click();
    await expect(staff).toHaveURL(/\/gift-card\/\d+$/);
    await expect(staff.getByLabel('Card Number')).toHaveValue(cardNumber);
  });

  await test.step('staff pays part of it, then sees each refusal', async () => {
    await goVia(staff, 'Gift Cards');
    await staff.getByRole('button', { name: `Pay card ${cardNumber}` }).click();
    const dlg = staff.getByRole('dialog');
    await expect(dlg.getByTestId('pay-price')).toHaveText('$100.00');
    await expect(dlg.getByTestId('pay-rate')).toHaveText('$10.00');
    await expect(dlg.getByTestId('pay-payable')).toHaveText('$90.00');
    await expect(dlg.getByTestId('pay-paid')).toHaveText('$0.00');
    await expect(dlg.getByTestId('pay-due')).toHaveText('$90.00');
    await expect(dlg.getByLabel('Code')).toBeFocused();
    await expect(dlg.getByLabel('Amount')).toHaveValue('90.00');
    await dlg.getByLabel('Code').fill(code);
    await dlg.getByLabel('Amount').fill('30');
    await shot(staff, 'card-pay');
    await dlg.getByRole('button', { name: 'Apply' }).click();
    await expect(staff.getByRole('dialog')).toHaveCount(0);
    const row = staff.getByRole('row').filter({ hasText: cardNumber });
    // The column's place depends on the window's width (narrow, the seller and the number fold into the card's cell).
    const paidColumn = (await staff.getByRole('columnheader').allInnerTexts()).findIndex((h) => h.trim() === 'Paid Amount');
    await expect(row.getByRole('cell').nth(paidColumn)).toHaveText('$30.00');

    await staff.getByRole('button', { name: `Pay card ${cardNumber}` }).click();
    await expect(dlg.getByTestId('pay-due')).toHaveText('$60.00');
    await dlg.getByLabel('Code').fill(`${code}-2`);
    await dlg.getByLabel('Amount').fill('75');
    await dlg.getByLabel('Amount').press('Enter');
    await expect(toast(staff, 'Amount cannot be bigger $60.00')).toBeVisible();
    await dlg.getByLabel('Code').fill(code);
    await dlg.getByLabel('Amount').fill('10');
    await dlg.getByRole('button', { name: 'Apply' }).click();
    await expect(toast(staff, 'The code already used.')).toBeVisible();
    await shot(staff, 'card-pay-refused');
    await staff.keyboard.press('Escape');
    await expect(staff.getByRole('dialog')).toHaveCount(0);
  });

  await test.step('staff bulk-pays the rest to the seller', async () => {
    await goVia(staff, 'Seller Lists');
    const row = staff.getByRole('row').filter({ hasText: seller.email });
    await expect(row).toContainText('$60.00');
    await row.getByRole('button', { name: /Bulk Payment/ }).click();
    const dlg = staff.getByRole('dialog', { name: 'Bulk Payment' });
    await dlg.getByLabel('Code').fill(`${code}-bulk`);
    await dlg.getByRole('textbox', { name: 'Amount', exact: true }).fill('60');
    await dlg.getByRole('button', { name: 'Pay' }).click();
    await expect(toast(staff, 'Payment succeeded')).toBeVisible();
    await expect(row).toContainText('$0.00');
    await expect(row.getByRole('button', { name: /Bulk Payment/ })).toHaveCount(0);
  });

  await test.step('the seller sees the approval, a zero due, the payouts, and redeems one', async () => {
    await sp.reload();
    await expect(sp.getByTestId('seller-due')).toHaveText('Due: $0.00');
    await goVia(sp, 'Gift Cards');
    const row = sp.getByRole('row').filter({ hasText: cardNumber });
    await expect(row).toContainText('Approved');
    await expect(row).toContainText('$90.00');
    await expect(row.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
    await row.getByRole('link', { name: /^View card/ }).click();
    await expect(sp.getByText(/Only pending cards can be changed/)).toBeVisible();
    await expect(sp.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expect(sp.getByLabel('Card Status')).toHaveCount(0);
    await expect(sp.getByLabel('Card Number')).toHaveValue(cardNumber);
    await expect(sp.getByRole('table', { name: 'Comments' })).toContainText('the number is readable');
    await shot(sp, 'card-detail-seller');

    await goVia(sp, 'My Transaction');
    const table = sp.getByRole('table', { name: 'My transactions' });
    await expect(table.getByRole('row').filter({ hasText: code })).toHaveCount(2);
    await expect(table.getByRole('row').filter({ hasText: `${code}-bulk` })).toContainText('$60.00');
    const toggle = sp.getByLabel(`Redeem ${code}-bulk`, { exact: true });
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expect(toast(sp, 'REDEEM Status Updated.')).toBeVisible();
    await expect(sp.getByLabel(`Redeem ${code}-bulk`, { exact: true })).toBeChecked();
    await shot(sp, 'my-transactions');
  });

  await test.step('the dashboard and the report show the approval on this month and day', async () => {
    await goVia(sp, 'Dashboard');
    await expect(sp.getByTestId('showing-year')).toHaveText(`Showing Year: ${new Date().getUTCFullYear()}`);
    const monthRow = sp.getByRole('row').filter({ hasText: thisMonth() });
    await expect(monthRow.getByRole('cell').nth(1)).toHaveText('1');
    await expect(monthRow.getByRole('cell').nth(2)).toHaveText('0');
    await shot(sp, 'dashboard-seller');

    await sp.goto('/report');
    await idle(sp);
    const daily = sp.getByRole('region', { name: 'Daily report' });
    await daily.getByText('Show the numbers').click();
    const today = await sp.evaluate(() => new Date().toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }));
    const dayRow = daily.getByRole('row').filter({ hasText: today });
    await expect(dayRow.getByRole('cell').nth(1)).toHaveText('1');
    const yearly = sp.getByRole('region', { name: 'Yearly report' });
    await yearly.getByText('Show the numbers').click();
    await expect(yearly.getByRole('row').filter({ hasText: thisMonth() }).getByRole('cell').nth(1)).toHaveText('1');
    await shot(sp, 'report-seller');

    // Staff see every seller: at least this approval.
    await staff.goto('/');
    await idle(staff);
    const staffMonth = staff.getByRole('row').filter({ hasText: thisMonth() });
    await expect(staffMonth.getByRole('cell').nth(1)).toHaveText(/^[1-9]\d*$/);
    await shot(staff, 'dashboard-staff');
  });

  await sp.context().close();
  await staff.context().close();
});

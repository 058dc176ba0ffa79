import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  test,
  expect,
  loginAs,
  goVia,
  shot,
  idle,
  createUser,
  createOffer,
  createCard,
  approveCard,
  apiCall,
  pngBytes,
  unique,
} from './fixtures';

const toast = (page: Page, text: string | RegExp) => page.locator('#notistack-snackbar').filter({ hasText: text }).first();
const confirmDialog = (page: Page) => page.getByRole('dialog', { name: 'Are you sure?' });

function pngFile(name: string): string {
  const p = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gcbo-e2e-img-')), name);
  fs.writeFileSync(p, pngBytes(5, 5, [10, 200, 90]));
  return p;
}

test.describe('gift cards', () => {
  test('add form: required fields, fixed prices as a $ select, clear, maintenance offers hidden', async ({ page }) => {
    const seller = await createUser('seller');
    const fixed = await createOffer({ title: unique('Fixed Offer'), price_type: 1, fixed_price: [25, 50], rate_type: 1, rate: 2.5 });
    const paused = await createOffer({ title: unique('Paused Offer'), is_active: 0 });
    await loginAs(page, seller.email);
    await goVia(page, 'Add Gift Card');
    await expect(page).toHaveURL(/\/add-gift-card$/);
    await expect(page.getByLabel('Offer')).toBeFocused();
    await expect(page.getByLabel('Offer').locator('option', { hasText: paused.title })).toHaveCount(0);

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Offer is required')).toBeVisible();
    await expect(page.getByText('At least one image is required')).toBeVisible();

    await page.getByLabel('Offer').selectOption({ label: fixed.title });
    const price = page.getByLabel('Price');
    await expect(price.locator('option')).toHaveText(['Choose a price', '$25.00', '$50.00']);
    await price.selectOption({ label: '$50.00' });
    await expect(page.getByTestId('breakdown-rate')).toHaveText('$2.50');
    await expect(page.getByTestId('breakdown-payable')).toHaveText('$47.50');
    await page.getByLabel('Card Images').setInputFiles(pngFile('one.png'));
    await expect(page.getByRole('img', { name: 'Preview of one.png' })).toBeVisible();
    await shot(page, 'card-add-fixed');

    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(page.getByLabel('Offer')).toHaveValue('');
    await expect(page.getByRole('img', { name: /^Preview of/ })).toHaveCount(0);

    await page.getByRole('link', { name: 'Back To Lists' }).click();
    await expect(page).toHaveURL(/\/gift-cards$/);
    await expect(page.getByText('No gift cards yet')).toBeVisible();
  });

  test('seller list: pagination over 5, delete with confirmation', async ({ page }) => {
    const seller = await createUser('seller');
    const offer = await createOffer({ title: unique('Paged Offer') });
    for (let i = 1; i <= 6; i++) await createCard(seller.email, offer.id, 10 + i);
    await loginAs(page, seller.email);
    await goVia(page, 'Gift Cards');
    const rows = page.getByRole('table', { name: 'Gift cards' }).getByRole('row');
    await expect(rows).toHaveCount(6); // header + 5
    await expect(rows.nth(1)).toContainText('$16.00');
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pager).toBeVisible();
    await shot(page, 'card-list-pagination');
    await pager.getByRole('button', { name: '2', exact: true }).click();
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText('$11.00');

    // Delete: Cancel keeps the card, confirming deletes it and the pagination goes away.
    await rows
      .nth(1)
      .getByRole('button', { name: /^Delete card/ })
      .click();
    await expect(confirmDialog(page)).toContainText("Are you sure? You won't be able to revert this!");
    await confirmDialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(rows).toHaveCount(2);
    await rows
      .nth(1)
      .getByRole('button', { name: /^Delete card/ })
      .click();
    await confirmDialog(page).getByRole('button', { name: 'Yes, delete it!' }).click();
    await expect(toast(page, 'Gift card deleted successfully')).toBeVisible();
    await expect(rows).toHaveCount(6);
    await expect(pager).toHaveCount(0);
  });

  test('seller edits a pending card: number read-only, no status, new and removed images', async ({ page }) => {
    const seller = await createUser('seller');
    const offer = await createOffer({ title: unique('Edit Offer'), min_price: 10, max_price: 200, rate_type: 0, rate: 5 });
    const id = await createCard(seller.email, offer.id, 40, { description: 'first' });
    await loginAs(page, seller.email);
    await page.goto(`/gift-card/${id}`);
    await expect(page.getByLabel('Offer')).toBeFocused();
    await expect(page.getByLabel('Card Number')).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('Card Status')).toHaveCount(0);
    await expect(page.getByText('Admin Option')).toHaveCount(0);
    const images = page.getByRole('list', { name: 'Card images' }).getByRole('listitem');
    await expect(images).toHaveCount(1);

    await page.getByLabel('Price').fill('250');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Price not in range')).toBeVisible();
    await page.getByLabel('Price').fill('60');
    await page.getByRole('button', { name: 'Show Price' }).click();
    await expect(page.getByTestId('breakdown-rate')).toHaveText('$3.00');
    await expect(page.getByTestId('breakdown-payable')).toHaveText('$57.00');
    await page.getByLabel('New Images').setInputFiles(pngFile('new.png'));
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Gift card updated successfully')).toBeVisible();
    await expect(images).toHaveCount(2);
    await expect(page.getByLabel('Price')).toHaveValue('60.00');

    await page.getByRole('button', { name: 'Remove Card image 1' }).click();
    await confirmDialog(page).getByRole('button', { name: 'Yes, delete it!' }).click();
    await expect(toast(page, 'Image deleted successfully')).toBeVisible();
    await expect(images).toHaveCount(1);
    await shot(page, 'card-edit-seller');
  });

  test('staff: a pending card cannot be paid (icon disabled, with why); comments paginate and delete', async ({ page }) => {
    const seller = await createUser('seller');
    const offer = await createOffer({ title: unique('Staff Offer') });
    const cardNumber = unique('NUM').replace(/\s+/g, '-');
    const id = await createCard(seller.email, offer.id, 80, { cardNumber });
    for (let i = 1; i <= 6; i++) {
      const r = await apiCall('POST', `add-gift-card/${id}`, { as: 'admin', body: { comment: `Note number ${i}` } });
      expect(r.status).toBe(200);
    }
    await loginAs(page, 'manager');
    await goVia(page, 'Gift Cards');
    const payButton = page.getByRole('button', { name: `Pay card ${cardNumber}` });
    await expect(payButton).toBeDisabled();
    await payButton.locator('..').hover();
    await expect(page.getByRole('tooltip')).toHaveText('Card not approved');

    await page.getByRole('link', { name: `View card ${cardNumber}` }).click();
    await expect(page.getByLabel('Card Number')).not.toHaveAttribute('readonly', '');
    await expect(page.getByText('Admin Option')).toBeVisible();
    const comments = page.getByRole('table', { name: 'Comments' }).getByRole('row');
    await expect(comments).toHaveCount(6);
    await expect(comments.nth(1)).toContainText('Note number 6');
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await pager.getByRole('button', { name: '2', exact: true }).click();
    await expect(comments).toHaveCount(2);
    await expect(comments.nth(1)).toContainText('Note number 1');
    await comments
      .nth(1)
      .getByRole('button', { name: /^Delete comment/ })
      .click();
    await confirmDialog(page).getByRole('button', { name: 'Yes, delete it!' }).click();
    await expect(toast(page, 'Comment deleted successfully')).toBeVisible();
    await expect(comments).toHaveCount(6);
    await expect(pager).toHaveCount(0);
    await shot(page, 'card-comments-staff');

    // An approved card with a payment cannot go back to pending, nor change offer or price: shown locked, with why.
    await approveCard(id);
    await apiCall('POST', 'transaction', {
      as: 'admin',
      body: { code: unique('X').replace(/\s+/g, '-'), transaction_amount: 1, gidcard_id: id, seller_id: seller.id },
    });
    await page.reload();
    await idle(page);
    await expect(page.getByTestId('paid-lock')).toContainText('This card has payments');
    await expect(page.getByLabel('Card Status')).toBeDisabled();
    await expect(page.getByLabel('Offer')).toBeDisabled();
    await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0);
    // What may still change does: the description.
    await page.getByLabel('Description').fill('Checked after payment');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Gift card updated successfully')).toBeVisible();
  });

  test('staff search finds a number typed in lower case or without its dashes', async ({ page }) => {
    const offer = await createOffer({ title: unique('Typed Offer') });
    const seller = await createUser('seller');
    const number = `AMZ-${Date.now() % 100000}-7781`;
    await createCard(seller.email, offer.id, 20, { cardNumber: number });
    await loginAs(page, 'admin');
    await goVia(page, 'Gift Cards');
    for (const typed of [number.toLowerCase(), number.replace(/-/g, '')]) {
      await page.getByRole('button', { name: 'Search Gift Card' }).click();
      const dlg = page.getByRole('dialog', { name: 'Search Gift Card' });
      await dlg.getByLabel('Card Number').fill(typed);
      await dlg.getByLabel('Card Number').press('Enter');
      await expect(dlg.getByText(number)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dlg).toHaveCount(0);
    }
  });

  test('seller search finds only their own cards', async ({ page }) => {
    const offer = await createOffer({ title: unique('Other Offer') });
    const other = await createUser('seller');
    const number = unique('OTHER').replace(/\s+/g, '-');
    await createCard(other.email, offer.id, 20, { cardNumber: number });
    await loginAs(page, 'seller2');
    await goVia(page, 'Gift Cards');
    await page.getByRole('button', { name: 'Search Gift Card' }).click();
    const dlg = page.getByRole('dialog', { name: 'Search Gift Card' });
    await dlg.getByLabel('Card Number').fill(number);
    await dlg.getByLabel('Card Number').press('Enter');
    await expect(dlg.getByRole('alert')).toHaveText('No gift card found with this number');
    await shot(page, 'card-search-not-found');
    await page.keyboard.press('Escape');
    await expect(dlg).toHaveCount(0);
  });
});

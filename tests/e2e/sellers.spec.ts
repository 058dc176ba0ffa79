import { test, expect, loginAs, shot, idle, sellerWithDue, createUser } from './fixtures';

test.describe('sellers', () => {
  test('list: name, email, Due, Trust (issue 54); Bulk Payment only when due is above 0', async ({ page }) => {
    const { seller } = await sellerWithDue(100, 10); // due $90.00
    const broke = await createUser('seller');
    await loginAs(page, 'admin');
    await page.goto('/sellers');
    const table = page.getByRole('table', { name: 'Sellers' });
    await expect(table.getByRole('columnheader')).toHaveText(['Seller name', 'Seller Email', 'Due', 'Trust', 'Action']);
    const row = table.getByRole('row').filter({ hasText: seller.email });
    await expect(row.getByRole('cell').nth(0)).toHaveText(seller.name);
    await expect(row.getByRole('cell').nth(2)).toHaveText('$90.00');
    await expect(row.getByRole('button', { name: /Bulk Payment/ })).toBeVisible();
    const none = table.getByRole('row').filter({ hasText: broke.email });
    await expect(none.getByRole('cell').nth(2)).toHaveText('$0.00');
    await expect(none.getByRole('button', { name: /Bulk Payment/ })).toHaveCount(0);
    await shot(page, 'sellers-list');
  });

  test('Add Seller opens the create user form with Seller chosen', async ({ page }) => {
    await loginAs(page, 'manager');
    await page.goto('/sellers');
    await page.getByRole('link', { name: 'Add Seller' }).click();
    await expect(page).toHaveURL(/\/create\/user\?role=seller$/);
    await expect(page.getByLabel('User Role')).toHaveValue('seller');
  });

  test('bulk payment: validation, success, seller due and code reuse', async ({ page }) => {
    const { seller } = await sellerWithDue(100, 10); // due $90.00
    await loginAs(page, 'admin');
    await page.goto('/sellers');
    const row = page.getByRole('row').filter({ hasText: seller.email });
    await row.getByRole('button', { name: `Bulk Payment for ${seller.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk Payment' });
    await expect(dialog.getByLabel('Name')).toHaveValue(seller.name);
    await expect(dialog.getByLabel('Payable amount')).toHaveValue('$90.00');
    await expect(dialog.getByLabel('Code')).toBeFocused();
    await shot(page, 'sellers-bulk-payment');

    await dialog.getByLabel(/^Amount/).fill('0');
    await dialog.getByRole('button', { name: 'Pay' }).click();
    await expect(dialog.getByText('Payment code is empty')).toBeVisible();
    await expect(dialog.getByText('Paid amount can not be Zero')).toBeVisible();
    await dialog.getByLabel(/^Amount/).fill('90.01');
    await dialog.getByRole('button', { name: 'Pay' }).click();
    await expect(dialog.getByText('Paid amount could not be large than due.')).toBeVisible();

    // Escape closes without paying.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await row.getByRole('button', { name: `Bulk Payment for ${seller.name}` }).click();

    const code = `BULK-${Date.now()}`;
    await dialog.getByLabel('Code').fill(code);
    await dialog.getByLabel(/^Amount/).fill('40.50');
    await dialog.getByLabel(/^Amount/).press('Enter');
    await expect(page.getByText('Payment succeeded')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row.getByRole('cell').nth(2)).toHaveText('$49.50');

    // The same code again: the server's errorMsg is shown and the dialog stays.
    await row.getByRole('button', { name: `Bulk Payment for ${seller.name}` }).click();
    await dialog.getByLabel('Code').fill(code);
    await dialog.getByLabel(/^Amount/).fill('1');
    await dialog.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByText('The code already used.')).toBeVisible();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await idle(page);

    // The seller sees the new due in the top bar and the payout in My Transaction.
    await page.getByRole('button', { name: 'Logout' }).click();
    await loginAs(page, seller.email);
    await expect(page.getByTestId('seller-due')).toHaveText('Due: $49.50');
    await page.goto('/my-transaction');
    await expect(page.getByRole('row').filter({ hasText: code })).toContainText('$40.50');
  });
});

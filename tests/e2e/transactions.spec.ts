import { test, expect, loginAs, shot, idle, sellerWithDue, createTransaction, pickSeller } from './fixtures';

test.describe('transactions', () => {
  test('create: validation, Clear, server refusal, success in the list', async ({ page }) => {
    const { seller } = await sellerWithDue(100, 10); // due $90.00
    await loginAs(page, 'admin');
    await page.goto('/transactions');
    await page.getByRole('link', { name: 'Create Transaction' }).click();
    await expect(page).toHaveURL(/\/create-transaction$/);
    await expect(page.getByLabel('Seller')).toBeFocused();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Seller is required')).toBeVisible();
    await expect(page.getByText('Transaction Amount is required')).toBeVisible();
    await expect(page.getByText('Code is required')).toBeVisible();
    await shot(page, 'transaction-create-validation');

    // The typeahead's option tells the seller's due; part of the name finds the seller.
    await pickSeller(page, seller.name, { typed: seller.name.slice(0, -2), optionText: `${seller.name} (due $90.00)` });
    await page.getByLabel('Transaction Amount').fill('12.345');
    await page.getByLabel('Code').fill('X');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Transaction Amount must be an amount with at most 2 decimals')).toBeVisible();
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(page.getByLabel('Seller')).toHaveValue('');
    await expect(page.getByLabel('Transaction Amount')).toHaveValue('');
    await expect(page.getByLabel('Code')).toHaveValue('');

    const code = `TX-${Date.now()}`;
    await pickSeller(page, seller.name);
    await page.getByLabel('Transaction Amount').fill('95');
    await page.getByLabel('Code').fill(code);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Amount cannot be bigger $90.00')).toBeVisible();
    await expect(page).toHaveURL(/\/create-transaction$/);

    await page.getByLabel('Transaction Amount').fill('30');
    await page.getByLabel('Code').press('Enter');
    await expect(page.getByText('Transaction created successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/transactions$/);
    const table = page.getByRole('table', { name: 'Transactions' });
    await expect(table.getByRole('columnheader')).toHaveText(['Seller', 'Code', 'Transactions Amount', 'Is Redeem', 'Date', 'Action']);
    const row = table.getByRole('row').filter({ hasText: code });
    await expect(row.getByRole('cell').nth(0)).toHaveText(seller.name);
    await expect(row.getByRole('cell').nth(2)).toHaveText('$30.00');
    await expect(row.getByRole('cell').nth(3)).toHaveText('No');
    await shot(page, 'transactions-list');
  });

  test('edit: loads the payout, saves the change', async ({ page }) => {
    const { seller } = await sellerWithDue(100, 10);
    const code = await createTransaction(seller.id, 20);
    await loginAs(page, 'manager');
    await page.goto('/transactions');
    await page.getByRole('button', { name: `Edit transaction ${code}` }).click();
    await expect(page).toHaveURL(/\/edit-transaction\/\d+$/);
    await expect(page.getByLabel('Seller')).toHaveValue(seller.name);
    await expect(page.getByLabel('Transaction Amount')).toHaveValue('20.00');
    await expect(page.getByLabel('Code')).toHaveValue(code);
    await shot(page, 'transaction-edit');
    await page.getByLabel('Transaction Amount').fill('25.75');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Transaction updated successfully')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: code }).getByRole('cell').nth(2)).toHaveText('$25.75');
  });

  test('a transaction that does not exist shows an error state', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/edit-transaction/999999');
    await expect(page.getByRole('alert').filter({ hasText: 'This transaction does not exist.' })).toBeVisible();
  });

  test('My Transaction: the seller redeems a payout', async ({ page }) => {
    const { seller } = await sellerWithDue(200, 10); // due $180.00
    const code = await createTransaction(seller.id, 60);
    await loginAs(page, seller.email);
    await expect(page.getByTestId('seller-due')).toHaveText('Due: $120.00');
    await page.getByRole('link', { name: 'My Transaction' }).click();
    await expect(page).toHaveURL(/\/my-transaction$/);
    const table = page.getByRole('table', { name: 'My transactions' });
    await expect(table.getByRole('columnheader')).toHaveText(['Code', 'Amount', 'Date', 'Redeem']);
    const row = table.getByRole('row').filter({ hasText: code });
    await expect(row.getByRole('cell').nth(1)).toHaveText('$60.00');
    const toggle = row.getByRole('switch', { name: `Redeem ${code}` }).or(row.getByRole('checkbox', { name: `Redeem ${code}` }));
    await expect(toggle).not.toBeChecked();
    await shot(page, 'my-transaction');
    await toggle.click();
    await expect(page.getByText('REDEEM Status Updated.')).toBeVisible();
    await idle(page);
    await expect(toggle).toBeChecked();
    await expect(page.getByText('Switch Redeem on once you have received the money', { exact: false })).toBeVisible();
    // Switching it back asks first; Cancel keeps it redeemed.
    await toggle.click();
    const undo = page.getByRole('dialog', { name: 'Undo the redeem?' });
    await expect(undo).toContainText(`Mark payout ${code} as not redeemed?`);
    await undo.getByRole('button', { name: 'Cancel' }).click();
    await expect(undo).toBeHidden();
    await expect(toggle).toBeChecked();

    // Staff see it redeemed.
    await page.getByRole('button', { name: 'Logout' }).click();
    await loginAs(page, 'admin');
    await page.goto('/transactions');
    await expect(page.getByRole('row').filter({ hasText: code }).getByRole('cell').nth(3)).toHaveText('Yes');
  });

  test('a seller with no payouts sees the empty state', async ({ page }) => {
    await loginAs(page, 'seller2');
    await page.goto('/my-transaction');
    await expect(page.getByText('No transactions yet')).toBeVisible();
  });
});

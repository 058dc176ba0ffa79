import { test, expect, loginAs, shot, idle, unique, createOffer, createCard } from './fixtures';

test.describe('gift card offers', () => {
  test('list: Card Name, Status, Rate as % or Fixed with its amount, Prices', async ({ page }) => {
    const pct = await createOffer({ rate_type: 0, rate: 12.5 });
    const fixed = await createOffer({ rate_type: 1, rate: 3, is_active: 0 });
    await loginAs(page, 'admin');
    await page.goto('/gift-card-offer');
    const table = page.getByRole('table', { name: 'Gift card offers' });
    await expect(table.getByRole('columnheader')).toHaveText(['Card Name', 'Status', 'Rate', 'Prices', 'Action']);
    const pRow = table.getByRole('row').filter({ hasText: pct.title });
    await expect(pRow.getByRole('cell').nth(1)).toHaveText('Active');
    await expect(pRow.getByRole('cell').nth(2)).toHaveText('12.5%');
    await expect(pRow.getByRole('cell').nth(3)).toHaveText('$10.00 – $500.00');
    const fRow = table.getByRole('row').filter({ hasText: fixed.title });
    await expect(fRow.getByRole('cell').nth(1)).toHaveText('Maintenance');
    await expect(fRow.getByRole('cell').nth(2)).toHaveText('Fixed $3.00');
    await shot(page, 'offers-list');
  });

  test('add a range offer: validation, then success', async ({ page }) => {
    await loginAs(page, 'manager');
    await page.goto('/gift-card-offer');
    await page.getByRole('link', { name: 'Add Gift Card Offer' }).first().click();
    await expect(page).toHaveURL(/\/add-gift-card-offer$/);
    await expect(page.getByLabel(/^Title/)).toBeFocused();
    await expect(page.getByLabel('Status')).toHaveValue('1');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Title is required')).toBeVisible();
    await expect(page.getByText('Min Price is required')).toBeVisible();
    await expect(page.getByText('Max Price is required')).toBeVisible();
    await expect(page.getByText('Rate is required')).toBeVisible();
    await page.getByLabel('Min Price').fill('100');
    await page.getByLabel('Max Price').fill('50');
    await page.getByLabel('Rate (%)').fill('150');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Max Price must be at least the Min Price')).toBeVisible();
    await expect(page.getByText('Rate may not be more than 100 percent')).toBeVisible();
    await page.getByLabel('Min Price').fill('10.555');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Min Price must be an amount with at most 2 decimals')).toBeVisible();
    await shot(page, 'offer-add-validation');

    const title = unique('Range Offer');
    await page.getByLabel(/^Title/).fill(title);
    await page.getByLabel('Min Price').fill('25');
    await page.getByLabel('Max Price').fill('250.50');
    await page.getByLabel('Rate (%)').fill('7.5');
    await page.getByLabel('Rate (%)').press('Enter');
    await expect(page.getByText('Gift card offer created successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/gift-card-offer$/);
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('Active');
    await expect(row).toContainText('7.5%');
  });

  test('add a fixed-price offer: chips add and remove, Enter price', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/add-gift-card-offer');
    const title = unique('Fixed Offer');
    await page.getByLabel(/^Title/).fill(title);
    await page.getByLabel('Status').selectOption({ label: 'Pending' });
    await page.getByLabel('Price Type').selectOption({ label: 'Fixed' });
    await expect(page.getByLabel('Min Price')).toHaveCount(0);
    await page.getByRole('button', { name: 'Add Price' }).click();
    await expect(page.getByText('Enter price')).toBeVisible();
    await page.getByLabel('Rate Type').selectOption({ label: 'Fixed' });
    await page.getByLabel('Rate ($)').fill('2.5');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Add at least one price')).toBeVisible();

    const price = page.getByLabel('Fixed Price');
    await price.fill('50');
    await page.getByRole('button', { name: 'Add Price' }).click();
    await price.fill('25');
    await price.press('Enter'); // Enter adds a price, it does not submit
    await price.fill('100');
    await price.press('Enter');
    const chips = page.getByRole('list', { name: 'Price list' });
    await expect(chips.getByRole('button')).toHaveText(['$25.00', '$50.00', '$100.00']);
    await shot(page, 'offer-add-fixed');
    await chips.getByRole('button', { name: 'Remove price $100.00' }).locator('.MuiChip-deleteIcon').click();
    await expect(chips.getByRole('button')).toHaveText(['$25.00', '$50.00']);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Gift card offer created successfully')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('Maintenance');
    await expect(row).toContainText('Fixed');

    // Edit shows the saved prices.
    await row.getByRole('button', { name: `Edit ${title}` }).click();
    await expect(page).toHaveURL(/\/edit-gift-card-offer\/\d+$/);
    await expect(page.getByLabel('Price Type')).toHaveValue('1');
    await expect(page.getByRole('list', { name: 'Price list' }).getByRole('button')).toHaveText(['$25.00', '$50.00']);
    await expect(page.getByLabel('Rate ($)')).toHaveValue('2.50');
  });

  test('edit an offer', async ({ page }) => {
    const offer = await createOffer({ min_price: 10, max_price: 90, rate: 5 });
    await loginAs(page, 'admin');
    await page.goto(`/edit-gift-card-offer/${offer.id}`);
    await expect(page.getByLabel(/^Title/)).toHaveValue(offer.title);
    await expect(page.getByLabel('Min Price')).toHaveValue('10.00');
    await expect(page.getByLabel('Max Price')).toHaveValue('90.00');
    await expect(page.getByLabel('Rate (%)')).toHaveValue('5');
    await shot(page, 'offer-edit');
    const renamed = `${offer.title} v2`;
    await page.getByLabel(/^Title/).fill(renamed);
    await page.getByLabel('Status').selectOption({ label: 'Maintenance' });
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Gift card offer updated successfully')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: renamed });
    await expect(row).toContainText('Maintenance');
  });

  test('an offer that does not exist shows an error state', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/edit-gift-card-offer/999999');
    await expect(page.getByRole('alert').filter({ hasText: 'This offer does not exist.' })).toBeVisible();
  });

  test('delete: confirmed delete succeeds; an offer with cards shows the server refusal', async ({ page }) => {
    const free = await createOffer();
    const used = await createOffer();
    await createCard('seller', used.id, 50);
    await loginAs(page, 'admin');
    await page.goto('/gift-card-offer');
    await page.getByRole('button', { name: `Delete ${free.title}` }).click();
    await expect(page.getByRole('dialog')).toContainText("Are you sure? You won't be able to revert this!");
    await page.getByRole('button', { name: 'Yes, delete it!' }).click();
    await expect(page.getByText('Deleted! Delete Success.')).toBeVisible();
    await idle(page);
    await expect(page.getByRole('row').filter({ hasText: free.title })).toHaveCount(0);

    await page.getByRole('button', { name: `Delete ${used.title}` }).click();
    await page.getByRole('button', { name: 'Yes, delete it!' }).click();
    await expect(page.getByText('This offer has gift cards and cannot be deleted; put it in maintenance instead')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: used.title })).toHaveCount(1);
  });

  test('pagination only when there are more than 10 offers', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/gift-card-offer');
    await idle(page);
    const existing = await page.getByRole('table', { name: 'Gift card offers' }).getByRole('row').count();
    // Bring the total above 10.
    for (let i = existing - 1; i <= 11; i++) await createOffer();
    await page.reload();
    const nav = page.getByRole('navigation', { name: 'Pagination' });
    await expect(nav.getByRole('button', { name: '2', exact: true })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Gift card offers' }).getByRole('row')).toHaveCount(11);
    await nav.getByRole('button', { name: 'Next' }).click();
    await expect(nav.getByRole('button', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');
    await shot(page, 'offers-pagination');
  });

  test('an offer says what its codes look like (issue 52): examples as helper text, checked, kept on edit', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/add-gift-card-offer');
    const pattern = page.getByLabel('Code Pattern');
    await expect(page.getByText(/XXXX-XXXXXX-XXXX \(Amazon\)/)).toBeVisible();
    const title = unique('Pattern Offer');
    await page.getByLabel(/^Title/).fill(title);
    await page.getByLabel('Min Price').fill('10');
    await page.getByLabel('Max Price').fill('100');
    await page.getByLabel('Rate (%)').fill('5');
    await pattern.fill('XXXX_XXXX');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByText('Code Pattern must be groups of 9 (a digit), A (a letter) and X (either), e.g. XXXX-XXXXXX-XXXX'),
    ).toBeVisible();
    await pattern.fill('9999 9999 9999 9999');
    await page.getByLabel('Check Digit').selectOption('luhn');
    // The example fits the pattern, its last digit a valid check digit.
    const example = page.getByText(/^A code looks like \d{4} \d{4} \d{4} \d{4}$/);
    await expect(example).toBeVisible();
    await shot(page, 'offer-code-pattern');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Gift card offer created successfully')).toBeVisible();
    await page
      .getByRole('row')
      .filter({ hasText: title })
      .getByRole('button', { name: `Edit ${title}` })
      .click();
    await expect(page.getByLabel('Code Pattern')).toHaveValue('9999 9999 9999 9999');
    await expect(page.getByLabel('Check Digit')).toHaveValue('luhn');
  });
});

import { test, expect, loginAs, createUser, createOffer, createCard, unique } from './fixtures';

/** Issue 55, round four: the review frictions of the card list, the dashboard and the reject dialog. */

test.describe('frictions (issue 55, round four)', () => {
  test('the Reviews overdue tile opens the overdue cards, not every pending one', async ({ page }) => {
    const seller = await createUser('seller');
    const offer = await createOffer({ title: unique('On Time') });
    // Due for review an hour after it was sent: pending, not overdue.
    const card = await createCard(seller.email, offer.id, 40);
    await loginAs(page, 'admin');
    await page
      .getByRole('list', { name: 'Key figures' })
      .getByRole('link', { name: /Reviews overdue/ })
      .click();
    await expect(page).toHaveURL(/\/gift-cards\?status=0&overdue=1&sort=review_due$/);
    const chips = page.getByRole('list', { name: 'Active filters' });
    await expect(chips.getByRole('button', { name: 'Remove filter Review: Overdue' })).toBeVisible();

    // This seller's one card is on time: the overdue list has none of theirs, the pending list has it.
    await page.goto(`/gift-cards?status=0&overdue=1&sort=review_due&seller_id=${seller.id}`);
    await expect(page.getByTestId('filter-bar').getByRole('status')).toHaveText('0 cards');
    await expect(page.getByTestId(`card-row-${card}`)).toHaveCount(0);
    await chips.getByRole('button', { name: 'Remove filter Review: Overdue' }).click();
    await expect(page.getByTestId(`card-row-${card}`)).toBeVisible();
  });
});

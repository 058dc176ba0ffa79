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

  test('the Pending tab opens with the cards due for review first, unless the URL says how to sort', async ({ page }) => {
    const seller = await createUser('seller');
    const quick = await createOffer({ title: unique('Quick Target'), review_minutes: 300 });
    const slow = await createOffer({ title: unique('Slow Target'), review_minutes: 600 });
    // Sent first but due in 5 hours; sent last (the newest) but due in 10 hours. (Neither becomes overdue during the run:
    // an overdue card left on the shared server would come first in other specs' review queues.)
    const dueFirst = await createCard(seller.email, quick.id, 20);
    const newest = await createCard(seller.email, slow.id, 30);
    await loginAs(page, 'admin');
    await page.goto(`/gift-cards?seller_id=${seller.id}`);
    const rows = page.getByRole('table', { name: 'Gift cards' }).locator('[data-testid^="card-row-"]');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toHaveAttribute('data-testid', `card-row-${newest}`);

    await page.getByRole('tab', { name: /^Pending/ }).click();
    await expect(page).toHaveURL(/[?&]sort=review_due(&|$)/);
    await expect(rows.first()).toHaveAttribute('data-testid', `card-row-${dueFirst}`);
    await expect(page.getByRole('button', { name: 'Remove filter Sort: Due for review first' })).toBeVisible();

    // A link to the Pending tab that names no order (the queue's end goes there) opens due first too.
    await page.goto(`/gift-cards?status=0&seller_id=${seller.id}`);
    await expect(rows.first()).toHaveAttribute('data-testid', `card-row-${dueFirst}`);

    // The other tabs open newest first again; a sort the URL chose stays.
    await page.getByRole('tab', { name: /^All/ }).click();
    await expect(page).not.toHaveURL(/sort=/);
    await page.goto(`/gift-cards?seller_id=${seller.id}&sort=-price`);
    await page.getByRole('tab', { name: /^Pending/ }).click();
    await expect(page).toHaveURL(/[?&]sort=-price(&|$)/);
    await expect(rows.first()).toHaveAttribute('data-testid', `card-row-${newest}`);
  });

  test('the reject dialog numbers its reasons, as its keys 1-6 pick them', async ({ page }) => {
    const seller = await createUser('seller');
    const offer = await createOffer({ title: unique('Numbered Reasons') });
    const card = await createCard(seller.email, offer.id, 25);
    await loginAs(page, 'admin');
    await page.goto(`/gift-card/${card}`);
    await page.getByRole('button', { name: 'Reject' }).click();
    const dlg = page.getByRole('dialog', { name: /^Reject card/ });
    await expect(dlg).toContainText('Keys 1-6 pick the reason.');
    await expect(dlg.getByLabel('Reason').locator('option:not([value=""])')).toHaveText([
      '1. Unreadable image',
      '2. Already used or zero balance',
      '3. Duplicate',
      '4. Wrong card or offer',
      '5. Suspected fraud',
      '6. Other',
    ]);
    await page.keyboard.press('4');
    await expect(dlg.getByLabel('Reason')).toHaveValue('wrong_card');
  });
});

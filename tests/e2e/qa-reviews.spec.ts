import { test, expect, loginAs, idle, sidebar, apiCall, createUser, createOffer, createCard, approveCard, unique } from './fixtures';

/**
 * Issue 54: QA sampling. With every approval sampled, an admin's approval waits for a second look; a manager gives it
 * blind (no first decision shown) and disagrees; the admin resolves the disagreement; the card's history shows it.
 */
test.setTimeout(120_000);

test('a sampled approval: blind second look by a manager, disagreement resolved by an admin, in the history', async ({ browser }) => {
  const before = (await apiCall('GET', 'qa-policy', { as: 'admin' })).body.data as { decision: string; percent: number }[];
  const approveShare = before.find((p) => p.decision === 'approve')!.percent;
  await apiCall('PUT', 'qa-policy', { as: 'admin', body: { decision: 'approve', percent: 100 } });
  try {
    const seller = await createUser('seller');
    const offer = await createOffer({ title: unique('QA Offer') });
    const cardId = await createCard(seller.email, offer.id, 40);
    await approveCard(cardId);

    const manager = await (await browser.newContext({ baseURL: process.env.E2E_BASE_URL })).newPage();
    await test.step('the manager finds the sample in Open, with the first decision hidden, and looks again', async () => {
      await loginAs(manager, 'manager');
      await sidebar(manager).getByRole('link', { name: 'QA reviews' }).click();
      await expect(manager.getByRole('heading', { level: 1, name: 'QA reviews' })).toBeVisible();
      const row = manager.getByRole('row').filter({ hasText: `#${cardId}` });
      await expect(row).toContainText('Hidden until the second look');
      await row.getByRole('button', { name: `Look again at card #${cardId}` }).click();
      const dialog = manager.getByRole('dialog', { name: `Second look at card #${cardId}` });
      await expect(dialog.getByRole('img', { name: 'Card photo 1' })).toBeVisible();
      await expect(dialog.getByTestId('qa-card-facts')).toContainText('$40.00');
      await expect(dialog).not.toContainText('Approved');
      await dialog.getByRole('radio', { name: 'Reject' }).check();
      await dialog.getByRole('button', { name: 'Record my decision' }).click();
      await expect(dialog.getByText('is required to reject')).toBeVisible();
      await dialog.getByLabel('Reason').selectOption({ label: 'Wrong card or offer' });
      await dialog.getByRole('button', { name: 'Record my decision' }).click();
      await expect(manager.locator('#notistack-snackbar').filter({ hasText: 'you disagree with the first decision' })).toBeVisible();
      await expect(manager.getByRole('row').filter({ hasText: `#${cardId}` })).toHaveCount(0);
    });

    const admin = await (await browser.newContext({ baseURL: process.env.E2E_BASE_URL })).newPage();
    await test.step('the admin resolves it from Disagreements; it moves to Done', async () => {
      await loginAs(admin, 'admin');
      await admin.goto('/qa-reviews?status=disagreed');
      const row = admin.getByRole('row').filter({ hasText: `#${cardId}` });
      await expect(row).toContainText('Approve');
      await expect(row).toContainText('Reject: Wrong card or offer');
      await row.getByRole('button', { name: `Resolve card #${cardId}` }).click();
      const dialog = admin.getByRole('dialog', { name: `Resolve the disagreement on card #${cardId}` });
      await dialog.getByRole('radio', { name: 'The first decision' }).check();
      await dialog.getByRole('textbox', { name: 'Why' }).fill('The brand matches the offer');
      await dialog.getByRole('textbox', { name: 'Why' }).press('Enter');
      await expect(admin.locator('#notistack-snackbar').filter({ hasText: 'Disagreement resolved.' })).toBeVisible();
      await admin.getByRole('tab', { name: 'Done' }).click();
      await expect(admin).toHaveURL(/status=done/);
      await expect(admin.getByRole('row').filter({ hasText: `#${cardId}` })).toContainText(
        'First decision right: The brand matches the offer',
      );
    });

    await test.step("the card's history shows the QA outcome to staff", async () => {
      await admin.goto(`/gift-card/${cardId}`);
      await idle(admin);
      await admin.getByRole('tab', { name: 'History' }).click();
      await expect(admin.getByText('QA disagreement resolved: the approval was right (The brand matches the offer)')).toBeVisible();
    });
  } finally {
    await apiCall('PUT', 'qa-policy', { as: 'admin', body: { decision: 'approve', percent: approveShare } });
  }
});

import { test, expect, loginAs, idle, apiCall, createUser, createOffer, createCard, approveCard, unique } from './fixtures';

/**
 * Issue 54, payout holds: a held card's life. Staff place a hold on an approved card from its page; the card cannot be
 * paid (the refusal names the hold); its seller reads the hold and why on the card's page and on their dashboard; staff
 * release it; it is paid.
 */
test.setTimeout(120_000);

test('a held card: held, its seller told why, released, paid', async ({ browser }) => {
  const seller = await createUser('seller');
  const offer = await createOffer({ title: unique('Hold Offer'), rate_type: 1, rate: 0 });
  const cardId = await createCard(seller.email, offer.id, 40);
  await approveCard(cardId);
  const reason = unique('Photo check');

  const staff = await (await browser.newContext({ baseURL: process.env.E2E_BASE_URL })).newPage();
  await test.step("staff place a hold from the card's page", async () => {
    await loginAs(staff, 'admin');
    await staff.goto(`/gift-card/${cardId}`);
    await idle(staff);
    await staff.getByRole('button', { name: 'Place a hold' }).click();
    const dialog = staff.getByRole('dialog', { name: 'Place a payout hold' });
    await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
    await dialog.getByRole('textbox', { name: 'Days' }).press('Enter');
    await expect(staff.locator('#notistack-snackbar').filter({ hasText: 'Hold placed' })).toBeVisible();
    await expect(staff.getByTestId('card-hold')).toContainText('on hold until staff release it');
    await expect(staff.getByTestId('card-hold')).toContainText(reason);
  });

  await test.step('paying the held card is refused', async () => {
    const r = await apiCall('POST', 'transaction', {
      as: 'admin',
      body: { gidcard_id: cardId, transaction_amount: 40, code: unique('HOLD').replace(/\s+/g, '-') },
    });
    expect(r.status).toBe(422);
    expect(r.body.message).toContain('on hold');
  });

  const page = await (await browser.newContext({ baseURL: process.env.E2E_BASE_URL })).newPage();
  await test.step('the seller reads the hold and why, on the card and on the dashboard', async () => {
    await loginAs(page, seller.email);
    await page.goto(`/gift-card/${cardId}`);
    await expect(page.getByTestId('card-hold')).toContainText(reason);
    await expect(page.getByRole('button', { name: 'Place a hold' })).toHaveCount(0);
    await page.goto('/');
    await expect(page.getByRole('list', { name: 'Key figures' })).toContainText('$40.00 on hold until staff release it');
  });

  await test.step('staff release it, and the card is paid', async () => {
    await staff.reload();
    await idle(staff);
    await staff.getByRole('button', { name: `Release the hold: ${reason}` }).click();
    await expect(staff.locator('#notistack-snackbar').filter({ hasText: 'Hold released' })).toBeVisible();
    await expect(staff.getByTestId('card-hold')).toHaveCount(0);
    const r = await apiCall('POST', 'transaction', {
      as: 'admin',
      body: { gidcard_id: cardId, transaction_amount: 40, code: unique('PAID').replace(/\s+/g, '-') },
    });
    expect(r.status).toBe(200);
    await page.goto(`/gift-card/${cardId}`);
    await expect(page.getByTestId('card-hold')).toHaveCount(0);
    await expect(page.getByTestId('money-paid')).toContainText('$40.00');
  });
});

import { test, expect, loginAs, idle, sidebar, apiCall, createUser, createOffer, createCard, rejectCard, unique } from './fixtures';

/**
 * Issue 53: an admin edits what sellers are told to do about a rejection reason; the seller of a card rejected for it
 * reads the new text on the card's page and under the card's status in My Gift Cards.
 */
test.setTimeout(120_000);

const REASON = 'wrong_card';
const LABEL = 'Wrong card or offer';

test('an admin edits a remedy; the seller sees it on the rejected card and in My Gift Cards', async ({ browser }) => {
  const seller = await createUser('seller');
  const offer = await createOffer({ title: unique('Remedy Offer') });
  const cardId = await createCard(seller.email, offer.id, 40);
  await rejectCard(cardId, REASON, 'This is a store card');
  const before = (await apiCall('GET', 'reject-remedies', { as: 'admin' })).body.data.find((r: { reason: string }) => r.reason === REASON)
    .remedy as string;
  const remedy = `Submit it again under the offer of its brand (${unique('e2e')}).`;

  const admin = await (await browser.newContext({ baseURL: process.env.E2E_BASE_URL })).newPage();
  try {
    await test.step('the admin finds the screen in the menu and saves a new text', async () => {
      await loginAs(admin, 'admin');
      await sidebar(admin).getByRole('link', { name: 'Rejection remedies' }).click();
      await expect(admin.getByRole('heading', { level: 1, name: 'Rejection remedies' })).toBeVisible();
      const field = admin.getByRole('textbox', { name: LABEL });
      await expect(field).toHaveValue(before);
      const save = admin.getByRole('button', { name: `Save ${LABEL}` });
      await expect(save).toBeDisabled();
      await field.fill('   ');
      await expect(save).toBeDisabled();
      await field.fill(remedy);
      await save.click();
      await expect(admin.locator('#notistack-snackbar').filter({ hasText: 'Remedy saved' })).toBeVisible();
      await idle(admin);
      await expect(admin.getByRole('textbox', { name: LABEL })).toHaveValue(remedy);
      await expect(admin.getByRole('button', { name: `Save ${LABEL}` })).toBeDisabled();
    });

    const page = await (await browser.newContext({ baseURL: process.env.E2E_BASE_URL })).newPage();
    await test.step("the seller reads it on the card's page, under the reason and the note", async () => {
      await loginAs(page, seller.email);
      await page.goto(`/gift-card/${cardId}`);
      const notice = page.getByTestId('rejection-notice');
      await expect(notice).toContainText(LABEL);
      await expect(notice).toContainText('This is a store card');
      await expect(notice.getByTestId('reject-remedy')).toHaveText(`What to do: ${remedy}`);
    });

    await test.step('and under the status of its row in My Gift Cards', async () => {
      await page.goto('/gift-cards');
      await idle(page);
      const row = page
        .getByRole('row')
        .filter({ has: page.getByTestId('reject-reason') })
        .first();
      await expect(row.getByTestId('reject-reason')).toHaveText(LABEL);
      await expect(row.getByTestId('reject-remedy')).toHaveText(`What to do: ${remedy}`);
    });
  } finally {
    // The shared server's other specs read the default text.
    await apiCall('PUT', 'reject-remedies', { as: 'admin', body: { reason: REASON, remedy: before } });
  }
});

test('a manager is not offered the screen and is told it is for admins', async ({ page }) => {
  await loginAs(page, 'manager');
  await expect(sidebar(page).getByRole('link', { name: 'Rejection remedies' })).toHaveCount(0);
  await page.goto('/reject-remedies');
  await expect(page.getByRole('alert')).toContainText('It is for admins only.');
});

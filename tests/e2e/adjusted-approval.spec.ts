import type { Page } from '@playwright/test';
import { test, expect, loginAs, apiCall, createUser, createOffer, createCard, unique } from './fixtures';
import { axeFindingsInBothThemes } from './fixtures/axe';

/**
 * Issue 53, adjusted approval: staff approve a pending card at a lower value with a reason (a value not below the
 * asked price is refused at its field); the seller reads "Approved at $X, you asked $Y: reason", accepts it, and the
 * card can be paid.
 */
const toast = (page: Page, text: string) => page.locator('#notistack-snackbar').filter({ hasText: text });

test('staff approve a card at a lower value; its seller accepts it', async ({ page, browser }) => {
  const seller = await createUser('seller');
  const offer = await createOffer({ title: unique('Adjusted Offer') });
  const cardId = await createCard(seller.email, offer.id, 50);

  await test.step('the admin adjusts the value: the asked price or more is refused at the field', async () => {
    await loginAs(page, 'admin');
    await page.goto(`/gift-card/${cardId}`);
    await page.getByRole('button', { name: 'Adjust value' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adjust the value' });
    await expect(dialog.getByTestId('adjust-effect')).toContainText('The seller asked $50.00');
    await expect(dialog.getByLabel(/^Approved value/)).toBeFocused();
    await dialog.getByLabel(/^Approved value/).fill('50');
    await dialog.getByLabel('Reason').selectOption({ label: 'Partial balance' });
    await dialog.getByRole('button', { name: 'Confirm value' }).click();
    await expect(dialog.getByText('must be below the price the seller asked')).toBeVisible();
    await dialog.getByLabel(/^Approved value/).fill('30');
    await dialog.getByLabel(/^Note to the seller/).fill('The balance checked was $30.');
    await dialog.getByRole('button', { name: 'Confirm value' }).click();
    await expect(toast(page, 'Gift card approved at an adjusted value')).toBeVisible();
    const notice = page.getByTestId('adjustment-notice');
    await expect(notice).toContainText('Approved at $30.00, the seller asked $50.00: Partial balance');
    await expect(notice.getByRole('button', { name: 'Accept' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Money' }).getByTestId('money-price')).toHaveText('$30.00');
  });

  await test.step('the seller reads it and accepts: the card is no longer held', async () => {
    const own = await (await browser.newContext({ baseURL: process.env.E2E_BASE_URL })).newPage();
    await loginAs(own, seller.email);
    // The My Gift Cards row says it without opening the card: the values, and until when the answer is awaited (the
    // seller's locale), in the Status cell.
    const window = (await apiCall('GET', `gift-card/${cardId}`, { as: seller.email })).body.adjustment.window_ends_at as string;
    const deadline = await own.evaluate(
      (iso) =>
        new Intl.DateTimeFormat(undefined, {
          year: 'numeric',
          month: 'short',
          day: 'numeric',
          hour: 'numeric',
          minute: '2-digit',
        }).format(new Date(iso)),
      window,
    );
    await own.goto('/gift-cards');
    const caption = own.getByTestId(`card-row-${cardId}`).getByTestId('adjustment-caption');
    await expect(caption).toHaveText(`Approved at $30.00, you asked $50.00. Awaiting your answer until ${deadline}`);
    // In the Status cell at 1440 and 900 px (the columns folded), both themes axe clean.
    for (const width of [1440, 900]) {
      await own.setViewportSize({ width, height: 900 });
      await expect(caption).toBeVisible();
      expect(await axeFindingsInBothThemes(own, `My Gift Cards with an adjusted card at ${width} px`)).toEqual([]);
    }
    await own.emulateMedia({ colorScheme: 'light' });
    await own.goto(`/gift-card/${cardId}`);
    const notice = own.getByTestId('adjustment-notice');
    await expect(notice).toContainText('Approved at $30.00, you asked $50.00: Partial balance');
    await expect(notice).toContainText('The balance checked was $30.');
    await expect(notice).toContainText('Not paid until you accept it');
    await notice.getByRole('button', { name: 'Accept' }).click();
    await expect(toast(own, 'Adjusted value accepted: the card can be paid')).toBeVisible();
    await expect(notice).toContainText('Accepted on');
    await expect(notice.getByRole('button', { name: 'Accept' })).toHaveCount(0);
    await own.goto('/gift-cards');
    await expect(own.getByTestId(`card-row-${cardId}`).getByTestId('adjustment-caption')).toHaveText(
      'Approved at $30.00, you asked $50.00. You accepted it',
    );
  });
});

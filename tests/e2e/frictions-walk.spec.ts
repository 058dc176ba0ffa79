import { test, expect, loginAs, createUser, createOffer, createCard, approveCard, apiCall, pngBytes, unique } from './fixtures';

/** Issue 55, the minors and polish still open after the earlier rounds: each checked where a user meets it. */

test.describe('frictions of the walk (issue 55)', () => {
  test('the list’s price filters take an amount as the pay forms do: a $ sign and thousands commas', async ({ page }) => {
    const seller = await createUser('seller');
    const offer = await createOffer({ title: unique('Pasted Filter'), min_price: 1, max_price: 5000, review_minutes: 600 });
    await createCard(seller.email, offer.id, 1500);
    await createCard(seller.email, offer.id, 20);
    await loginAs(page, 'admin');
    await page.goto(`/gift-cards?seller_id=${seller.id}`);
    const bar = page.getByRole('search', { name: 'Filter gift cards' });
    await bar.getByRole('button', { name: 'Filters', exact: true }).click();
    await bar.getByLabel('Min price').fill('$1,000.50');
    await expect(page).toHaveURL(/[?&]min_price=1000\.50(&|$)/);
    await expect(bar.getByText('An amount like 12.50')).toHaveCount(0);
    await expect(page.getByTestId('list-count')).toHaveText('1 card');
    await bar.getByLabel('Max price').fill('$20');
    await expect(bar.getByText('Max price must be at least the Min price')).toBeVisible();
    await bar.getByRole('textbox', { name: 'Min price', exact: true }).fill('');
    await expect(page).toHaveURL(/[?&]max_price=20(&|$)/);
    await expect(page.getByTestId('list-count')).toHaveText('1 card');
  });

  test('From after To, from a link or typed: the error at To and the list without it, never "Could not load" nor stale rows', async ({
    page,
  }) => {
    const seller = await createUser('seller');
    const offer = await createOffer({ title: unique('Reversed'), review_minutes: 600 });
    await createCard(seller.email, offer.id, 20);
    await createCard(seller.email, offer.id, 30);
    await loginAs(page, 'admin');
    const bar = page.getByRole('search', { name: 'Filter gift cards' });
    await page.goto(`/gift-cards?seller_id=${seller.id}&from=2020-01-02&to=2020-01-01`);
    await expect(bar.getByText('To must be on or after From')).toBeVisible();
    await expect(page.getByTestId('list-count')).toHaveText('2 cards');
    await expect(page.getByText('Could not load the gift cards')).toHaveCount(0);

    await page.goto(`/gift-cards?seller_id=${seller.id}&to=2020-01-01`);
    await expect(page.getByTestId('list-count')).toHaveText('0 cards');
    await bar.getByRole('button', { name: 'Filters', exact: true }).click();
    await bar.getByLabel('From').fill('2020-01-02');
    await expect(bar.getByText('To must be on or after From')).toBeVisible();
    await expect(page.getByTestId('list-count')).toHaveText('2 cards');
  });

  test('a keyboard focus shows a ring on buttons and sort headers, in both themes', async ({ page }) => {
    await loginAs(page, 'admin');
    await page.goto('/gift-cards?status=1');
    const rate = page.getByRole('columnheader', { name: 'Rate' }).getByRole('button');
    const filters = page.getByRole('button', { name: 'Filters', exact: true });
    for (const dark of [false, true]) {
      if (dark) await page.getByRole('button', { name: /dark mode/i }).click();
      await page.getByRole('searchbox', { name: 'Search cards' }).focus();
      await page.keyboard.press('Tab');
      await expect(filters).toBeFocused();
      await expect(filters).toHaveCSS('outline-style', 'solid');
      await expect(filters).toHaveCSS('outline-width', '2px');
      await rate.focus();
      await expect(rate).toBeFocused();
      await expect(rate).toHaveCSS('outline-style', 'solid');
      await expect(rate).toHaveCSS('outline-width', '2px');
    }
  });

  test('helper texts agree with the screen: the number’s note only while it is empty, a paid card’s new images offered and said so', async ({
    page,
  }) => {
    const seller = await createUser('seller');
    const offer = await createOffer({ title: unique('Helper'), review_minutes: 600 });
    const empty = await createCard(seller.email, offer.id, 20);
    const numbered = await createCard(seller.email, offer.id, 30, { cardNumber: `6035 ${String(Date.now()).slice(-8)} 21` });
    await loginAs(page, seller.email);
    await page.goto(`/gift-card/${empty}`);
    await expect(page.getByText('Filled in by the staff on review')).toBeVisible();
    await page.goto(`/gift-card/${numbered}`);
    await expect(page.getByLabel('Card Number')).not.toHaveValue('');
    await expect(page.getByText('Filled in by the staff on review')).toHaveCount(0);

    await approveCard(numbered);
    await apiCall('POST', 'transaction', {
      as: 'admin',
      body: { code: unique('HELP').replace(/\s+/g, '-'), transaction_amount: 1, gidcard_id: numbered, seller_id: seller.id },
    });
    await page.getByRole('button', { name: 'Logout' }).click();
    await loginAs(page, 'admin');
    await page.goto(`/gift-card/${numbered}`);
    await expect(page.getByTestId('paid-lock')).toContainText('its images cannot be removed; new images');
    await expect(page.getByTestId('paid-lock')).not.toContainText('images are locked');
    await expect(page.getByText('New Images', { exact: true })).toBeVisible();
  });

  test('Back To Lists reads as the spec writes it; Add Gift Card’s previews show the whole photo', async ({ page }) => {
    const seller = await createUser('seller');
    await createOffer({ title: unique('Preview Offer') });
    await loginAs(page, seller.email);
    await page.goto('/add-gift-card');
    const back = page.getByRole('link', { name: 'Back To Lists' });
    await expect(back).toHaveCSS('text-transform', 'none');
    await expect(back).toHaveText('Back To Lists');
    await page.locator('input[type="file"]').setInputFiles([{ name: 'wide.png', mimeType: 'image/png', buffer: pngBytes(40, 10) }]);
    const preview = page.getByRole('img', { name: 'Preview of wide.png' });
    await expect(preview).toBeVisible();
    await expect(preview).toHaveCSS('object-fit', 'contain');
  });

  test('after Z the arrow keys pan the zoomed photo instead of going to the next card', async ({ page }) => {
    const seller = await createUser('seller');
    const offer = await createOffer({ title: unique('Zoomed'), review_minutes: 600 });
    await createCard(seller.email, offer.id, 25);
    const id = await createCard(seller.email, offer.id, 20);
    await loginAs(page, 'admin');
    await page.goto(`/gift-card/${id}`);
    await expect(page.getByLabel('Card Number')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.keyboard.press('z');
    const frame = page.getByRole('region', { name: /zoomed: drag or use the arrow keys to pan/ }).first();
    await expect(frame).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => frame.evaluate((el) => (el as unknown as { scrollLeft: number }).scrollLeft)).toBeGreaterThan(0);
    await expect(page).toHaveURL(new RegExp(`/gift-card/${id}$`));
    await page.keyboard.press('n');
    await expect(page).not.toHaveURL(new RegExp(`/gift-card/${id}$`));
  });

  test('the delete prompt keeps the spec’s words and names what it deletes', async ({ page }) => {
    const u = await createUser('seller');
    const offer = await createOffer({ title: unique('Named Delete') });
    await loginAs(page, 'admin');
    await page.goto(`/users?q=${encodeURIComponent(u.email)}`);
    await page.getByRole('button', { name: `Delete ${u.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
    await expect(dialog).toContainText("Are you sure? You won't be able to revert this!");
    await expect(dialog.getByTestId('confirm-detail')).toHaveText(`Deletes the user ${u.name} (${u.email}).`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.goto(`/gift-card-offer?q=${encodeURIComponent(offer.title)}`);
    await page.getByRole('button', { name: `Delete ${offer.title}` }).click();
    await expect(dialog.getByTestId('confirm-detail')).toHaveText(`Deletes the offer ${offer.title}.`);
    await dialog.getByRole('button', { name: 'Yes, delete it!' }).click();
    await expect(page.getByText('Deleted! Delete Success.')).toBeVisible();
  });
});

import {
  test,
  expect,
  loginAs,
  sidebar,
  createUser,
  createOffer,
  createCard,
  createTransaction,
  approveCard,
  sellerWithDue,
  apiCall,
  pngBytes,
  unique,
  idle,
} from './fixtures';

// Issue 21: the everyday frictions of a staff member and a seller (the spec's own texts are checked by the other specs).
test.describe('a day in the life', () => {
  test('login: an empty submit says Required under the fields and never calls the server', async ({ page }) => {
    const logins: string[] = [];
    page.on('request', (r) => r.url().includes('/api/login') && logins.push(r.url()));
    await page.goto('/login');
    await expect(page).toHaveTitle('Login · Gift Card Back-Office');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByLabel('Email or user name')).toHaveAccessibleDescription('Required');
    await expect(page.getByLabel('Password')).toHaveAccessibleDescription('Required');
    await page.getByLabel('Email or user name').fill('someone@example.com');
    await page.getByLabel('Password').press('Enter');
    await expect(page.getByLabel('Email or user name')).not.toHaveAccessibleDescription('Required');
    await expect(page.getByLabel('Password')).toHaveAccessibleDescription('Required');
    expect(logins).toEqual([]);
  });

  test('every screen names the window, and the sidebar marks the screen on its other routes too', async ({ page }) => {
    const seller = await createUser('seller');
    const offer = await createOffer({ title: unique('Window Offer') });
    const card = await createCard(seller.email, offer.id, 40);
    await loginAs(page, 'admin');
    // Staff titles start with the count of cards pending review: "(3) Dashboard · Gift Card Back-Office".
    const pending = (await apiCall('GET', 'dashboard-figures', { as: 'admin' })).body.pending as number;
    expect(pending).toBeGreaterThan(0);
    await expect(page).toHaveTitle(`(${pending}) Dashboard · Gift Card Back-Office`);
    for (const [label, title] of [
      ['Gift Cards', 'Gift Cards · Gift Card Back-Office'],
      ['Transactions', 'Transactions · Gift Card Back-Office'],
      ['Report', 'Report · Gift Card Back-Office'],
    ]) {
      await sidebar(page).getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveTitle(new RegExp(`^\\(\\d+\\) ${title}$`));
    }
    await page.goto(`/gift-card/${card}`);
    await expect(page).toHaveTitle(/^\(\d+\) Gift Card .* · Gift Card Back-Office$/);
    await expect(sidebar(page).getByRole('link', { name: 'Gift Cards', exact: true })).toHaveAttribute('aria-current', 'page');
    await page.goto('/create-transaction');
    await expect(sidebar(page).getByRole('link', { name: 'Transactions', exact: true })).toHaveAttribute('aria-current', 'page');
  });

  test('dashboard: the key figures, and a quiet notice with Retry when the chart fails', async ({ page }) => {
    const seller = await createUser('seller');
    const offer = await createOffer({ title: unique('Figures Offer') });
    await createCard(seller.email, offer.id, 25);
    const figures = (await apiCall('GET', 'dashboard-figures', { as: 'admin' })).body;
    let failChart = true;
    await page.route('**/api/chart-data-yearly', (route) => (failChart ? route.fulfill({ status: 500, body: '{}' }) : route.fallback()));
    await loginAs(page, 'admin');
    const strip = page.getByRole('list', { name: 'Key figures' });
    // With clawed back this month (issue 28) and, for staff, the photos waiting to be read and the reviews overdue (issue 32).
    // Money owed and the reviews overdue first and large, the rest small; the photos to read a status line (issue 55).
    await expect(strip.getByRole('listitem')).toHaveCount(8);
    await expect(page.getByTestId('photos-to-read')).toContainText('Photos to read');
    await expect(strip.getByRole('listitem').nth(1)).toContainText('Reviews overdue');
    await expect(strip.getByRole('listitem').nth(2)).toContainText(`Cards pending review${figures.pending}`);
    await expect(strip).toContainText('oldest waiting');
    await expect(page.getByText(/The chart for \d{4} could not be loaded\./)).toBeVisible();
    await expect(page.getByRole('table', { name: /Approvals and rejections per month/ })).toHaveCount(0);
    failChart = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText(/could not be loaded/)).toHaveCount(0);
    await expect(
      page
        .getByRole('img', { name: /Approvals and rejections per month/ })
        .or(page.locator('canvas'))
        .first(),
    ).toBeVisible();
  });

  test('report: a range the server refuses says why at the field and shows no chart', async ({ page }) => {
    await loginAs(page, 'admin');
    await sidebar(page).getByRole('link', { name: 'Report', exact: true }).click();
    await page.getByLabel('Start Date').fill('2024-01-01');
    await page.getByLabel('End Date').fill('2025-06-30');
    await page.getByRole('button', { name: 'Search Report' }).click();
    await expect(page.getByLabel('End Date')).toHaveAccessibleDescription(/within 366 days/);
    // No chart of the previous range stays under the new dates: no day rows at all.
    await expect(page.getByRole('table', { name: 'Approvals and rejections per day' }).getByRole('row')).toHaveCount(0);
    await expect(page.getByRole('cell', { name: /\d{4}/ })).toHaveCount(0);
  });

  test('at 900 px the sidebar is a rail of icons with tooltips; codes and dates stay on one line', async ({ page }) => {
    await page.setViewportSize({ width: 900, height: 700 });
    await loginAs(page, 'admin');
    const nav = sidebar(page);
    const box = await nav.boundingBox();
    expect(box!.width).toBeLessThan(80);
    const gift = nav.getByRole('link', { name: 'Gift Cards', exact: true });
    await gift.hover();
    await expect(page.getByRole('tooltip')).toHaveText('Gift Cards');
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    expect((await nav.boundingBox())!.width).toBeGreaterThan(200);
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    const { seller } = await sellerWithDue(100, 10);
    await createTransaction(seller.id, 12.5, `NARROW-CODE-${Date.now()}`);
    await page.goto('/transactions');
    const cell = page.getByRole('table', { name: 'Transactions' }).getByRole('row').nth(1).getByRole('cell').nth(1);
    await expect(cell).toHaveCSS('white-space', 'nowrap');
  });

  test('a picked file that is not an image is refused at once, by name', async ({ page }) => {
    const seller = await createUser('seller');
    await createOffer({ title: unique('Pick Offer') });
    await loginAs(page, seller.email);
    await page.goto('/add-gift-card');
    await page
      .locator('input[type="file"]')
      .setInputFiles([{ name: 'notes.pdf', mimeType: 'image/png', buffer: Buffer.from('%PDF-1.7 definitely not a picture') }]);
    await expect(page.getByText('notes.pdf is not a JPEG, PNG or WebP image.')).toBeVisible();
    await expect(page.getByRole('img', { name: /notes\.pdf/ })).toHaveCount(0);
  });

  test('toasts sit below the top bar; the delete confirmation says "Are you sure?" once', async ({ page }) => {
    const u = await createUser('seller');
    await loginAs(page, 'admin');
    const toast = page.locator('#notistack-snackbar').first();
    await expect(toast).toBeVisible();
    const bar = await page.locator('header').first().boundingBox();
    expect((await toast.boundingBox())!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height);
    await page.goto('/users');
    await idle(page);
    await page
      .getByRole('row')
      .filter({ hasText: u.email })
      .getByRole('button', { name: `Delete ${u.name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
    await expect(dialog).toContainText("Are you sure? You won't be able to revert this!");
    expect((await dialog.innerText()).match(/Are you sure\?/g)).toHaveLength(1);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });
  test('card page at a wide screen: photos on one side, the decision and form on the other, comments below; comments show date and time', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const seller = await createUser('seller');
    const offer = await createOffer({ title: unique('Wide Offer') });
    const id = await createCard(seller.email, offer.id, 50);
    expect((await apiCall('POST', `add-gift-card/${id}`, { as: 'admin', body: { comment: 'Checked the balance' } })).status).toBe(200);
    await loginAs(page, 'admin');
    await page.goto(`/gift-card/${id}`);
    const photos = page.getByRole('region', { name: 'Images' });
    const form = page.getByRole('form', { name: 'Edit gift card' });
    const comments = page.getByRole('region', { name: 'Comments' });
    await expect(photos.getByRole('list', { name: 'Card images' }).getByRole('listitem')).toHaveCount(1);
    const [p, f, c] = [await photos.boundingBox(), await form.boundingBox(), await comments.boundingBox()];
    expect(p!.x + p!.width).toBeLessThanOrEqual(f!.x);
    // Comments (and history) in tabs below both the photos and the decision (issue 32).
    expect(Math.abs(c!.x - p!.x)).toBeLessThan(40);
    expect(c!.y).toBeGreaterThan(f!.y + f!.height);
    expect(p!.width).toBeGreaterThan(300);
    const row = comments.getByRole('row').filter({ hasText: 'Checked the balance' });
    await expect(row.getByRole('cell').nth(3)).toHaveText(/\d{1,2}:\d{2}/);
    await expect(page.getByLabel('Offer')).toBeFocused();
  });
  test('card page: photos beside the decision at 900 px too; a pending card shows its duplicates, a paid one its money, in the first screenful (issue 55)', async ({
    page,
  }) => {
    const seller = await createUser('seller');
    const offer = await createOffer({ title: unique('Fold Offer') });
    const photo = pngBytes(4, 4, undefined, unique('fold photo'));
    const paid = await createCard(seller.email, offer.id, 40, { photo });
    await approveCard(paid);
    await createTransaction(seller.id, 10);
    const pending = await createCard(seller.email, offer.id, 50, { photo });
    await loginAs(page, 'admin');
    for (const [width, height] of [
      [1440, 900],
      [900, 900],
    ]) {
      await page.setViewportSize({ width, height });
      await page.goto(`/gift-card/${pending}`);
      const photos = page.getByRole('region', { name: 'Images' });
      // The paid card, which has the same photo.
      const duplicate = page.getByRole('img', { name: /^Photo of card #\d+$/ }).first();
      await expect(duplicate).toBeVisible();
      const [p, d, dup] = [
        await photos.boundingBox(),
        await page.getByRole('button', { name: 'Approve' }).boundingBox(),
        await duplicate.boundingBox(),
      ];
      expect(p!.x + p!.width, `${width} px: the photos left of Approve`).toBeLessThanOrEqual(d!.x);
      expect(dup!.y + dup!.height / 2, `${width} px: the duplicate's photo in the first screenful`).toBeLessThan(height);
      expect(dup!.width, `${width} px: the duplicate's photo wide enough to compare`).toBeGreaterThanOrEqual(140);

      await page.goto(`/gift-card/${paid}`);
      const money = page.getByRole('region', { name: 'Money' });
      await expect(money.getByTestId('money-paid')).toHaveText('$10.00');
      const [p2, m] = [await photos.boundingBox(), await money.boundingBox()];
      expect(p2!.x + p2!.width, `${width} px: the photos left of the money`).toBeLessThanOrEqual(m!.x);
      expect(m!.y + m!.height, `${width} px: the money whole in the first screenful`).toBeLessThan(height);
    }
  });
});

import type { Browser, Page } from '@playwright/test';
import { test, expect, loginAs, shot, idle, createUser, createOffer, pngBytes, unique, apiCall } from './fixtures';

test.use({ timezoneId: 'UTC' });
test.setTimeout(180_000);

async function session(browser: Browser, who: string): Promise<Page> {
  const ctx = await browser.newContext({ timezoneId: 'UTC', viewport: { width: 1280, height: 900 }, baseURL: process.env.E2E_BASE_URL });
  const page = await ctx.newPage();
  await loginAs(page, who);
  return page;
}
const toast = (page: Page, text: string | RegExp) => page.locator('#notistack-snackbar').filter({ hasText: text }).first();

/** A seller submits a card through the API with these photo bytes; answers the new card's id. */
async function submit(sellerEmail: string, offerId: number, photo: Buffer, price = 50): Promise<number> {
  const form = new FormData();
  form.append('giftcard_offer_id', String(offerId));
  form.append('price', String(price));
  form.append('gallery[0]', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'card.png');
  const r = await apiCall('POST', 'gift-card', { as: sellerEmail, form });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const mine = await apiCall('GET', 'my-giftcard?page=1', { as: sellerEmail });
  return mine.body.data.data[0].id as number;
}

test('one-click review: approve, reject with a reason (required), and the seller sees the reason', async ({ browser }) => {
  const seller = await createUser('seller');
  const offer = await createOffer({ title: unique('Review Offer') });
  const approveMe = await submit(seller.email, offer.id, pngBytes(6, 5, [10, 200, 30]));
  const rejectMe = await submit(seller.email, offer.id, pngBytes(7, 5, [200, 10, 30]));
  const staff = await session(browser, 'admin');

  await test.step('Approve on a pending card approves it at once', async () => {
    await staff.goto(`/gift-card/${approveMe}`);
    await idle(staff);
    await staff.getByRole('button', { name: 'Approve' }).click();
    await expect(toast(staff, 'Gift card approved')).toBeVisible();
    await expect(staff.getByRole('heading', { level: 1 })).toContainText('Approved');
    await expect(staff.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  });

  await test.step('Reject asks for the reason first', async () => {
    await staff.goto(`/gift-card/${rejectMe}`);
    await idle(staff);
    await staff.getByRole('button', { name: 'Reject' }).click();
    const dlg = staff.getByRole('dialog', { name: /^Reject card/ });
    await dlg.getByRole('button', { name: 'Reject' }).click();
    await expect(dlg.getByText('Reason is required')).toBeVisible();
    await dlg.getByLabel('Reason').selectOption({ label: '2. Already used or zero balance' });
    await dlg.getByLabel('Note (optional)').fill('The balance check says $0.00');
    await shot(staff, 'card-review-reject-dialog');
    await dlg.getByRole('button', { name: 'Reject' }).click();
    await expect(toast(staff, 'Gift card rejected')).toBeVisible();
    await expect(staff.getByTestId('rejection-notice')).toContainText('Already used or zero balance');
    await expect(staff.getByTestId('rejection-notice')).toContainText('The balance check says $0.00');
  });

  await test.step('the seller sees the reason on the list and on the card page', async () => {
    const sp = await session(browser, seller.email);
    await sp.goto('/gift-cards');
    await idle(sp);
    const row = sp.getByTestId(`card-row-${rejectMe}`);
    await expect(row).toContainText('Rejected');
    await expect(row.getByTestId('reject-reason')).toHaveText('Already used or zero balance');
    await sp.goto(`/gift-card/${rejectMe}`);
    await expect(sp.getByTestId('rejection-notice')).toContainText('Already used or zero balance');
    await expect(sp.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await shot(sp, 'card-review-seller-reason');
  });

  await test.step('choosing Rejected in the status select asks for the reason', async () => {
    const third = await submit(seller.email, offer.id, pngBytes(8, 5, [30, 30, 200]));
    await staff.goto(`/gift-card/${third}`);
    await idle(staff);
    await staff.getByLabel('Card Status').selectOption({ label: 'Rejected' });
    await staff.getByRole('button', { name: 'Save' }).click();
    await expect(staff.getByText('Reason is required')).toBeVisible();
    await staff.getByLabel('Rejection Reason').selectOption({ label: 'Unreadable image' });
    await staff.getByRole('button', { name: 'Save' }).click();
    await expect(toast(staff, 'Gift card updated successfully')).toBeVisible();
    await expect(staff.getByTestId('rejection-notice')).toContainText('Unreadable image');
  });
});

test('two sellers send the same photo: staff see the flag, are refused approving the same number, reject it as a duplicate; the seller sees why', async ({
  browser,
}) => {
  const sellerA = await createUser('seller');
  const sellerB = await createUser('seller');
  const offer = await createOffer({ title: unique('Dup Offer') });
  const photo = pngBytes(12, 9, [90, 140, 33]);
  const first = await submit(sellerA.email, offer.id, photo);
  const second = await submit(sellerB.email, offer.id, photo);
  const number = `DUP-${Date.now().toString(36).toUpperCase()}-77`;
  const staff = await session(browser, 'admin');

  await test.step('staff set the number on the first card', async () => {
    await staff.goto(`/gift-card/${first}`);
    await idle(staff);
    await staff.getByLabel('Card Number').fill(number);
    await staff.getByRole('button', { name: 'Save' }).click();
    await expect(toast(staff, 'Gift card updated successfully')).toBeVisible();
  });

  await test.step('the second card shows the photo sent before, and the number as staff type it', async () => {
    await staff.goto(`/gift-card/${second}`);
    await idle(staff);
    const photos = staff.getByTestId('duplicate-photos');
    await expect(photos).toContainText('The same file is on');
    await expect(photos.getByRole('link', { name: `card #${first}` })).toHaveAttribute('href', `/gift-card/${first}`);
    await expect(photos).toContainText(sellerA.name);
    // The earlier card's photo beside this one's, both loaded (signed for this reviewer).
    for (const name of [`Photo of card #${first}`, `Photo of this card (#${second})`]) {
      const img = photos.getByRole('img', { name });
      await expect(img).toBeVisible();
      await expect.poll(() => img.evaluate((e) => (e as unknown as { complete: boolean; naturalWidth: number }).naturalWidth)).toBe(12);
    }
    await expect(staff.getByTestId('duplicate-numbers')).toHaveCount(0);
    // The same number written differently: lower case, spaces instead of dashes.
    await staff.getByLabel('Card Number').fill(number.toLowerCase().replace(/-/g, ' '));
    const numbers = staff.getByTestId('duplicate-numbers');
    await expect(numbers).toContainText('This card number is also on another card');
    await expect(numbers.getByRole('link', { name: `Card #${first}` })).toBeVisible();
    await expect(numbers.getByRole('img', { name: `Photo of card #${first}` })).toBeVisible();
    await expect(numbers).toContainText('Pending');
    await shot(staff, 'card-review-duplicate-flags');
    await staff.getByRole('button', { name: 'Save' }).click();
    await expect(toast(staff, 'Gift card updated successfully')).toBeVisible();
  });

  await test.step('approving it is refused, naming the other card', async () => {
    await staff.getByRole('button', { name: 'Approve' }).click();
    const dlg = staff.getByRole('dialog', { name: 'Approve over a duplicate?' });
    await expect(dlg.getByTestId('duplicate-refusal')).toContainText(
      `This card number is also on card #${first} (Pending, ${sellerA.name})`,
    );
    await shot(staff, 'card-review-duplicate-refused');
    await dlg.getByRole('button', { name: 'Cancel' }).click();
    await expect(staff.getByRole('heading', { level: 1 })).toContainText('Pending');
  });

  await test.step('staff reject it as a duplicate', async () => {
    await staff.getByRole('button', { name: 'Reject' }).click();
    const dlg = staff.getByRole('dialog', { name: /^Reject card/ });
    await dlg.getByLabel('Reason').selectOption({ label: '3. Duplicate' });
    await dlg.getByLabel('Note (optional)').fill(`Same card as #${first}`);
    await dlg.getByRole('button', { name: 'Reject' }).click();
    await expect(toast(staff, 'Gift card rejected')).toBeVisible();
    await expect(staff.getByTestId('rejection-notice')).toContainText('Duplicate');
  });

  await test.step('the staff list marks the duplicated number', async () => {
    await staff.goto('/gift-cards');
    await idle(staff);
    await expect(staff.getByTestId(`card-row-${second}`).getByTestId('duplicate-mark')).toBeVisible();
    await expect(staff.getByTestId(`card-row-${first}`).getByTestId('duplicate-mark')).toBeVisible();
  });

  await test.step('seller B sees the reason, and nothing of seller A', async () => {
    const sp = await session(browser, sellerB.email);
    await sp.goto('/gift-cards');
    await idle(sp);
    const row = sp.getByTestId(`card-row-${second}`);
    await expect(row.getByTestId('reject-reason')).toHaveText('Duplicate');
    await expect(row.getByTestId('duplicate-mark')).toHaveCount(0);
    await sp.goto(`/gift-card/${second}`);
    await expect(sp.getByTestId('rejection-notice')).toContainText('Duplicate');
    await expect(sp.getByTestId('rejection-notice')).toContainText(`Same card as #${first}`);
    await expect(sp.getByTestId('duplicate-photos')).toHaveCount(0);
    await expect(sp.getByText(sellerA.name)).toHaveCount(0);
    await shot(sp, 'card-review-seller-duplicate');
  });
});

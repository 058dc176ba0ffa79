import type { Browser, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { test, expect, loginAs, shot, idle, createUser, createOffer, unique, apiCall, rejectCard } from './fixtures';
import { axeViolations } from './fixtures/axe';

// Issue 32: the reviewer's number field is prefilled from the number the server read off the photo.
test.use({ timezoneId: 'UTC' });
test.setTimeout(120_000);

async function session(browser: Browser, who: string): Promise<Page> {
  const ctx = await browser.newContext({ timezoneId: 'UTC', viewport: { width: 1280, height: 900 }, baseURL: process.env.E2E_BASE_URL });
  const page = await ctx.newPage();
  await loginAs(page, who);
  return page;
}

const photo = (number: string, background: string) =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="480" height="300"><rect width="480" height="300" fill="${background}"/>
      <text x="30" y="60" font-family="DejaVu Sans" font-size="28" fill="white">GIFT CARD</text>
      <text x="30" y="170" font-family="DejaVu Sans Mono" font-size="30" fill="white">${number}</text></svg>`),
  )
    .png()
    .toBuffer();

async function submit(sellerEmail: string, offerId: number, image: Buffer): Promise<number> {
  const form = new FormData();
  form.append('giftcard_offer_id', String(offerId));
  form.append('price', '50');
  form.append('gallery[0]', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'card.png');
  const r = await apiCall('POST', 'gift-card', { as: sellerEmail, form });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (await apiCall('GET', 'my-giftcard?page=1', { as: sellerEmail })).body.data.data[0].id as number;
}

test('the number read from the photo fills the field; a different typed number and a second card with that number are flagged', async ({
  browser,
}) => {
  const seller = await createUser('seller');
  const offer = await createOffer({ title: unique('OCR Offer') });
  const digits = `6035${String(Date.now()).slice(-12)}`;
  const spaced = digits.replace(/(\d{4})(?=\d)/g, '$1 ');
  const first = await submit(seller.email, offer.id, await photo(spaced, '#1565c0'));
  const second = await submit(seller.email, offer.id, await photo(spaced.replace(/ /g, '-'), '#6a1b9a'));
  const staff = await session(browser, 'admin');

  await staff.goto(`/gift-card/${first}`);
  await idle(staff);
  const field = staff.getByLabel('Card Number');
  // Grouped in fours, as staff type numbers (issue 55).
  await expect(field).toHaveValue(spaced, { timeout: 60_000 });
  await expect(staff.getByText('Matches the photo')).toBeVisible();
  await field.fill('6035000000000000');
  await expect(staff.getByText(`Differs from the photo (it reads ${spaced})`)).toBeVisible();
  await expect(staff.getByTestId('differs-from-photo')).toBeVisible();
  await field.fill(spaced);
  await expect(staff.getByText('Matches the photo')).toBeVisible();
  await shot(staff, 'card-ocr-read-from-photo');

  await staff.goto(`/gift-card/${second}`);
  await idle(staff);
  await expect(staff.getByLabel('Card Number')).toHaveValue(spaced, { timeout: 60_000 });
  const numbers = staff.getByTestId('duplicate-numbers');
  await expect(numbers).toContainText('its photo shows this number');
  await expect(numbers.getByRole('link', { name: `Card #${first}` })).toBeVisible();
});

test('a card whose number was read off the photo opens in the queue with the keys working; leaving it untouched asks nothing (issue 55)', async ({
  browser,
}) => {
  const seller = await createUser('seller');
  const offer = await createOffer({ title: unique('OCR Queue Offer') });
  const digits = `6035${String(Date.now()).slice(-12)}`;
  const spaced = digits.replace(/(\d{4})(?=\d)/g, '$1 ');
  const id = await submit(seller.email, offer.id, await photo(spaced, '#ad1457'));
  await expect
    .poll(async () => (await apiCall('GET', `gift-card/${id}`, { as: 'admin' })).body.data.read_status, {
      timeout: 90_000,
      intervals: [1000],
    })
    .toBe('read');

  const staff = await session(browser, 'admin');
  await staff.goto(`/gift-card/${id}?review=1`);
  await idle(staff);
  const field = staff.getByLabel('Card Number');
  await expect(field).toHaveValue(spaced);
  // The number is there (read off the photo): the focus is on the card's heading, not in the field.
  await expect(staff.getByRole('heading', { level: 1 })).toBeFocused();
  await staff.keyboard.press('c');
  await expect(staff.getByRole('textbox', { name: /^Comment/ })).toBeFocused();
  await expect(field).toHaveValue(spaced);
  await staff.keyboard.press('Escape');
  // The read number is where the field starts, not the reviewer's change: N moves on without "Leave this page?".
  await staff.keyboard.press('n');
  await expect(staff).not.toHaveURL(new RegExp(`/gift-card/${id}\\?`));
  await expect(staff.getByRole('dialog', { name: 'Leave this page?' })).toHaveCount(0);
  await staff.context().close();
  await rejectCard(id, 'used_or_zero_balance', 'e2e');
});

/** The outline's place, with what the outline adds around the read box (its 4 px gap and 3 px line) taken off again. */
async function outlinedBox(outline: Locator) {
  const r = (await outline.boundingBox())!;
  return { x: r.x + 7, y: r.y + 7, width: r.width - 14, height: r.height - 14 };
}

/** The read box as it should show on the photo: its own pixels scaled to the photo's displayed size. */
async function expectedBox(photo: Locator, box: { x: number; y: number; w: number; h: number }) {
  const shown = (await photo.boundingBox())!;
  const natural = await photo.evaluate((img) => ({ w: (img as unknown as { naturalWidth: number }).naturalWidth }));
  const k = shown.width / natural.w;
  return { shown, at: { x: shown.x + box.x * k, y: shown.y + box.y * k, width: box.w * k, height: box.h * k } };
}

async function expectOutlineOnPhoto(page: Page, box: { x: number; y: number; w: number; h: number }) {
  const outline = page.getByRole('img', { name: 'Where the code was read' });
  await expect(outline).toBeVisible();
  const { shown, at } = await expectedBox(page.getByRole('img', { name: 'Card image 1', exact: true }), box);
  const drawn = await outlinedBox(outline);
  for (const k of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(drawn[k] - at[k]), k).toBeLessThan(2);
  expect(drawn.x).toBeGreaterThanOrEqual(shown.x);
  expect(drawn.y).toBeGreaterThanOrEqual(shown.y);
  expect(drawn.x + drawn.width).toBeLessThanOrEqual(shown.x + shown.width);
  expect(drawn.y + drawn.height).toBeLessThanOrEqual(shown.y + shown.height);
}

test('the review outlines where the code was read and compares the typed number with it character by character', async ({ browser }) => {
  const seller = await createUser('seller');
  const offer = await createOffer({ title: unique('OCR Box Offer') });
  // 6035 starts it, so its second character is a 0 to mistype as an O.
  const digits = `6035${String(Date.now()).slice(-12)}`;
  const spaced = digits.replace(/(\d{4})(?=\d)/g, '$1 ');
  const id = await submit(seller.email, offer.id, await photo(spaced, '#2e7d32'));
  const card = async () => (await apiCall('GET', `gift-card/${id}`, { as: 'admin' })).body.data;
  await expect.poll(async () => (await card()).read_status, { timeout: 90_000, intervals: [1000] }).toBe('read');
  const read = await card();
  expect(read.read_number).toBe(digits);
  expect(read.read_box).toEqual({ x: expect.any(Number), y: expect.any(Number), w: expect.any(Number), h: expect.any(Number) });

  const staff = await session(browser, 'admin');
  await staff.goto(`/gift-card/${id}`);
  await idle(staff);
  await expect(staff.getByLabel('Card Number')).toHaveValue(spaced);
  await expect(staff.getByText('Outlined: where the code was read')).toBeVisible();
  await expectOutlineOnPhoto(staff, read.read_box);
  const comparison = staff.getByRole('region', { name: 'Typed number compared with the photo' });
  await expect(comparison).toBeVisible();
  await expect(staff.getByText('Matches the photo')).toBeVisible();
  await expect(comparison.locator('[data-differs]')).toHaveCount(0);

  await staff.getByLabel('Card Number').fill(`6O35 ${spaced.slice(5)}`);
  await expect(staff.getByText(`Differs from the photo (it reads ${spaced})`)).toBeVisible();
  const differences = comparison.getByRole('list', { name: 'Differences from the photo' });
  await expect(differences.getByRole('listitem')).toHaveText(['Position 2: typed O, read 0 (look-alike)']);
  // Marked in both rows: the typed O and the photo's 0.
  await expect(comparison.locator('[data-differs]')).toHaveText(['O', '0']);
  await shot(staff, 'card-ocr-read-box');
  expect(await axeViolations(staff)).toEqual([]);
  await staff.emulateMedia({ colorScheme: 'dark' });
  await expect(staff.locator('body')).toHaveCSS('background-color', 'rgb(18, 18, 18)');
  await staff.waitForTimeout(350); // colours change with a transition: axe must see where they end (as a11y.spec.ts)
  expect(await axeViolations(staff)).toEqual([]);

  // Zoomed, the outline follows the photo.
  await staff.getByRole('button', { name: 'Zoom in' }).click();
  await expect(staff.getByRole('button', { name: 'Zoom out' })).toBeVisible();
  const outline = staff.getByRole('img', { name: 'Where the code was read' });
  await expect(outline).toBeVisible();
  const { at } = await expectedBox(staff.getByRole('img', { name: 'Card image 1', exact: true }), read.read_box);
  const drawn = await outlinedBox(outline);
  for (const k of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(drawn[k] - at[k]), k).toBeLessThan(2);
  await staff.context().close();
});

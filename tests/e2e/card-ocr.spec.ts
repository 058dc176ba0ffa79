import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { test, expect, loginAs, shot, idle, createUser, createOffer, unique, apiCall } from './fixtures';

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
  await expect(field).toHaveValue(digits, { timeout: 60_000 });
  await expect(staff.getByText('Read from photo')).toBeVisible();
  await field.fill('6035000000000000');
  await expect(staff.getByText(`Differs from the photo (it reads ${digits})`)).toBeVisible();
  await expect(staff.getByTestId('differs-from-photo')).toBeVisible();
  await field.fill(spaced);
  await expect(staff.getByText('Read from photo')).toBeVisible();
  await shot(staff, 'card-ocr-read-from-photo');

  await staff.goto(`/gift-card/${second}`);
  await idle(staff);
  await expect(staff.getByLabel('Card Number')).toHaveValue(digits, { timeout: 60_000 });
  const numbers = staff.getByTestId('duplicate-numbers');
  await expect(numbers).toContainText('its photo shows this number');
  await expect(numbers.getByRole('link', { name: `Card #${first}` })).toBeVisible();
});

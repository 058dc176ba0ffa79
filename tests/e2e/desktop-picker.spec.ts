// Desktop only: photos chosen in the native picker stay in main and go to the server with the card.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect, loginAs, goVia, createOffer, pngBytes, unique, apiCall } from './fixtures';

test('Add Gift Card with photos from the native picker: main reads the files and uploads them with the card', async ({ page, desktop }) => {
  const offer = await createOffer({ title: unique('Picker offer') });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gcbo-e2e-pick-'));
  const files = ['front.png', 'back.png'].map((name, i) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, pngBytes(6 + i, 4, [30, 90 + 60 * i, 200]));
    return file;
  });
  desktop.dialogs.choose(files);
  await loginAs(page, 'seller');
  await goVia(page, 'Add Gift Card');
  await page.getByLabel('Offer').selectOption({ label: offer.title });
  await page.getByLabel('Price').fill('45');
  await page.getByRole('button', { name: 'Card Images' }).click();
  await expect(page.getByRole('img', { name: 'Preview of front.png' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Preview of back.png' })).toBeVisible();
  expect(desktop.dialogs.asked.at(-1)).toMatchObject({ properties: ['openFile', 'multiSelections'] });
  expect(desktop.core.picker.held()).toBe(2);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/gift-card\/\d+$/);
  const id = Number(/(\d+)$/.exec(page.url())![1]);
  const card = await apiCall('GET', `gift-card/${id}`, { as: 'admin' });
  expect(card.body.data.giftcard_offer_id).toBe(offer.id);
  expect(card.body.images).toHaveLength(2);
  // The photos load (in the app main serves them from the API under the page's own origin; here the server does).
  const photos = page.locator('img[src*="/storage/images/"]');
  await expect(photos.first()).toBeVisible();
  await expect
    .poll(() => photos.evaluateAll((imgs) => imgs.map((i) => (i as unknown as { naturalWidth: number }).naturalWidth > 0)))
    .not.toContain(false);
  expect(desktop.core.picker.held()).toBe(0); // forgotten after the upload
  fs.rmSync(dir, { recursive: true, force: true });
});

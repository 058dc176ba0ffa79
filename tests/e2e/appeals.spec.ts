import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect, loginAs, idle, sidebar, createUser, createOffer, createCard, rejectCard, pngBytes, unique } from './fixtures';

/**
 * Issue 53, resubmit or appeal: the seller of a rejected card sees until when they may resubmit or appeal it, appeals
 * with a note; a staff member other than the one who rejected it reverses it from the Appeals queue; the seller reads
 * the outcome and the card is Pending again. Another seller resubmits a rejected card with a new photo.
 */
test.setTimeout(120_000);

const toast = (page: import('@playwright/test').Page, text: string) => page.locator('#notistack-snackbar').filter({ hasText: text });

function pngFile(name: string): string {
  const p = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gcbo-e2e-img-')), name);
  fs.writeFileSync(p, pngBytes(8, 6, [30, 140, 90]));
  return p;
}

test('a seller appeals a rejection; another staff member reverses it from the queue', async ({ browser }) => {
  const seller = await createUser('seller');
  const reviewer = await createUser('manager');
  const offer = await createOffer({ title: unique('Appeal Offer') });
  const cardId = await createCard(seller.email, offer.id, 40);
  // Rejected by the admin: the manager may decide its appeal, the admin may not.
  await rejectCard(cardId, 'unreadable_image', 'The PIN is scratched');
  const note = `The PIN is readable on the back photo (${unique('e2e')}).`;
  const answer = 'Checked again: the PIN is readable.';

  const page = await (await browser.newContext({ baseURL: process.env.E2E_BASE_URL })).newPage();
  await test.step("the seller sees the window on the card's page and appeals with a note", async () => {
    await loginAs(page, seller.email);
    await page.goto(`/gift-card/${cardId}`);
    const window = page.getByTestId('recourse-window');
    await expect(window).toContainText('You can resubmit this card with new photos or appeal the rejection until');
    await expect(window.getByRole('button', { name: 'Resubmit' })).toBeVisible();
    await window.getByRole('button', { name: 'Appeal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Appeal the rejection' });
    await dialog.getByRole('button', { name: 'Send appeal' }).click();
    await expect(dialog.getByText('Why the decision should change is required')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Why the decision should change' }).fill(note);
    await dialog.getByRole('button', { name: 'Send appeal' }).click();
    await expect(toast(page, 'Appeal sent')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('appeal-state')).toContainText('Appeal of the rejection sent on');
    await expect(page.getByTestId('recourse-window')).toHaveCount(0);
  });

  const admin = await (await browser.newContext({ baseURL: process.env.E2E_BASE_URL })).newPage();
  await test.step('the admin who rejected it sees the appeal but may not decide it', async () => {
    await loginAs(admin, 'admin');
    await sidebar(admin).getByRole('link', { name: 'Appeals' }).click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Appeals' })).toBeVisible();
    await admin.goto('/appeals?state=open&sort=-created_at');
    const row = admin.getByRole('row').filter({ has: admin.getByRole('link', { name: `#${cardId}`, exact: true }) });
    await expect(row).toContainText(note);
    await expect(row).toContainText('Rejection: Unreadable image');
    await expect(row).toContainText('The PIN is scratched');
    await expect(row).toContainText('Your decision: another staff member decides');
    await expect(row.getByRole('button', { name: /^Decide/ })).toHaveCount(0);
  });

  const staff = await (await browser.newContext({ baseURL: process.env.E2E_BASE_URL })).newPage();
  await test.step('another staff member reverses it from the queue, with a note', async () => {
    await loginAs(staff, reviewer.email);
    // The dashboard counts the open appeals; its tile opens the queue, oldest first.
    const tile = staff.getByRole('list', { name: 'Key figures' }).getByRole('link', { name: /Appeals open/ });
    await expect(tile).toContainText(/Appeals open[1-9]\d*/);
    await tile.click();
    await expect(staff).toHaveURL(/\/appeals\?state=open&sort=created_at$/);
    await expect(staff.getByRole('heading', { level: 1, name: 'Appeals' })).toBeVisible();
    await staff.goto('/appeals?state=open&sort=-created_at');
    await idle(staff);
    const row = staff.getByRole('row').filter({ has: staff.getByRole('link', { name: `#${cardId}`, exact: true }) });
    // Nobody's name on the original decision.
    await expect(row).not.toContainText('Admin');
    await row.getByRole('button', { name: `Decide the appeal on card #${cardId}` }).click();
    const dialog = staff.getByRole('dialog', { name: `Appeal on card #${cardId}` });
    await expect(dialog).toContainText(note);
    await expect(dialog).toContainText('Reversing sends the card back to Pending');
    await dialog.getByLabel('Outcome').selectOption({ label: 'Reverse: undo the decision' });
    await dialog.getByRole('textbox', { name: 'Note to the seller' }).fill(answer);
    await dialog.getByRole('button', { name: 'Decide' }).click();
    await expect(toast(staff, 'Appeal decided: the decision is reversed.')).toBeVisible();
    await expect(dialog).toBeHidden();
    // The open queue no longer lists it.
    await expect(staff.getByRole('link', { name: `#${cardId}`, exact: true })).toHaveCount(0);
  });

  await test.step('the seller reads the outcome; the card is Pending again', async () => {
    await page.reload();
    await expect(page.getByTestId('appeal-state')).toContainText('Appeal accepted: the rejection was reversed');
    await expect(page.getByTestId('appeal-state')).toContainText(answer);
    await expect(page.getByTestId('appeal-state')).not.toContainText(reviewer.name);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Pending');
  });
});

test('a seller resubmits a rejected card with a new photo: it is Pending again', async ({ page }) => {
  const seller = await createUser('seller');
  const offer = await createOffer({ title: unique('Resubmit Offer') });
  const cardId = await createCard(seller.email, offer.id, 30);
  await rejectCard(cardId, 'unreadable_image', 'Blurred');
  await loginAs(page, seller.email);
  await page.goto(`/gift-card/${cardId}`);
  await page.getByTestId('recourse-window').getByRole('button', { name: 'Resubmit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Resubmit this card' });
  await dialog.getByRole('button', { name: 'Resubmit' }).click();
  await expect(dialog.getByText('At least one image is required')).toBeVisible();
  await dialog.getByLabel('New photos').setInputFiles(pngFile('new.png'));
  await dialog.getByRole('textbox', { name: 'Note for the reviewer' }).fill('Taken again in daylight');
  await dialog.getByRole('button', { name: 'Resubmit' }).click();
  await expect(toast(page, 'Gift card resubmitted')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Pending');
  await expect(page.getByTestId('appeal-state')).toContainText('Resubmitted on');
  await expect(page.getByTestId('rejection-notice')).toHaveCount(0);
});

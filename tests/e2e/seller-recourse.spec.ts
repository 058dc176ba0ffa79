import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { test, expect, loginAs, idle, createUser, createOffer, createCard, rejectCard, pngBytes, unique, apiCall } from './fixtures';
import { axeFindingsInBothThemes } from './fixtures/axe';

/**
 * Issue 53, a seller's recourse from start to end, at 1440 and at 900 px, each screen checked by axe in both themes:
 * the seller corrects a pending card (and is told to wait while a reviewer holds it; the reviewer sees the
 * correction), resubmits a rejected card with a new photo, appeals another rejection, which a second staff member
 * reverses from the Appeals queue, and accepts an adjusted approval.
 */
test.setTimeout(180_000);

const toast = (page: Page, text: string) => page.locator('#notistack-snackbar').filter({ hasText: text });

async function pageAs(browser: Browser, who: string, width: number): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width, height: 900 } })).newPage();
  await loginAs(page, who);
  return page;
}

function photoFile(tag: string): string {
  const p = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gcbo-e2e-img-')), 'new.png');
  fs.writeFileSync(p, pngBytes(8, 6, [30, 140, 90], tag));
  return p;
}

for (const width of [1440, 900]) {
  test(`at ${width} px: a seller corrects, resubmits, appeals and accepts an adjustment; staff decide the appeal`, async ({ browser }) => {
    const seller = await createUser('seller');
    const reviewer = await createUser('manager');
    const offer = await createOffer({ title: unique('Recourse Offer'), rate_type: 0, rate: 10, min_price: 10, max_price: 500 });
    const [corrected, resubmitted, appealed, adjusted] = [
      await createCard(seller.email, offer.id, 50),
      await createCard(seller.email, offer.id, 60),
      await createCard(seller.email, offer.id, 70),
      await createCard(seller.email, offer.id, 80),
    ];
    const axe: string[] = [];
    const own = await pageAs(browser, seller.email, width);
    const admin = await pageAs(browser, 'admin', width);

    await test.step('the seller corrects the price of a pending card; the reviewer sees the change', async () => {
      await own.goto(`/gift-card/${corrected}`);
      const form = own.getByRole('form', { name: 'Edit gift card' });
      await form.getByLabel(/^Price/).fill('45');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(toast(own, 'Gift card updated')).toBeVisible();
      axe.push(...(await axeFindingsInBothThemes(own, 'seller: a pending card, corrected')));
      await admin.goto(`/gift-card/${corrected}`);
      await expect(admin.getByTestId('seller-change-notice')).toContainText('price $50.00 → $45.00');
      axe.push(...(await axeFindingsInBothThemes(admin, "staff: a card with the seller's correction")));
    });

    await test.step('while the reviewer holds the card, a second correction waits with a clear message', async () => {
      await own.reload();
      const form = own.getByRole('form', { name: 'Edit gift card' });
      await form.getByLabel(/^Price/).fill('40');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(own.getByText('A reviewer is looking at this card right now, so your changes were not saved.')).toBeVisible();
      const stored = await apiCall('GET', `gift-card/${corrected}`, { as: seller.email });
      expect(Number(stored.body.data.price)).toBe(45);
    });

    await test.step('the seller resubmits a rejected card with a new photo', async () => {
      await rejectCard(resubmitted, 'unreadable_image', 'Blurred');
      await own.goto(`/gift-card/${resubmitted}`);
      await expect(own.getByTestId('rejection-notice')).toContainText('Unreadable image');
      axe.push(...(await axeFindingsInBothThemes(own, 'seller: a rejected card with its window')));
      await own.getByTestId('recourse-window').getByRole('button', { name: 'Resubmit' }).click();
      const dialog = own.getByRole('dialog', { name: 'Resubmit this card' });
      await dialog.getByLabel('New photos').setInputFiles(photoFile(unique('resubmit')));
      axe.push(...(await axeFindingsInBothThemes(own, 'seller: the resubmit dialog')));
      await dialog.getByRole('button', { name: 'Resubmit' }).click();
      await expect(toast(own, 'Gift card resubmitted')).toBeVisible();
      await expect(own.getByRole('heading', { level: 1 })).toContainText('Pending');
    });

    const note = `The PIN is readable on the back (${unique('appeal')}).`;
    await test.step('the seller appeals a rejection with a note', async () => {
      await rejectCard(appealed, 'unreadable_image', 'The PIN is scratched');
      await own.goto(`/gift-card/${appealed}`);
      await own.getByTestId('recourse-window').getByRole('button', { name: 'Appeal' }).click();
      const dialog = own.getByRole('dialog', { name: 'Appeal the rejection' });
      await dialog.getByRole('textbox', { name: 'Why the decision should change' }).fill(note);
      axe.push(...(await axeFindingsInBothThemes(own, 'seller: the appeal dialog')));
      await dialog.getByRole('button', { name: 'Send appeal' }).click();
      await expect(toast(own, 'Appeal sent')).toBeVisible();
      await expect(own.getByTestId('appeal-state')).toContainText('Appeal of the rejection sent on');
    });

    await test.step('another staff member reverses it from the Appeals queue', async () => {
      const staff = await pageAs(browser, reviewer.email, width);
      await staff.goto('/appeals?state=open&sort=-created_at');
      await idle(staff);
      const row = staff.getByRole('row').filter({ has: staff.getByRole('link', { name: `#${appealed}`, exact: true }) });
      await expect(row).toContainText(note);
      axe.push(...(await axeFindingsInBothThemes(staff, 'staff: the Appeals queue')));
      await row.getByRole('button', { name: `Decide the appeal on card #${appealed}` }).click();
      const dialog = staff.getByRole('dialog', { name: `Appeal on card #${appealed}` });
      await dialog.getByLabel('Outcome').selectOption({ label: 'Reverse: undo the decision' });
      await dialog.getByRole('textbox', { name: 'Note to the seller' }).fill('Checked again: readable.');
      axe.push(...(await axeFindingsInBothThemes(staff, 'staff: the decide-appeal dialog')));
      await dialog.getByRole('button', { name: 'Decide' }).click();
      await expect(toast(staff, 'Appeal decided: the decision is reversed.')).toBeVisible();
      await own.reload();
      await expect(own.getByTestId('appeal-state')).toContainText('Appeal accepted: the rejection was reversed');
      await expect(own.getByRole('heading', { level: 1 })).toContainText('Pending');
      axe.push(...(await axeFindingsInBothThemes(own, 'seller: the appeal outcome')));
    });

    await test.step('the seller accepts an adjusted approval', async () => {
      const adjust = await apiCall('POST', `gift-card-review/${adjusted}`, {
        as: 'admin',
        body: { action: 'approve', adjusted_price: 65, adjust_reason: 'partial_balance', adjust_note: 'The balance checked was $65.' },
      });
      expect(adjust.status, JSON.stringify(adjust.body)).toBe(200);
      await own.goto(`/gift-card/${adjusted}`);
      const notice = own.getByTestId('adjustment-notice');
      await expect(notice).toContainText('Approved at $65.00, you asked $80.00: Partial balance');
      axe.push(...(await axeFindingsInBothThemes(own, 'seller: an adjusted approval to answer')));
      await notice.getByRole('button', { name: 'Accept' }).click();
      await expect(toast(own, 'Adjusted value accepted: the card can be paid')).toBeVisible();
      await expect(notice).toContainText('Accepted on');
      await own.goto('/gift-cards');
      await expect(own.getByRole('heading', { level: 1 })).toBeVisible();
      axe.push(...(await axeFindingsInBothThemes(own, 'seller: My Gift Cards')));
    });

    expect(axe).toEqual([]);
  });
}

// Desktop only: list paging by keyset cursors through main's argument checks, and a CSV export main saves to disk.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { IPC, type ExportProgress } from '../../src/shared/bridge';
import { test, expect, loginAs, idle, createOffer, createCard, approveCard, unique } from './fixtures';

const CARDS = 11; // three pages of 5

/** Pages Next to the third page and Previous back to the first, checking each page's rows and that none fails. */
async function pageToThirdAndBack(page: Page, url: string, cursorLength: number) {
  await page.goto(url);
  const table = page.getByRole('table', { name: 'Gift cards' });
  const nav = page.getByRole('navigation', { name: 'Pagination' });
  const rows = table.getByRole('row');
  const settled = () => expect(table).toHaveAttribute('aria-busy', 'false');
  await settled();
  await expect(rows).toHaveCount(6);
  const first = await rows.nth(1).textContent();
  for (const n of [2, 3]) {
    await nav.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(new RegExp(`page=${n}&cursor=[\\w-]{${cursorLength},}`));
    await expect(nav.getByRole('button', { name: String(n), exact: true })).toHaveAttribute('aria-current', 'page');
    await settled();
    await expect(rows).toHaveCount(n === 3 ? 2 : 6);
  }
  for (const n of [2, 1]) {
    await nav.getByRole('button', { name: 'Previous' }).click();
    await expect(nav.getByRole('button', { name: String(n), exact: true })).toHaveAttribute('aria-current', 'page');
    await settled();
    await expect(rows).toHaveCount(6);
  }
  await expect(rows.nth(1)).toHaveText(first ?? '');
  await expect(page.getByRole('alert')).toHaveCount(0);
}

test('Next and Previous page the approval-date and review-due lists by their cursors', async ({ page }) => {
  const approved = await createOffer({ title: unique('Approved paging') });
  const pending = await createOffer({ title: unique('Review paging') });
  for (let i = 0; i < CARDS; i++) {
    await approveCard(await createCard('seller', approved.id, 20 + i));
    await createCard('seller', pending.id, 20 + i);
  }
  await loginAs(page, 'admin');
  // Main once capped query values at 64 characters: these cursors are longer (68 here); review_due's are 68 on
  // PostgreSQL (microseconds) but 63-64 on PGlite (milliseconds), as tests/unit/main-cursor-args.test.ts shows.
  await pageToThirdAndBack(page, `/gift-cards?offer_id=${approved.id}&sort=-approval_date`, 65);
  await pageToThirdAndBack(page, `/gift-cards?status=0&offer_id=${pending.id}&sort=review_due`, 60);
});

test('Export CSV: main streams the export into the file chosen in the Save dialog, with progress', async ({ page, desktop }) => {
  const offer = await createOffer({ title: unique('Export offer') });
  for (let i = 0; i < 3; i++) await createCard('seller', offer.id, 30 + i);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gcbo-e2e-export-')), 'cards.csv');
  desktop.dialogs.saveAs(file);
  await loginAs(page, 'admin');
  await page.goto(`/gift-cards?offer_id=${offer.id}`);
  await idle(page);
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(page.getByText(`Exported 3 rows to ${file}`)).toBeVisible();
  const lines = fs.readFileSync(file, 'utf8').trim().split(/\r?\n/);
  expect(lines).toHaveLength(4);
  expect(lines.slice(1).every((l) => l.includes(offer.title))).toBe(true);
  expect(desktop.dialogs.askedToSave.at(-1)).toMatchObject({ title: 'Export CSV' });
  const progress = desktop.sent.filter((s) => s.channel === IPC.exportProgress).map((s) => s.message as ExportProgress);
  expect(progress.at(-1)).toMatchObject({ rows: 3, done: true });
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
});

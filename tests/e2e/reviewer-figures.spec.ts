import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import { test, expect, loginAs, sidebar, apiCall, createUser, createOffer, createCard, unique } from './fixtures';

/**
 * Issue 54: an admin reads the reviewer figures of a period (in the URL), downloads them as CSV and sees the chart; a
 * reviewer's decisions made through the API show as their row. Managers are not offered the screen.
 */
test.setTimeout(120_000);

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test('an admin reads a reviewer’s figures for a period, exports them and sees the chart', async ({ page }) => {
  const reviewer = await createUser('manager', unique('Figures Reviewer'));
  const seller = await createUser('seller');
  const offer = await createOffer({ title: unique('Figures Offer') });
  const [a, b] = [await createCard(seller.email, offer.id, 40), await createCard(seller.email, offer.id, 45)];
  // The reviewer opens each card (its claim) and decides it: two timed decisions, both within the review target.
  for (const [id, body] of [
    [a, { action: 'approve', card_number: unique('FIG').replace(/\s+/g, '-') }],
    [b, { action: 'reject', reject_reason: 'other' }],
  ] as const) {
    expect((await apiCall('POST', `gift-card-claim/${id}`, { as: reviewer.email })).status).toBe(200);
    const r = await apiCall('POST', `gift-card-review/${id}`, { as: reviewer.email, body });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }

  await loginAs(page, 'admin');
  await sidebar(page).getByRole('link', { name: 'Reviewer figures' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reviewer figures' })).toBeVisible();
  await expect(page.getByLabel('From', { exact: true })).toBeVisible();

  // The period goes into the URL; a day either side of today (UTC) holds the decisions whatever the browser's zone.
  await page.getByLabel('From', { exact: true }).fill(day(-1));
  await page.getByLabel('To', { exact: true }).fill(day(1));
  await expect(page).toHaveURL(new RegExp(`from=${day(-1)}.*to=${day(1)}`));
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: reviewer.name }) });
  await expect(row.getByRole('cell')).toHaveText(['1', '1', '2', /^\d+(\.\d)?$/, /\d+(\.\d)? s|min/, '100%', '–', '–']);

  // The chart of approvals and rejections per reviewer, and its numbers.
  await expect(page.getByRole('img', { name: /^Approvals and rejections per reviewer:/ })).toBeVisible();

  // The CSV holds the same figures.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`reviewer-figures-${day(-1)}-to-${day(1)}.csv`);
  const lines = parse(fs.readFileSync((await download.path())!, 'utf8'), { columns: true }) as Record<string, string>[];
  expect(lines.find((l) => l.reviewer === reviewer.name)).toMatchObject({
    reviewer_id: String(reviewer.id),
    approvals: '1',
    rejections: '1',
    decisions: '2',
    timed_decisions: '2',
    sla_decisions: '2',
    sla_met: '2',
    sla_met_share: '1',
  });

  // A period without decisions is empty; a To before From says why at the field. Reloading keeps the period.
  await page.goto('/reviewer-figures?from=2001-01-01&to=2001-01-31');
  await expect(page.getByText('No decisions in this period')).toBeVisible();
  await expect(page.getByLabel('From', { exact: true })).toHaveValue('2001-01-01');
  await page.getByLabel('To', { exact: true }).fill('2000-12-01');
  await expect(page.getByText('The to field must be on or after the from date.').first()).toBeVisible();
});

test('a manager is not offered the screen and is told it is for admins', async ({ page }) => {
  await loginAs(page, 'manager');
  await expect(sidebar(page).getByRole('link', { name: 'Reviewer figures' })).toHaveCount(0);
  await page.goto('/reviewer-figures');
  await expect(page.getByRole('alert')).toContainText('It is for admins only.');
});

import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import { test, expect, loginAs, shot, apiCall, createCard, createOffer, createUser, sidebar, users } from './fixtures';

/** The audit log (issue 54): an admin narrows it to one card's decisions, follows the record, and exports what it shows. */
test('an admin filters the audit log to one card’s decisions and exports it', async ({ page }) => {
  const seller = await createUser('seller');
  const offer = await createOffer();
  const card = await createCard(seller.email, offer.id, 40);
  const other = await createCard(seller.email, offer.id, 60);
  for (const id of [card, other]) {
    const r = await apiCall('POST', `gift-card-review/${id}`, { as: 'manager', body: { action: 'approve' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }

  await loginAs(page, 'admin');
  await sidebar(page).getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/audit-log$/);
  const table = page.getByRole('table', { name: 'Audit log' });
  await expect(table.getByRole('columnheader')).toHaveText(['When', 'Who', 'Action', 'Record', 'Details']);
  await expect(table.getByRole('link', { name: `Gift card ${other}` }).first()).toBeVisible();

  const bar = page.getByRole('search', { name: 'Filter the audit log' });
  await bar.getByLabel('Record type').selectOption({ label: 'Gift card' });
  await bar.getByLabel('Record id').fill(String(card));
  await bar.getByLabel('Action').selectOption({ label: 'Approve' });
  await expect(page).toHaveURL(new RegExp(`entity=gift_card.*entity_id=${card}.*action=approve|action=approve.*entity_id=${card}`));
  await expect(table.getByRole('row')).toHaveCount(2); // the header and the one decision
  const row = table.getByRole('row').nth(1);
  await expect(row.getByRole('cell').nth(1)).toHaveText(users().manager.name);
  await expect(row.getByRole('cell').nth(2)).toHaveText('Approve');
  await expect(row.getByRole('link', { name: `Gift card ${card}` })).toHaveAttribute('href', `/gift-card/${card}`);
  await expect(row.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  await shot(page, 'audit-log-one-card');

  // The filters live in the URL: a reload shows the same list.
  await page.reload();
  await expect(page.getByRole('table', { name: 'Audit log' }).getByRole('row')).toHaveCount(2);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  const exported = parse(fs.readFileSync((await download.path())!, 'utf8'), { columns: true }) as Record<string, string>[];
  expect(exported).toHaveLength(1);
  expect(exported[0]).toMatchObject({ action: 'approve', entity: 'gift_card', entity_id: String(card), actor_name: users().manager.name });

  // Clicking who did it narrows the log to that person.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await table
    .getByRole('button', { name: `Show only ${users().manager.name}'s actions` })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`actor_id=${users().manager.id}`));
  await expect(bar.getByLabel('Who')).toHaveValue(String(users().manager.id));
});

test('the audit log is for admins only', async ({ page }) => {
  await loginAs(page, 'manager');
  await expect(sidebar(page).getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  await page.goto('/audit-log');
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
  await expect(page.getByText('It is for admins only.')).toBeVisible();
});

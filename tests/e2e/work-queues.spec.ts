import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { Page } from '@playwright/test';
import {
  test,
  expect,
  loginAs,
  goVia,
  idle,
  shot,
  sidebar,
  createUser,
  createOffer,
  createCard,
  approveCard,
  sellerWithDue,
  createTransaction,
  apiCall,
  unique,
  pickSeller,
} from './fixtures';

/** Screenshots in both colour schemes at 1440 and 900 px wide. */
async function shotsBoth(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1440, 900]) {
      await page.setViewportSize({ width, height: 900 });
      await shot(page, `${name}-${scheme}-${width}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Work queues (issue 13): filters, search, sort and size in the URL; the pending badge and the next pending card. */
test('staff filter the cards to one seller’s pending cards of today, sort by price, open one, go Back and find the same list; the URL reproduces it', async ({
  page,
  context,
}) => {
  const seller = await createUser('seller');
  const other = await createUser('seller');
  const offer = await createOffer({ title: unique('Queue Offer'), price_type: 0, min_price: 10, max_price: 500, rate_type: 0, rate: 10 });
  const cheap = await createCard(seller.email, offer.id, 30);
  const approved = await createCard(seller.email, offer.id, 90);
  const dear = await createCard(seller.email, offer.id, 60);
  await createCard(other.email, offer.id, 45);
  await approveCard(approved);
  const today = new Date().toISOString().slice(0, 10);

  await loginAs(page, 'admin');
  await goVia(page, 'Gift Cards');
  await idle(page);

  const counts = await apiCall('GET', 'gift-card-status-counts', { as: 'admin' });
  await expect(sidebar(page).getByTestId('pending-badge')).toContainText(String(counts.body.data.pending));

  const bar = page.getByRole('search', { name: 'Filter gift cards' });
  // Staff pick the status by its tab (with its count); the URL's status param is the same as the spec's select set.
  const pending = page.getByRole('tab', { name: /^Pending \(\d+\)$/ });
  await pending.click();
  // The pending cards load under the full-page loader. Playwright checks only a click's first event against its target:
  // a loader that shows between the press and the release takes the release, and the click is lost (a CI run did).
  await expect(pending).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('table', { name: 'Gift cards' })).toHaveAttribute('aria-busy', 'false');
  await idle(page);
  // The other filters are behind one compact row (issue 32): the search box, then Filters opens them.
  await expect(bar.getByRole('status')).toHaveText(/^[\d,]+ cards?$/);
  await expect(bar.getByLabel('Seller', { exact: true })).toBeHidden();
  const filtersButton = bar.getByRole('button', { name: 'Filters', exact: true });
  await expect(filtersButton).toHaveAttribute('aria-expanded', 'false');
  await filtersButton.click();
  await expect(filtersButton).toHaveAttribute('aria-expanded', 'true');
  await pickSeller(bar, seller.name);
  await bar.getByLabel('From', { exact: true }).fill(today);
  await bar.getByLabel('To', { exact: true }).fill(today);
  await bar.getByLabel('Sort', { exact: true }).selectOption({ label: 'Price, lowest first' });
  await expect(page).toHaveURL(/status=0/);
  await expect(page).toHaveURL(new RegExp(`seller_id=${seller.id}`));
  await expect(page).toHaveURL(/sort=price/);

  const rows = page.getByRole('row').filter({ hasText: offer.title });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAttribute('data-testid', `card-row-${cheap}`);
  await expect(rows.nth(1)).toHaveAttribute('data-testid', `card-row-${dear}`);
  // A chip for each active filter (the status is its tab), and the count.
  const chips = bar.getByRole('list', { name: 'Active filters' });
  await expect(chips.getByRole('button')).toHaveText([
    `Seller: ${seller.name}`,
    `From: ${today}`,
    `To: ${today}`,
    'Sort: Price, lowest first',
  ]);
  await expect(chips.getByRole('button', { name: `Remove filter Seller: ${seller.name}` })).toBeVisible();
  await expect(bar.getByRole('status')).toHaveText('2 cards');
  await shotsBoth(page, 'work-queue-filters-open');
  // Folded away, the chips still say what filters the list.
  await filtersButton.click();
  await expect(bar.getByLabel('Seller', { exact: true })).toBeHidden();
  await expect(chips.getByRole('button')).toHaveCount(4);
  await shotsBoth(page, 'work-queue-filter-chips');
  const filtered = page.url();

  // Export CSV of the filtered list: the file holds the same cards (newest first), with plain amounts.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  const file = await download.path();
  const exported = parse(fs.readFileSync(file!, 'utf8'), { columns: true }) as Record<string, string>[];
  expect(exported.map((r) => Number(r.id))).toEqual([dear, cheap]);
  expect(exported.map((r) => r.price)).toEqual(['60.00', '30.00']);
  expect(exported[0]).toMatchObject({ status: 'Pending', seller_name: seller.name, offer_title: offer.title });
  await shot(page, 'work-queue-filtered');

  await page
    .getByTestId(`card-row-${dear}`)
    .getByRole('link', { name: /^View card/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/gift-card/${dear}$`));
  await expect(page.getByRole('button', { name: 'Next card' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(filtered);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAttribute('data-testid', `card-row-${cheap}`);
  await expect(page.getByRole('tab', { name: /^Pending/ })).toHaveAttribute('aria-selected', 'true');

  // A colleague (their own sign-in: the session is per tab) opens the pasted link.
  const colleague = await context.newPage();
  await loginAs(colleague, 'admin');
  await colleague.goto(filtered);
  const theirRows = colleague.getByRole('row').filter({ hasText: offer.title });
  await expect(theirRows).toHaveCount(2);
  await expect(theirRows.nth(1)).toHaveAttribute('data-testid', `card-row-${dear}`);
  await colleague.close();

  // A chip's delete removes its filter from the URL: without the sort, the Pending tab lists the card due first (the
  // first sent, issue 55).
  await chips.getByRole('button', { name: 'Remove filter Sort: Price, lowest first' }).locator('.MuiChip-deleteIcon').click();
  await expect(page).not.toHaveURL(/sort=/);
  await expect(page).toHaveURL(new RegExp(`seller_id=${seller.id}`));
  await expect(rows.nth(0)).toHaveAttribute('data-testid', `card-row-${cheap}`);
  await expect(rows.nth(1)).toHaveAttribute('data-testid', `card-row-${dear}`);
  await expect(chips.getByRole('button')).toHaveCount(3);
  // By keyboard: Backspace on a focused chip removes it too.
  await chips.getByRole('button', { name: `Remove filter To: ${today}` }).focus();
  await page.keyboard.press('Backspace');
  await expect(page).not.toHaveURL(/to=/);
  await expect(chips.getByRole('button')).toHaveCount(2);

  await bar.getByLabel(/^Search/).fill('no-such-card-zz');
  await expect(page.getByText(/^No cards match: search "no-such-card-zz", Status Pending/)).toBeVisible();
  await bar.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/gift-cards$/);
  await expect(page.getByRole('row').filter({ hasText: offer.title }).first()).toBeVisible();
  // No filter at all: the count still shows, and there are no chips.
  await expect(bar.getByRole('status')).toHaveText(/^[\d,]+ cards$/);
  await expect(chips).toHaveCount(0);
});

test('every list has its filter bar: transactions by seller and redeemed, sorted by a column header; sellers, users and offers searched', async ({
  page,
}) => {
  const { seller } = await sellerWithDue(200, 10);
  const { seller: other } = await sellerWithDue(100, 10);
  const small = await createTransaction(seller.id, 10);
  const large = await createTransaction(seller.id, 25.5);
  await createTransaction(other.id, 5);

  await loginAs(page, 'admin');
  await goVia(page, 'Transactions');
  const bar = page.getByRole('search', { name: 'Filter transactions' });
  await pickSeller(bar, seller.name);
  await expect(page).toHaveURL(new RegExp(`seller_id=${seller.id}`));
  const table = page.getByRole('table', { name: 'Transactions' });
  const codes = table.getByRole('row').filter({ hasText: /TX-/ });
  await expect(codes).toHaveCount(2);
  await expect(page.getByRole('status').filter({ hasText: /^2 transactions$/ })).toBeVisible();

  await table.getByRole('button', { name: 'Transactions Amount' }).click();
  await expect(page).toHaveURL(/sort=-amount/);
  await expect(codes.nth(0)).toContainText(large);
  await expect(codes.nth(0)).toContainText('$25.50');
  await expect(table.getByRole('columnheader', { name: 'Transactions Amount' })).toHaveAttribute('aria-sort', 'descending');
  await table.getByRole('button', { name: 'Transactions Amount' }).click();
  await expect(page).toHaveURL(/sort=amount/);
  await expect(codes.nth(0)).toContainText(small);
  await expect(bar.getByLabel('Sort', { exact: true })).toHaveValue('amount');

  await shot(page, 'transactions-sorted');
  await bar.getByLabel('Min amount').fill('20');
  await expect(page).toHaveURL(/min_amount=20/);
  await expect(codes).toHaveCount(1);
  await bar.getByLabel('Min amount').fill('abc');
  await expect(bar.getByText('An amount like 12.50')).toBeVisible();
  await bar.getByLabel('Min amount').fill('');
  await bar.getByLabel('Redeemed', { exact: true }).selectOption({ label: 'Yes' });
  await expect(page.getByText(`No transactions match: Seller ${seller.name}, Redeemed Yes`)).toBeVisible();
  await page.reload();
  await expect(page.getByText(`No transactions match: Seller ${seller.name}, Redeemed Yes`)).toBeVisible();

  await goVia(page, 'Seller Lists');
  const sellers = page.getByRole('search', { name: 'Filter sellers' });
  await sellers.getByLabel('Search by name or email').fill(other.name);
  await expect(page).toHaveURL(/q=/);
  await expect(page.getByRole('table', { name: 'Sellers' }).getByRole('row').filter({ hasText: other.email })).toHaveCount(1);
  await expect(page.getByRole('table', { name: 'Sellers' }).getByRole('row').filter({ hasText: seller.email })).toHaveCount(0);

  await goVia(page, 'User Lists');
  const manager = await createUser('manager');
  await page.reload();
  const usersBar = page.getByRole('search', { name: 'Filter users' });
  await usersBar.getByLabel('Account type').selectOption({ label: 'Manager' });
  await usersBar.getByLabel('Search users').fill(manager.name);
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: manager.email })).toHaveCount(1);
  await usersBar.getByLabel('Account type').selectOption({ label: 'Seller' });
  await expect(page.getByText(/^No users match: search ".+", Account type Seller$/)).toBeVisible();

  const offer = await createOffer({ title: unique('Filtered Offer'), is_active: 0 });
  await goVia(page, 'Gift Card Offers');
  const offersBar = page.getByRole('search', { name: 'Filter offers' });
  await offersBar.getByLabel('Search offers').fill(offer.title);
  await offersBar.getByLabel('Active', { exact: true }).selectOption({ label: 'No' });
  await expect(page).toHaveURL(/is_active=0/);
  await expect(page.getByRole('row').filter({ hasText: offer.title })).toHaveCount(1);
  await offersBar.getByLabel('Active', { exact: true }).selectOption({ label: 'Yes' });
  // The offer's row is gone: the list's empty row says so (and names the search, so it holds the title too).
  await expect(page.getByText(/^No offers match: search ".+", Active Yes$/)).toBeVisible();
});

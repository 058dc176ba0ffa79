import type { Browser, Page } from '@playwright/test';
import {
  test,
  expect,
  loginAs,
  shot,
  apiCall,
  approveCard,
  baseUrl,
  createCard,
  createOffer,
  createTransaction,
  createUser,
} from './fixtures';

/** A second, separate browser session (its own storage) logged in as `who`. */
async function sessionOf(browser: Browser, who: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl() });
  const page = await context.newPage();
  await loginAs(page, who);
  return page;
}

test.describe('money operations', () => {
  test('staff dispute a paid card: the seller’s due drops by the paid amount; resolving gives it back', async ({ page, browser }) => {
    const seller = await createUser('seller');
    const offer = await createOffer({ rate_type: 0, rate: 10 });
    const bad = await createCard(seller.email, offer.id, 100); // payable $90.00
    await approveCard(bad);
    await createTransaction(seller.id, 90); // pays the bad card in full
    const good = await createCard(seller.email, offer.id, 200); // payable $180.00
    await approveCard(good);

    const sellerPage = await sessionOf(browser, seller.email);
    await expect(sellerPage.getByTestId('seller-due')).toHaveText('Due: $180.00');

    await loginAs(page, 'admin');
    await page.goto(`/gift-card/${good}`);
    // An approved card without payments has no Dispute action.
    await expect(page.getByRole('heading', { level: 1 }).getByTestId('status-badge')).toHaveText('Approved');
    await expect(page.getByRole('button', { name: 'Dispute' })).toHaveCount(0);
    await page.goto(`/gift-card/${bad}`);
    await page.getByRole('button', { name: 'Dispute' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dispute this card' });
    await expect(dialog.getByTestId('dispute-effect')).toContainText('$90.00 paid on this card is clawed back');
    await dialog.getByRole('button', { name: 'Dispute' }).click();
    await expect(dialog.getByText('Reason is required')).toBeVisible();
    await dialog.getByLabel('Reason').selectOption({ label: 'Card already used' });
    await dialog.getByLabel('Note').fill('The buyer found a zero balance');
    await shot(page, 'dispute-dialog');
    await dialog.getByRole('button', { name: 'Dispute' }).click();
    await expect(page.getByText('Card marked as disputed')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 }).getByTestId('status-badge')).toHaveText('Disputed');
    await expect(page.getByTestId('disputed-lock')).toBeVisible();
    await shot(page, 'card-disputed');

    // The clawback entry in the transaction list, negative, with its own code and no edit action.
    await page.goto('/transactions');
    const row = page.getByRole('row').filter({ hasText: 'Clawback' }).first();
    await expect(row).toContainText(seller.name);
    await expect(row).toContainText('-$90.00');
    await expect(row.getByRole('button', { name: /Edit transaction/ })).toHaveCount(0);

    const due = await apiCall('GET', 'seller-due', { as: seller.email });
    expect(due.body.due).toBe(90);
    await sellerPage.reload();
    await expect(sellerPage.getByTestId('seller-due')).toHaveText('Due: $90.00');
    await sellerPage.goto('/my-transaction');
    const sellerRow = sellerPage.getByRole('row').filter({ hasText: 'Clawback' });
    await expect(sellerRow).toContainText('-$90.00');
    // The clawback names its card (issue 55): the seller follows it to the disputed card.
    await expect(sellerRow.getByRole('link', { name: `Card #${bad}` })).toHaveAttribute('href', `/gift-card/${bad}`);
    await sellerPage.context().close();

    // Staff resolve: the card is approved again and the due is back.
    const resolved = await apiCall('POST', `gift-card-dispute-resolve/${bad}`, { as: 'admin', body: { note: 'merchant error' } });
    expect(resolved.status).toBe(200);
    expect((await apiCall('GET', 'seller-due', { as: seller.email })).body.due).toBe(180);
  });

  test('one truth for money: a seller who owes back sees the sign everywhere; pending cards have no due; the card shows its clawback', async ({
    page,
    browser,
  }) => {
    const seller = await createUser('seller');
    const offer = await createOffer({ rate_type: 0, rate: 10 });
    const bad = await createCard(seller.email, offer.id, 100); // payable $90.00
    await approveCard(bad);
    await createTransaction(seller.id, 90);
    const pending = await createCard(seller.email, offer.id, 30); // payable $27.00, due nothing yet
    expect((await apiCall('POST', `gift-card-dispute/${bad}`, { as: 'admin', body: { reason: 'used' } })).status).toBe(200);

    const sellerPage = await sessionOf(browser, seller.email);
    await expect(sellerPage.getByTestId('seller-due')).toHaveText('Due: owes back $90.00');
    await expect(sellerPage.getByRole('listitem').filter({ hasText: 'Due to me' })).toContainText('owes back $90.00');
    await sellerPage.goto('/gift-cards');
    await expect(sellerPage.getByRole('row').filter({ hasText: 'Disputed' }).first()).toContainText('owes back $90.00');
    const pendingRow = sellerPage.getByRole('row').filter({ hasText: 'Pending' }).first();
    await expect(pendingRow).toContainText('$27.00');
    await expect(pendingRow.getByRole('cell').nth(-2)).toHaveText('—');
    await shot(sellerPage, 'seller-owes-back');
    await sellerPage.context().close();

    await loginAs(page, 'admin');
    await page.goto(`/gift-card/${bad}`);
    await expect(page.getByTestId('money-owes-back')).toHaveText('$90.00');
    await expect(page.getByText('the seller owes back $90.00')).toBeVisible();
    const clawbacks = page.getByRole('table', { name: 'Clawbacks of this card' });
    await expect(clawbacks.getByRole('row').filter({ hasText: 'Clawed back' })).toContainText('-$90.00');
    await page.goto(`/gift-card/${pending}`);
    await expect(page.getByTestId('money-due')).toHaveText('—');
  });

  test('a seller opens their statement from the Due in the top bar: it closes at that Due; print layout; staff open it from the seller list', async ({
    page,
    browser,
  }) => {
    const seller = await createUser('seller');
    const offer = await createOffer({ rate_type: 0, rate: 10 });
    const a = await createCard(seller.email, offer.id, 50); // payable $45.00
    await approveCard(a);
    const b = await createCard(seller.email, offer.id, 30); // payable $27.00
    await approveCard(b);
    const code = await createTransaction(seller.id, 20);

    const sellerPage = await sessionOf(browser, seller.email);
    const due = sellerPage.getByTestId('seller-due');
    await expect(due).toHaveText('Due: $52.00');
    await due.click();
    await expect(sellerPage).toHaveURL(/\/statement$/);
    await expect(sellerPage.getByRole('heading', { name: `Statement: ${seller.name}` })).toBeVisible();
    const table = sellerPage.getByRole('table', { name: 'Statement' });
    await expect(table.getByTestId('statement-event')).toHaveCount(3);
    await expect(table.getByTestId('statement-event').nth(2)).toContainText(code);
    await expect(table.getByTestId('statement-event').nth(2)).toContainText('-$20.00');
    await expect(table.getByTestId('statement-closing')).toContainText('$52.00');
    await expect(table.getByTestId('statement-closing').getByRole('cell').last()).toHaveText(
      (await due.textContent())!.replace('Due: ', ''),
    );
    await shot(sellerPage, 'statement-seller');
    // The print layout: the statement alone, without the top bar, the menu or the buttons.
    await sellerPage.emulateMedia({ media: 'print' });
    await expect(sellerPage.getByRole('banner')).toBeHidden();
    await expect(sellerPage.getByRole('button', { name: 'Export CSV' })).toBeHidden();
    await expect(table).toBeVisible();
    await shot(sellerPage, 'statement-print');
    await sellerPage.context().close();

    await loginAs(page, 'admin');
    await page.goto('/sellers');
    await page.getByRole('link', { name: `Statement of ${seller.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/statement\\?seller_id=${seller.id}$`));
    await expect(page.getByRole('table', { name: 'Statement' }).getByTestId('statement-closing')).toContainText('$52.00');
    // A range before anything happened: opening and closing $0.00, no changes.
    await page.getByLabel('From', { exact: true }).fill('2020-01-01');
    await page.getByLabel('To', { exact: true }).fill('2020-01-31');
    await expect(page).toHaveURL(/start_date=2020-01-01/);
    await expect(page.getByText('No changes in this period')).toBeVisible();
    await expect(page.getByTestId('statement-closing')).toContainText('$0.00');
    await shot(page, 'statement-staff');
  });
});

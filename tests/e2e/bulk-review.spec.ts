import {
  test,
  expect,
  loginAs,
  goVia,
  idle,
  shot,
  createUser,
  createOffer,
  createCard,
  approveCard,
  apiCall,
  unique,
  pickSeller,
} from './fixtures';
import { axeViolations } from './fixtures/axe';

/** Issue 21: bulk approve / reject of selected rows, each card checked by the server as if done alone. */
test('bulk approve with a refused row: the summary says which passed and which not; bulk reject asks for the reason', async ({ page }) => {
  const seller = await createUser('seller');
  const offer = await createOffer({ title: unique('Bulk Offer'), price_type: 0, min_price: 10, max_price: 500, rate_type: 0, rate: 10 });
  const number = `BULK-${Date.now().toString(36).toUpperCase()}`;
  const first = await createCard(seller.email, offer.id, 40, { cardNumber: number });
  await approveCard(first);
  const duplicate = await createCard(seller.email, offer.id, 50, { cardNumber: number });
  const fine = await createCard(seller.email, offer.id, 60, { cardNumber: `${number}-OK` });
  const third = await createCard(seller.email, offer.id, 70, { cardNumber: `${number}-R` });

  await loginAs(page, 'admin');
  await goVia(page, 'Gift Cards');
  await idle(page);
  const bar = page.getByRole('search', { name: 'Filter gift cards' });
  await bar.getByRole('button', { name: 'Filters', exact: true }).click();
  await pickSeller(bar, seller.name);
  await expect(page.getByRole('row').filter({ hasText: offer.title })).toHaveCount(4);

  await page.getByRole('checkbox', { name: `Select card ${duplicate}` }).check();
  await page.getByRole('checkbox', { name: `Select card ${fine}` }).check();
  await expect(page.getByRole('region', { name: 'Selected cards' })).toContainText('2 selected');
  await page.getByRole('button', { name: 'Approve selected' }).click();
  const ask = page.getByRole('dialog', { name: 'Approve 2 cards?' });
  await expect(ask).toContainText('Each card is checked as if approved alone.');
  await expect(ask).not.toContainText('no card number');
  await ask.getByRole('button', { name: 'Approve 2 cards' }).click();
  const summary = page.getByRole('dialog', { name: 'Review summary' });
  await expect(summary).toContainText('1 passed, 1 refused');
  await expect(summary.getByTestId(`bulk-result-${fine}`)).toContainText('done');
  await expect(summary.getByTestId(`bulk-result-${duplicate}`)).toContainText('refused');
  await shot(page, 'bulk-review-summary');
  await summary.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId(`card-row-${fine}`)).toContainText('Approved');
  await expect(page.getByTestId(`card-row-${duplicate}`)).toContainText('Pending');

  await page.getByRole('checkbox', { name: `Select card ${third}` }).check();
  await page.getByRole('button', { name: 'Reject selected' }).click();
  const dlg = page.getByRole('dialog', { name: 'Reject 1 card' });
  await dlg.getByLabel('Reason').selectOption({ label: '5. Suspected fraud' });
  await dlg.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByRole('dialog', { name: 'Review summary' })).toContainText('1 passed, 0 refused');
  await page.getByRole('dialog', { name: 'Review summary' }).getByRole('button', { name: 'Close' }).click();
  const card = await apiCall('GET', `gift-card/${third}`, { as: 'admin' });
  expect(card.body.data).toMatchObject({ card_status: 2, reject_reason: 'suspected_fraud' });

  // The approved card is paid from its pay icon's call: the Transactions list says so and links to the card.
  const code = unique('CP').replace(/\s+/g, '-');
  const pay = await apiCall('POST', 'transaction', { as: 'admin', body: { code, gidcard_id: fine, transaction_amount: 5 } });
  expect(pay.status).toBe(200);
  await goVia(page, 'Transactions');
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row.getByTestId('payment-kind')).toContainText('Card payment');
  await row.getByRole('link', { name: `Card #${fine}` }).click();
  await expect(page).toHaveURL(new RegExp(`/gift-card/${fine}$`));
});

test('bulk approve asks first, naming the count and the cards without a number; the Approved tab offers no Approve (issue 55)', async ({
  page,
}) => {
  const seller = await createUser('seller');
  const offer = await createOffer({ title: unique('Bulk Ask Offer') });
  const numbered = await createCard(seller.email, offer.id, 40, { cardNumber: `ASK-${Date.now().toString(36)}` });
  const bare = [await createCard(seller.email, offer.id, 50), await createCard(seller.email, offer.id, 60)];
  const approved = await createCard(seller.email, offer.id, 70, { cardNumber: `ASK-A-${Date.now().toString(36)}` });
  await approveCard(approved);

  await loginAs(page, 'admin');
  await page.goto(`/gift-cards?status=0&seller_id=${seller.id}`);
  for (const id of [numbered, ...bare]) await page.getByRole('checkbox', { name: `Select card ${id}` }).check();
  await page.getByRole('button', { name: 'Approve selected' }).click();
  const ask = page.getByRole('dialog', { name: 'Approve 3 cards?' });
  await expect(ask).toContainText('2 of them have no card number.');
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await shot(page, 'bulk-approve-confirm');
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(ask).toHaveCount(0);
  for (const id of [numbered, ...bare]) expect((await apiCall('GET', `gift-card/${id}`, { as: 'admin' })).body.data.card_status).toBe(0);

  await page.getByRole('tab', { name: /^Approved/ }).click();
  await page.getByRole('checkbox', { name: `Select card ${approved}` }).check();
  const selection = page.getByRole('region', { name: 'Selected cards' });
  await expect(selection).toContainText('selected');
  await expect(selection.getByRole('button', { name: 'Approve selected' })).toHaveCount(0);
  await expect(selection.getByRole('button', { name: 'Reject selected' })).toBeVisible();
});

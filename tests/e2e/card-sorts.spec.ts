import type { Page } from '@playwright/test';
import { test, expect, loginAs, idle, createUser, createOffer, createCard, unique } from './fixtures';

/**
 * The gift card list's Seller Info, Card Info and Card Number headers sort the rows (issue 55): by the seller's name,
 * the offer's title and the card number (cards without one last both ways), the sort in the URL.
 */
const rowsOf = (page: Page) => page.getByRole('table', { name: 'Gift cards' }).locator('[data-testid^="card-row-"]');
const inOrder = async (page: Page, ids: number[]) => {
  await expect(page.getByRole('table', { name: 'Gift cards' })).toHaveAttribute('aria-busy', 'false');
  await expect(rowsOf(page)).toHaveCount(ids.length);
  for (const [i, id] of ids.entries()) await expect(rowsOf(page).nth(i)).toHaveAttribute('data-testid', `card-row-${id}`);
};
async function clickHeader(page: Page, label: string, sort: string, ariaSort: 'ascending' | 'descending') {
  const table = page.getByRole('table', { name: 'Gift cards' });
  await table.getByRole('button', { name: label, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]sort=${sort}(&|$)`));
  await expect(table.getByRole('columnheader', { name: label, exact: true })).toHaveAttribute('aria-sort', ariaSort);
}

test('the Seller Info, Card Info and Card Number headers sort the gift cards both ways, the sort in the URL', async ({ page }) => {
  // Wide enough that the list shows its Seller Info, Card Info and Card Number columns (narrower, they fold into Card).
  await page.setViewportSize({ width: 1600, height: 900 });
  const zed = await createUser('seller', unique('Zed Sorting'));
  const abe = await createUser('seller', unique('abe Sorting'));
  const zulu = await createOffer({ title: unique('Zulu Sorting') });
  const alpha = await createOffer({ title: unique('alpha Sorting') });
  const zedZulu = await createCard(zed.email, zulu.id, 30, { cardNumber: 'ZZ-9001-0001' });
  const zedAlpha = await createCard(zed.email, alpha.id, 40);
  const abeZulu = await createCard(abe.email, zulu.id, 50, { cardNumber: '1111 2222 3333' });
  const abeZuluBare = await createCard(abe.email, zulu.id, 60);

  await loginAs(page, 'admin');
  // One offer's cards: three, of two sellers, one without a number. Newest first until a header is clicked.
  await page.goto(`/gift-cards?offer_id=${zulu.id}`);
  await idle(page);
  await inOrder(page, [abeZuluBare, abeZulu, zedZulu]);

  await clickHeader(page, 'Seller Info', 'seller', 'ascending');
  await inOrder(page, [abeZulu, abeZuluBare, zedZulu]);
  await clickHeader(page, 'Seller Info', '-seller', 'descending');
  await inOrder(page, [zedZulu, abeZuluBare, abeZulu]);

  await clickHeader(page, 'Card Number', 'card_number', 'ascending');
  await inOrder(page, [abeZulu, zedZulu, abeZuluBare]);
  await clickHeader(page, 'Card Number', '-card_number', 'descending');
  await inOrder(page, [zedZulu, abeZulu, abeZuluBare]);
  await expect(page).toHaveURL(new RegExp(`offer_id=${zulu.id}`));

  // One seller's cards of two offers: Card Info sorts by the offer's title.
  await page.goto(`/gift-cards?seller_id=${zed.id}`);
  await idle(page);
  await inOrder(page, [zedAlpha, zedZulu]);
  await clickHeader(page, 'Card Info', 'offer', 'ascending');
  await inOrder(page, [zedAlpha, zedZulu]);
  await clickHeader(page, 'Card Info', '-offer', 'descending');
  await inOrder(page, [zedZulu, zedAlpha]);
  // The URL reproduces the order.
  await page.reload();
  await idle(page);
  await inOrder(page, [zedZulu, zedAlpha]);
  await expect(
    page.getByRole('table', { name: 'Gift cards' }).getByRole('columnheader', { name: 'Card Info', exact: true }),
  ).toHaveAttribute('aria-sort', 'descending');
});

test('a seller sorts My Gift Cards by Card Info and Card Number; there is no Seller column to sort', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 900 });
  const seller = await createUser('seller', unique('Sorting Seller'));
  const zulu = await createOffer({ title: unique('Zulu Mine') });
  const alpha = await createOffer({ title: unique('alpha Mine') });
  const bare = await createCard(seller.email, alpha.id, 20);
  const high = await createCard(seller.email, alpha.id, 30, { cardNumber: 'ZZ-1' });
  const low = await createCard(seller.email, zulu.id, 40, { cardNumber: 'AA-1' });

  await loginAs(page, seller.email);
  await page.goto('/gift-cards');
  await idle(page);
  await inOrder(page, [low, high, bare]);
  await expect(page.getByRole('table', { name: 'Gift cards' }).getByRole('button', { name: 'Seller Info' })).toHaveCount(0);
  await clickHeader(page, 'Card Number', 'card_number', 'ascending');
  await inOrder(page, [low, high, bare]);
  await clickHeader(page, 'Card Number', '-card_number', 'descending');
  await inOrder(page, [high, low, bare]);
  await clickHeader(page, 'Card Info', 'offer', 'ascending');
  await inOrder(page, [bare, high, low]);
  await clickHeader(page, 'Card Info', '-offer', 'descending');
  await inOrder(page, [low, high, bare]);
});

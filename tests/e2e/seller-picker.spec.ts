import { test, expect, loginAs, idle, goVia, createUser, unique, pickSeller, sellerPicker, shot } from './fixtures';

/**
 * Issue 51: the seller picker is a typeahead on seller-lists' q. It used to load every page of sellers and drop those
 * past 1,000; now any seller is found by typing part of the name, however many share the rest of it.
 */
test('the seller picker finds a seller past its first page of matches by part of the name, says when none match, and shows the URL’s seller by name', async ({
  page,
}) => {
  const tag = unique('Pick').split(' ')[1];
  // More sellers sharing the tag than the picker lists at once (its first page of matches, 25).
  const sellers = [];
  for (let i = 1; i <= 30; i += 1) sellers.push(await createUser('seller', `Pick ${tag} ${String(i).padStart(2, '0')}`));
  const last = sellers[sellers.length - 1];

  await loginAs(page, 'admin');
  await goVia(page, 'Statements');
  await idle(page);
  const picker = sellerPicker(page);
  await picker.click();
  await picker.fill(tag);
  const listbox = page.getByRole('listbox', { name: 'Seller', exact: true });
  await expect(listbox.getByRole('option')).toHaveCount(25);
  await expect(listbox.getByRole('option').first()).toHaveText(`Pick ${tag} 01`);
  await expect(listbox.getByRole('option', { name: last.name })).toHaveCount(0);
  await shot(page, 'seller-picker-matches');

  // Part of the name: the tag and the number, not the first word.
  await pickSeller(page, last.name, { typed: `${tag} 30` });
  await expect(page).toHaveURL(new RegExp(`seller_id=${last.id}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Statement: ${last.name}`);

  await picker.fill(`${tag} none`);
  await expect(page.getByText('No sellers found')).toBeVisible();
  await picker.press('Escape');
  await expect(listbox).toHaveCount(0);

  // A pasted link: the seller id in the URL shows as the seller's name.
  await page.goto(`/statement?seller_id=${sellers[4].id}`);
  await expect(sellerPicker(page)).toHaveValue(sellers[4].name);
  await expect(sellerPicker(page)).toHaveAttribute('title', sellers[4].name);
});

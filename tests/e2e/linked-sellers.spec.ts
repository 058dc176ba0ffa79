import { test, expect, loginAs, idle, createUser, createOffer, createCard, unique } from './fixtures';

/**
 * Issue 54, linked sellers: staff are told of a new link at once, see it on the card's page (the signal, both cards)
 * and on the seller list's Links dialog, and mark it known-good; the seller's own card page shows no links.
 */
test.setTimeout(120_000);

test('two sellers sharing a card number: staff told, the link on the card page and the seller list, marked known-good', async ({
  browser,
}) => {
  const [x, y] = [await createUser('seller'), await createUser('seller')];
  const offer = await createOffer({ title: unique('Link Offer'), rate_type: 1, rate: 0 });
  const number = unique('LNK').replace(/\W+/g, '-');
  const first = await createCard(x.email, offer.id, 40, { cardNumber: number });

  const staff = await (await browser.newContext({ baseURL: process.env.E2E_BASE_URL })).newPage();
  await loginAs(staff, 'admin');
  await staff.goto(`/gift-card/${first}`);
  await idle(staff);
  const panel = staff.getByTestId('linked-sellers');
  await expect(panel).toContainText('No linked sellers');

  const second = await createCard(y.email, offer.id, 40, { cardNumber: number.toLowerCase() });
  await test.step('staff are told at once, and the card page lists the link', async () => {
    // The fixture's cards share their photo too: one row per signal.
    const row = panel.getByRole('row').filter({ hasText: y.name }).filter({ hasText: 'Same card number' });
    await expect(row.getByRole('link', { name: `Card #${first} (this card)` })).toBeVisible();
    await expect(row.getByRole('link', { name: `Card #${second}` })).toHaveAttribute('href', `/gift-card/${second}`);
  });

  await test.step('the seller list: Links of the other seller, marked known-good with a note', async () => {
    await staff.goto(`/sellers?q=${encodeURIComponent(y.email)}`);
    await idle(staff);
    await staff.getByRole('button', { name: `Links of ${y.name}` }).click();
    const dialog = staff.getByRole('dialog', { name: `Linked sellers of ${y.name}` });
    const row = dialog.getByRole('row').filter({ hasText: x.name }).filter({ hasText: 'Same card number' });
    await row.getByRole('button', { name: /^Mark as known-good/ }).click();
    const mark = staff.getByRole('dialog', { name: 'Mark as known-good' });
    await mark.getByRole('textbox', { name: 'Note' }).fill('Brothers, checked by phone');
    await mark.getByRole('button', { name: 'Mark as known-good' }).click();
    await expect(staff.locator('#notistack-snackbar').filter({ hasText: 'Link marked as known-good' })).toBeVisible();
    await expect(row).toContainText('Known-good');
    await expect(row).toContainText('Brothers, checked by phone');
    await expect(row.getByRole('button', { name: /^Mark as known-good/ })).toHaveCount(0);
  });

  await test.step("the seller's own card page names no link", async () => {
    const page = await (await browser.newContext({ baseURL: process.env.E2E_BASE_URL })).newPage();
    await loginAs(page, x.email);
    await page.goto(`/gift-card/${first}`);
    await idle(page);
    await expect(page.getByTestId('linked-sellers')).toHaveCount(0);
    await expect(page.getByText('Linked sellers')).toHaveCount(0);
  });
});

import { test, expect, loginAs, idle, createUser, createOffer, createCard, unique, sidebar } from './fixtures';
import { axeViolations } from './fixtures/axe';

/**
 * Issue 54, linked sellers: staff are told of a new link at once (in a browser: a count on Seller Lists and a notice in
 * its page), see it on the card's page (the signal, both cards) and on the seller list's Links dialog, and mark it
 * known-good; the seller's own card page shows no links.
 */
test.setTimeout(120_000);

test('two sellers sharing a card number: the link on the open card page, a count and a notice for Seller Lists, marked known-good in its Links dialog; the seller sees none', async ({
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
  await test.step('the open card page lists the link at once', async () => {
    // The fixture's cards share their photo too: one row per signal.
    const row = panel.getByRole('row').filter({ hasText: y.name }).filter({ hasText: 'Same card number' });
    await expect(row.getByRole('link', { name: `Card #${first} (this card)` })).toBeVisible();
    await expect(row.getByRole('link', { name: `Card #${second}` })).toHaveAttribute('href', `/gift-card/${second}`);
  });

  await test.step('browser mode: a count on Seller Lists and a notice in its page, over no control; dismissed', async () => {
    // Each worker has its own server, but another test of this worker may link sellers meanwhile: at least this one.
    const item = sidebar(staff).getByRole('link', { name: 'Seller Lists', exact: true });
    await expect(staff.getByTestId('new-links-badge')).toBeVisible();
    await expect(item).toHaveAccessibleDescription(/^\d+ new seller links?$/);
    const text = `Sellers #${Math.min(x.id, y.id)} and #${Math.max(x.id, y.id)} are linked: same card number.`;
    // This worker's server runs one test at a time: the newest link is this one, read politely to screen readers.
    await expect(staff.getByRole('status').filter({ hasText: text })).toHaveAttribute('aria-live', 'polite');
    // The header's buttons stay uncovered (a trial click fails when something else would take the click).
    for (const name of ['Logout', 'Toggle sidebar']) await staff.getByRole('button', { name }).click({ trial: true, timeout: 2000 });
    await item.click(); // in the page (a reload would forget the session's notices)
    await idle(staff);
    const notice = staff.getByRole('region', { name: 'New seller links' });
    await expect(notice).toContainText(/\d+ new seller links?/);
    const entry = notice.getByRole('listitem').filter({ hasText: text });
    await expect(entry.getByRole('link', { name: `Card #${second}` })).toHaveAttribute('href', `/gift-card/${second}`);
    // In the page's flow: nothing of the page's header lies under it.
    const [box, header] = [await notice.boundingBox(), await staff.getByRole('heading', { name: 'Seller Lists' }).boundingBox()];
    expect(box!.y + box!.height).toBeLessThanOrEqual(header!.y);
    expect(await axeViolations(staff)).toEqual([]);
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notice).toHaveCount(0);
    await expect(staff.getByTestId('new-links-badge')).toHaveCount(0);
    await expect(item).not.toHaveAttribute('aria-describedby');
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

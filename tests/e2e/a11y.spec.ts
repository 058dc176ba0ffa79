import type { Page } from '@playwright/test';
import { test, expect, loginAs, sellerWithDue, createTransaction, createOffer, createCard, rejectCard, users, apiCall } from './fixtures';
import { axeFindingsInBothThemes, BACKGROUND } from './fixtures/axe';

/**
 * axe-core on every screen, for each role, in both themes (the OS preference, which the app follows), with the
 * dialogs open and the forms showing their errors: 0 violations of WCAG 2.1 A/AA and axe's best practices. Each
 * screen is reached once and scanned in light, then in dark (the OS preference switched under the open screen).
 */
// Each test scans dozens of screens; the tests are independent, so both workers take them. A staff test takes 1.4-1.6
// minutes beside the other on a quiet machine (axe run in the page: fixtures/axe.ts); a full CI run is up to 3 times
// slower: 8 minutes.
test.describe.configure({ timeout: 480_000, mode: 'parallel' });

type Step = { name: string; path?: string; act?(page: Page): Promise<void> };

async function run(page: Page, steps: Step[]) {
  const found: string[] = [];
  for (const s of steps) {
    if (s.path) {
      await page.goto(s.path);
      // The app starts in steps: under load, axe could run on the bare HTML before the first screen rendered.
      await expect(page.getByRole('main')).toBeVisible();
    }
    if (s.act) await s.act(page);
    found.push(...(await axeFindingsInBothThemes(page, s.name)));
  }
  expect(found).toEqual([]);
}

const submitEmpty = (label: string) => async (page: Page) => {
  await page.getByRole('button', { name: label, exact: true }).click();
};
const openFilters = async (page: Page) => {
  const button = page.getByRole('search', { name: 'Filter gift cards' }).getByRole('button', { name: 'Filters', exact: true });
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('list', { name: 'Active filters' }).getByRole('button')).not.toHaveCount(0);
};
const escape = async (page: Page) => {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
};

test.describe('accessibility', () => {
  test('logged out: login and not found', async ({ page }) => {
    await run(page, [
      { name: 'login', path: '/login' },
      { name: 'login errors', act: submitEmpty('Login') },
      { name: 'not found', path: '/no-such-page' },
    ]);
  });

  for (const role of ['admin', 'manager'] as const) {
    test(`${role}: every staff screen and dialog`, async ({ page }) => {
      const { seller, offer, cardId } = await sellerWithDue(100, 10);
      await createTransaction(seller.id, 5);
      const pending = await createCard(seller.email, offer.id, 50); // pending, without payments: its Delete is enabled
      // Issue 53: an appeal in the queue (rejected by the admin: the manager may decide it).
      const appealed = await createCard(seller.email, offer.id, 60);
      await rejectCard(appealed, 'other', 'Checked');
      await apiCall('POST', `gift-card-appeal/${appealed}`, { as: seller.email, body: { note: 'Please look again.' } });
      await loginAs(page, role);
      const me = users()[role];
      await run(page, [
        { name: 'dashboard', path: '/' },
        { name: 'gift cards', path: '/gift-cards' },
        { name: 'card search', act: async (p) => p.getByRole('button', { name: 'Search Gift Card' }).click() },
        {
          name: 'card search (not found)',
          act: async (p) => {
            await p.getByRole('dialog').getByLabel('Card Number').fill('no-such-card');
            await p.getByRole('dialog').getByLabel('Card Number').press('Enter');
          },
        },
        { name: 'gift cards', act: escape },
        {
          name: 'pay dialog',
          act: async (p) =>
            p
              .getByRole('button', { name: /^Pay card/, disabled: false })
              .first()
              .click(),
        },
        { name: 'pay dialog errors', act: submitEmpty('Apply') },
        {
          name: 'delete confirm',
          act: async (p) => {
            await escape(p);
            // A card with payments has its Delete disabled (with the reason as its tooltip).
            await p
              .getByRole('button', { name: /^Delete card/, disabled: false })
              .first()
              .click();
          },
        },
        {
          name: 'gift cards, filters open, a chip per filter',
          path: `/gift-cards?status=0&seller_id=${seller.id}&from=2020-01-01&sort=price`,
          act: openFilters,
        },
        { name: 'card detail', path: `/gift-card/${cardId}` },
        // Payout holds (issue 54): the place-a-hold dialog and its errors, a seller's holds from the seller list.
        { name: 'place hold dialog', act: async (p) => p.getByRole('button', { name: 'Place a hold' }).click() },
        { name: 'place hold errors', act: submitEmpty('Place hold') },
        { name: 'card detail, dialog closed', act: escape },
        {
          // Issue 53: the reject dialog with its proof: a region marked on the photo.
          name: 'reject dialog, a region marked',
          path: `/gift-card/${pending}`,
          act: async (p) => {
            await p.getByRole('button', { name: 'Reject' }).click();
            await p.getByRole('dialog').getByRole('button', { name: 'Mark a region' }).click();
            await expect(p.getByRole('dialog').getByTestId('proof-region')).toHaveCount(1);
          },
        },
        // Issue 53: approving at another value (the reject dialog above left the card pending).
        {
          name: 'adjust value dialog',
          act: async (p) => {
            await escape(p);
            await p.getByRole('button', { name: 'Adjust value' }).click();
          },
        },
        { name: 'adjust value errors', act: submitEmpty('Confirm value') },
        { name: 'users', path: '/users' },
        { name: 'add user errors', path: '/create/user', act: submitEmpty('Save') },
        { name: 'edit user', path: `/edit/user/${me.id}` },
        { name: 'sellers', path: '/sellers' },
        { name: "a seller's holds", act: async (p) => p.getByRole('button', { name: `Payout holds of ${seller.name}` }).click() },
        { name: 'sellers, holds closed', act: escape },
        // Issue 54: a seller's linked sellers, and (admins) the trust policy.
        { name: "a seller's links", act: async (p) => p.getByRole('button', { name: `Links of ${seller.name}` }).click() },
        { name: 'sellers, links closed', act: escape },
        ...(role === 'admin'
          ? [
              { name: 'trust policy', act: async (p: Page) => p.getByRole('button', { name: 'Trust policy' }).click() },
              { name: 'sellers, trust policy closed', act: escape },
            ]
          : []),
        { name: 'bulk payment', act: async (p) => p.getByRole('button', { name: `Bulk Payment for ${seller.name}` }).click() },
        {
          name: 'bulk payment errors',
          act: async (p) => {
            await p
              .getByRole('dialog')
              .getByLabel(/^Amount/)
              .fill('0');
            await p.getByRole('dialog').getByRole('button', { name: 'Pay' }).click();
          },
        },
        { name: 'transactions', path: '/transactions' },
        { name: 'create transaction errors', path: '/create-transaction', act: submitEmpty('Save') },
        {
          name: 'leave prompt',
          act: async (p) => {
            await p.getByLabel('Code').fill('X');
            await p.getByRole('link', { name: 'Back To Lists' }).click();
            await expect(p.getByRole('dialog')).toBeVisible();
          },
        },
        { name: 'offers', path: '/gift-card-offer' },
        { name: 'add offer errors', path: '/add-gift-card-offer', act: submitEmpty('Save') },
        { name: 'edit offer', path: `/edit-gift-card-offer/${offer.id}` },
        { name: 'report', path: '/report' },
        { name: 'report numbers', act: async (p) => p.getByRole('button', { name: 'Show the numbers' }).first().click() },
        role === 'admin'
          ? { name: 'audit log, one card', path: `/audit-log?entity=gift_card&entity_id=${cardId}` }
          : { name: 'admin-only screen', path: '/audit-log' },
        // Issue 53: what sellers are told to do about each rejection reason (admins edit it).
        ...(role === 'admin' ? [{ name: 'rejection remedies', path: '/reject-remedies' }] : []),
        { name: 'appeals', path: `/appeals?sort=-created_at` },
        ...(role === 'manager'
          ? [
              {
                name: 'decide appeal dialog',
                act: async (p: Page) => p.getByRole('button', { name: `Decide the appeal on card #${appealed}` }).click(),
              },
            ]
          : []),
        // Issue 54: QA sampling (admins also see the sampling shares).
        { name: 'QA reviews', path: '/qa-reviews?status=done' },
        // Issue 54: reviewer figures (admins), with this year's decisions, so the table and the chart are scanned.
        ...(role === 'admin'
          ? [
              {
                name: 'reviewer figures',
                path: `/reviewer-figures?from=${new Date().getFullYear()}-01-01&to=${new Date().getFullYear()}-12-31`,
              },
            ]
          : []),
        ...(role === 'admin'
          ? [{ name: 'reviewer figures numbers', act: async (p: Page) => p.getByRole('button', { name: 'Show the numbers' }).click() }]
          : []),
        { name: 'dev test', path: '/dev-test' },
        { name: 'seller-only screen', path: '/add-gift-cards' },
        { name: 'not found', path: '/no-such-page' },
      ]);
    });
  }

  test('seller: every seller screen and dialog', async ({ page }) => {
    const { seller } = await sellerWithDue(100, 10);
    await createTransaction(seller.id, 5);
    // A held card of theirs (issue 54): its page says until when and why.
    const { cardId: held } = await sellerWithDue(40, 10, seller);
    expect((await apiCall('POST', 'payout-holds', { as: 'admin', body: { gift_card_id: held, reason: 'Photo check' } })).status).toBe(200);
    const offer = await createOffer({ price_type: 1, fixed_price: [25, 50] });
    const pending = await createCard(seller.email, offer.id, 25);
    const rejected = await createCard(seller.email, offer.id, 50);
    await rejectCard(rejected, 'unreadable_image', 'The PIN is scratched');
    // Issue 53: a card rejected with proof (a region on its photo, the number seen on the seller's other card).
    const number = `A11Y-${Date.now()}`;
    await createCard(seller.email, offer.id, 25, { cardNumber: number });
    const proven = await createCard(seller.email, offer.id, 25, { cardNumber: number });
    const [photo] = (await apiCall('GET', `gift-card/${proven}`, { as: 'admin' })).body.images as { id: number }[];
    const proof = { regions: [{ image_id: photo!.id, x: 0.2, y: 0.2, w: 0.5, h: 0.4 }], evidence: ['number_seen_before'] };
    const r = await apiCall('POST', `gift-card-review/${proven}`, {
      as: 'admin',
      body: { action: 'reject', reject_reason: 'duplicate', proof },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await loginAs(page, seller.email);
    await run(page, [
      { name: 'dashboard', path: '/' },
      { name: 'gift cards', path: '/gift-cards' },
      { name: 'card search', act: async (p) => p.getByRole('button', { name: 'Search Gift Card' }).click() },
      {
        name: 'delete confirm',
        act: async (p) => {
          await escape(p);
          await p
            .getByRole('button', { name: /^Delete card/ })
            .first()
            .click();
        },
      },
      {
        name: 'gift cards, filters open, a chip per filter',
        path: '/gift-cards?status=0&from=2020-01-01&sort=price',
        act: openFilters,
      },
      { name: 'add gift card errors', path: '/add-gift-cards', act: submitEmpty('Save') },
      { name: 'pending card', path: `/gift-card/${pending}` },
      { name: 'held card', path: `/gift-card/${held}` },
      { name: 'rejected card, with its remedy', path: `/gift-card/${rejected}` },
      // Issue 53: the seller's resubmit and appeal dialogs.
      { name: 'resubmit dialog', act: async (p) => p.getByRole('button', { name: 'Resubmit' }).click() },
      {
        name: 'appeal dialog',
        act: async (p) => {
          await escape(p);
          await p.getByRole('button', { name: 'Appeal' }).click();
        },
      },
      { name: 'rejected card, with its proof', path: `/gift-card/${proven}` },
      // Issue 53: the seller's inbox, its items unread (the approval, the rejection, the payout).
      { name: 'inbox', path: '/inbox' },
      { name: 'my transaction', path: '/my-transaction' },
      { name: 'report', path: '/report' },
      { name: 'staff-only screen', path: '/users' },
      { name: 'not found', path: '/no-such-page' },
    ]);
  });
});

test('the theme follows the OS until the top bar switch picks one, which is remembered', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await loginAs(page, 'admin');
  await expect(page.locator('body')).toHaveCSS('background-color', BACKGROUND.dark);
  await page.getByRole('button', { name: 'Switch to light mode' }).click();
  await expect(page.locator('body')).toHaveCSS('background-color', BACKGROUND.light);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Switch to dark mode' })).toBeVisible();
  await expect(page.locator('body')).toHaveCSS('background-color', BACKGROUND.light);
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(page.locator('body')).toHaveCSS('background-color', BACKGROUND.dark);
});

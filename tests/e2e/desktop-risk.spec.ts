// Desktop only: a card's page shows its seller's trust and links over IPC (main's real handlers: the page calls no API
// itself), both follow what happens elsewhere live, and a new link between sellers raises an OS notification whose
// click opens the card that made it.
import { IPC, type LiveMessage } from '../../src/shared/bridge';
import { test, expect, loginAs, idle, createUser, createOffer, createCard, rejectCard, unique } from './fixtures';

test.setTimeout(120_000);

test('trust and links on the card page over IPC; a new link notifies; the trust follows a rejection', async ({ page, desktop }) => {
  const [x, y] = [await createUser('seller'), await createUser('seller')];
  const offer = await createOffer({ title: unique('Risk desktop'), rate_type: 1, rate: 0 });
  const number = unique('RSK').replace(/\W+/g, '-');
  const first = await createCard(x.email, offer.id, 40, { cardNumber: number });

  await loginAs(page, 'admin');
  await page.goto(`/gift-card/${first}`);
  await idle(page);
  await expect.poll(() => desktop.sent.some((s) => s.channel === IPC.live && (s.message as LiveMessage).kind === 'status')).toBe(true);
  const trust = page.getByRole('region', { name: 'Seller trust' });
  const links = page.getByTestId('linked-sellers');

  await test.step("the seller's trust: score, band and what made it", async () => {
    await expect(trust.getByTestId('trust-badge')).toHaveText('50 · Normal');
    await expect(trust.getByRole('table', { name: 'What made the trust score' })).toContainText('Starting score');
    await expect(links).toContainText('No linked sellers');
  });

  const second = await createCard(y.email, offer.id, 40, { cardNumber: number.toLowerCase() });
  const body = `Sellers #${Math.min(x.id, y.id)} and #${Math.max(x.id, y.id)} are linked: same card number.`;
  await test.step('a new link: an OS notification, and the links panel lists it live', async () => {
    await expect
      .poll(() => desktop.notifications.find((n) => n.body === body))
      .toEqual({ title: 'Sellers linked', body, path: `/gift-card/${second}` });
    const row = links.getByRole('row').filter({ hasText: y.name }).filter({ hasText: 'Same card number' });
    await expect(row.getByRole('link', { name: `Card #${second}` })).toBeVisible();
    // No browser-mode notice in the desktop app: the OS notification is its notice.
    await expect(page.getByTestId('new-links-badge')).toHaveCount(0);
  });

  await test.step('marked known-good over IPC', async () => {
    const row = links.getByRole('row').filter({ hasText: y.name }).filter({ hasText: 'Same card number' });
    await row.getByRole('button', { name: /^Mark as known-good/ }).click();
    const mark = page.getByRole('dialog', { name: 'Mark as known-good' });
    await mark.getByRole('textbox', { name: 'Note' }).fill('Same family, checked');
    await mark.getByRole('button', { name: 'Mark as known-good' }).click();
    await expect(row).toContainText('Known-good');
    await expect(row).toContainText('Same family, checked');
  });

  await test.step("the notification's click opens the card that made the link; its seller's trust follows a rejection live", async () => {
    desktop.clickNotification('Sellers linked');
    await expect(page).toHaveURL(new RegExp(`/gift-card/${second}$`));
    await idle(page);
    // The second seller's card repeats the first's number: 50 − 5.
    await expect(trust.getByTestId('trust-badge')).toHaveText('45 · Normal');
    await rejectCard(second, 'suspected_fraud'); // decided by someone else: the panel follows live, 45 − 10
    await expect(trust.getByTestId('trust-badge')).toHaveText('35 · Low');
    await expect(trust.getByRole('table', { name: 'What made the trust score' })).toContainText('Rejected (Suspected fraud): 1');
  });
});

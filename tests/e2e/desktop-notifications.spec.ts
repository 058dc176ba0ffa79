// Desktop only: main raises a notification for a payment waiting for approval and for a card overdue for review, and
// a click opens that screen. Maker-checker needs FOUR_EYES=1, which the shared server does not run with: this spec
// has a server of its own (limit $1,000).
import { IPC, type LiveMessage } from '../../src/shared/bridge';
import { test, expect, loginAs, apiCall, approveCard, createCard, createOffer, unique, users } from './fixtures';
import type { DesktopMain } from './fixtures/desktop/desktop-main';
import { ownServer } from './fixtures/own-server';

const server = ownServer(
  'notify.example',
  { FOUR_EYES: '1', FOUR_EYES_LIMIT: '1000' },
  {
    manager: { name: 'Mo Maker', role: 'manager' },
    seller: { name: 'Sid Seller', role: 'seller' },
    seller2: { name: 'Cy Checker', role: 'manager' },
  },
);

const liveMessages = (desktop: DesktopMain) => desktop.sent.filter((s) => s.channel === IPC.live).map((s) => s.message as LiveMessage);
const streamOpen = (desktop: DesktopMain) =>
  expect.poll(() => liveMessages(desktop).some((m) => m.kind === 'status' && m.status === 'open')).toBe(true);

test('a payment waiting for a second staff member: staff who may approve it are notified, its maker is not; the click opens Pending approvals', async ({
  page,
  desktop,
}) => {
  const seller = users().seller;
  const offer = await createOffer({ rate_type: 0, rate: 10, min_price: 1, max_price: 5000 });
  await approveCard(await createCard('seller', offer.id, 2000)); // $1,800.00 due
  await loginAs(page, 'manager'); // Mo Maker
  await streamOpen(desktop);

  // Mo's own request waits (he cannot approve it: no notification), then Cy's (Mo may approve it).
  const pay = (who: 'manager' | 'seller2', amount: number) =>
    apiCall('POST', 'transaction', { as: who, body: { code: unique('NOTE'), transaction_amount: amount, seller_id: seller.id } });
  expect((await pay('manager', 1500)).status).toBe(202);
  expect((await pay('seller2', 1200)).status).toBe(202);
  const approvals = () => desktop.notifications.filter((n) => n.path === '/pending-approvals');
  await expect
    .poll(approvals)
    .toEqual([{ title: 'Payment awaits approval', body: '$1,200.00 to Sid Seller, requested by Cy Checker.', path: '/pending-approvals' }]);

  desktop.clickNotification('Payment awaits approval');
  await expect(page).toHaveURL(/\/pending-approvals$/);
  await expect(page.getByRole('row').filter({ hasText: 'Cy Checker' })).toContainText('$1,200.00');
});

test('a card passing its review target: staff are notified once the sweep finds it; the click opens the card', async ({
  page,
  desktop,
}) => {
  test.setTimeout(240_000); // a server restart and its 30-second sweep
  await loginAs(page, 'admin');
  await streamOpen(desktop);
  const offer = await createOffer({ title: unique('Overdue') });
  const id = await createCard('seller', offer.id, 61);
  // The stream has an event id, so after the restart it replays what it missed.
  await expect.poll(() => liveMessages(desktop).some((m) => m.kind === 'event' && m.event.card_id === id)).toBe(true);

  // Its target (60 minutes) passed a minute ago: the server's sweep (every 30 s) emits its one review.overdue event.
  await server.restartWith((db) => db.query(`UPDATE gift_cards SET review_due_at = now() - interval '1 minute' WHERE id = $1`, [id]));
  const title = `Card #${id} is overdue for review`;
  await expect
    .poll(() => desktop.notifications, { timeout: 90_000 })
    .toContainEqual({ title, body: 'It has waited past its offer’s review target.', path: `/gift-card/${id}` });

  // The page reconnects after the restart; a click that lands while the app's frame remounts is not heard (a CI run
  // once stayed at /), as a person would, click again.
  await expect(async () => {
    desktop.clickNotification(title);
    await expect(page).toHaveURL(new RegExp(`/gift-card/${id}$`), { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Gift Card #${id}`);
});

// Desktop only: main holds the event stream, forwards it to the page and raises OS notifications and the badge.
import { IPC, type LiveMessage } from '../../src/shared/bridge';
import { test, expect, loginAs, goVia, idle, apiCall, createUser, createOffer, createCard, approveCard, unique } from './fixtures';

test('a card submitted elsewhere: the staff list shows it live, a notification is raised and the badge counts it', async ({
  page,
  desktop,
}) => {
  const offer = await createOffer({ title: unique('Live desktop') });
  await loginAs(page, 'admin');
  await goVia(page, 'Gift Cards');
  await idle(page);
  await expect.poll(() => desktop.badge.length).toBeGreaterThan(0);
  const before = desktop.badge.at(-1)!;

  const id = await createCard('seller2', offer.id, 61);
  await expect(page.getByRole('row').filter({ hasText: offer.title })).toContainText('Pending');
  const events = () => desktop.sent.filter((s) => s.channel === IPC.live).map((s) => s.message as LiveMessage);
  expect(events().some((m) => m.kind === 'event' && m.event.type === 'card.submitted' && m.event.card_id === id)).toBe(true);
  // Other notifications (a new seller link) may come between: find this card's.
  await expect
    .poll(() => desktop.notifications.find((n) => n.path === `/gift-card/${id}`))
    .toMatchObject({ title: 'New gift card to review', body: `Card #${id} was submitted.` });
  await expect.poll(() => desktop.badge.at(-1)).toBe(before + 1);
});

test('a seller is notified when their card is approved', async ({ page, desktop }) => {
  const offer = await createOffer({ title: unique('Live approval') });
  const id = await createCard('seller', offer.id, 52);
  await loginAs(page, 'seller');
  await expect.poll(() => desktop.sent.some((s) => s.channel === IPC.live)).toBe(true); // the stream is up
  await approveCard(id);
  await expect
    .poll(() => desktop.notifications)
    .toContainEqual({ title: 'Gift card approved', body: `Card #${id} was approved.`, path: `/gift-card/${id}` });
  expect(desktop.badge.every((n) => n === 0)).toBe(true); // sellers get no badge
});

test("a seller is notified of a payout hold on their card, with its reason; an adjusted approval's hold is the approval's", async ({
  page,
  desktop,
}) => {
  const seller = await createUser('seller');
  const offer = await createOffer({ title: unique('Live hold'), rate_type: 0, rate: 10 });
  const adjusted = await createCard(seller.email, offer.id, 50);
  const held = await createCard(seller.email, offer.id, 40);
  await approveCard(held);
  await loginAs(page, seller.email);
  await expect.poll(() => desktop.sent.some((s) => s.channel === IPC.live)).toBe(true); // the stream is up
  const adjust = await apiCall('POST', `gift-card-review/${adjusted}`, {
    as: 'admin',
    body: { action: 'approve', adjusted_price: 30, adjust_reason: 'partial_balance' },
  });
  expect(adjust.status, JSON.stringify(adjust.body)).toBe(200);
  const hold = await apiCall('POST', 'payout-holds', {
    as: 'admin',
    body: { gift_card_id: held, reason: 'Checking the balance', days: 2 },
  });
  expect(hold.status, JSON.stringify(hold.body)).toBe(200);
  await expect
    .poll(() => desktop.notifications.find((n) => n.path === `/gift-card/${held}`))
    .toMatchObject({
      title: 'Payout on hold',
      body: expect.stringMatching(new RegExp(`^Card #${held} was put on hold until .+\\. Reason: Checking the balance$`)),
    });
  await expect
    .poll(() => desktop.notifications.some((n) => n.path === `/gift-card/${adjusted}` && n.title === 'Gift card approved'))
    .toBe(true);
  expect(desktop.notifications.filter((n) => n.title === 'Payout on hold').map((n) => n.path)).toEqual([`/gift-card/${held}`]);
  expect(JSON.stringify(desktop.notifications)).not.toContain('Admin');
});

// Desktop only: main holds the event stream, forwards it to the page and raises OS notifications and the badge.
import { IPC, type LiveMessage } from '../../src/shared/bridge';
import { test, expect, loginAs, goVia, idle, createOffer, createCard, approveCard, unique } from './fixtures';

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

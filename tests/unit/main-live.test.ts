import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLiveBridge, withLiveSync } from '../../src/main/live';
import { createNotifier, type NotificationSpec } from '../../src/main/notifications';
import { createIpcTransport } from '../../src/renderer/src/api/ipc';
import type { GiftCardBridge, LiveMessage } from '../../src/shared/bridge';
import type { LiveEvent } from '../../src/shared/events';
import type { StreamStatus } from '../../src/shared/event-stream';
import { PASSWORD } from '../helpers/server';
import { createOffer, rangeOffer, staffUpdate, submitCard } from '../helpers/cards';
import { startDesktop, type Desktop } from '../main/harness';

// Main holds the event stream against the real API (the token never leaves main) and forwards it to the page
// through the bridge; Electron's own objects are the only stand-ins (the preload's onLive is a listener set here).
let d: Desktop;
beforeAll(async () => {
  d = await startDesktop();
}, 120_000);
afterAll(async () => d?.close());

const until = async (cond: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('live events in the desktop app', () => {
  it('main streams the signed-in seller’s events to the page and to notifications; a logout elsewhere signs the app out', async () => {
    const pageListeners = new Set<(m: LiveMessage) => void>();
    const shown: NotificationSpec[] = [];
    const notifier = createNotifier({ user: () => d.session.user(), show: (n) => shown.push(n), waitMs: 50 });
    const live = createLiveBridge({
      apiUrl: d.apiUrl,
      session: d.session,
      fetch,
      // What webContents.send does: a structured clone to the page's listeners.
      send: (m) => pageListeners.forEach((l) => l(structuredClone(m))),
      onEvent: (e) => notifier.push(e),
    });
    const session = withLiveSync(d.session, live.sync);
    const bridge = {
      onLive: (l: (m: LiveMessage) => void) => {
        pageListeners.add(l);
        return () => void pageListeners.delete(l);
      },
      onCommand: () => () => undefined,
      login: () => Promise.reject(new Error('not used')),
      logout: () => session.logout(),
      session: async () => d.session.user(),
      call: () => Promise.reject(new Error('not used')),
      pickImages: async () => [],
      savePdf: () => Promise.reject(new Error('not used')),
      exportCsv: () => Promise.reject(new Error('not used')),
      onExportProgress: () => () => undefined,
      apiOrigin: '',
    } satisfies GiftCardBridge;
    const page = createIpcTransport(bridge);
    const events: LiveEvent[] = [];
    const statuses: StreamStatus[] = [];
    let signedOut = 0;
    let unauthorized = 0;
    page.onUnauthorized(() => (unauthorized += 1));
    const off = page.events({
      event: (e) => events.push(e),
      status: (s) => statuses.push(s),
      resync: () => undefined,
      signedOut: () => (signedOut += 1),
    });

    const seller = d.server.users.sellerA;
    expect((await session.login(seller.email, PASSWORD)).status).toBe(200);
    await until(() => statuses.includes('open'));
    const offer = await createOffer(d.server, rangeOffer({ title: 'Desktop live' }));
    const card = await submitCard(d.server, seller, { giftcard_offer_id: offer, price: 50 });
    await submitCard(d.server, d.server.users.sellerB, { giftcard_offer_id: offer, price: 60 });
    expect((await staffUpdate(d.server, card, { giftcard_offer_id: offer, price: 50, card_status: 1 })).status).toBe(200);
    await until(() => events.some((e) => e.type === 'card.status'));
    expect(events.every((e) => e.seller_id === seller.id)).toBe(true);
    expect(events.filter((e) => e.card_id === card).map((e) => e.type)).toEqual(['card.submitted', 'card.status']);
    await until(() => shown.length > 0);
    expect(shown).toEqual([{ title: 'Gift card approved', body: `Card #${card} was approved.`, path: `/gift-card/${card}` }]);

    // The token revoked on the server (logged out elsewhere): the stream ends, main forgets the session, the page is told.
    expect((await d.server.call('POST', 'logout', { token: d.session.token()! })).status).toBe(200);
    await until(() => signedOut === 1);
    expect(unauthorized).toBe(1);
    expect(d.session.token()).toBeNull();
    off();
    expect(pageListeners.size).toBe(0);
    live.stop();
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { menuTemplate, type MenuItem } from '../../src/main/menu';
import {
  createNotifier,
  notificationsFor,
  showWith,
  withApprovalNames,
  withHoldItem,
  withRejectionReason,
  type NotificationSpec,
} from '../../src/main/notifications';
import { applyBadge, createBadgeUpdater, overlayDotPng } from '../../src/main/badge';
import { keepWindowState, placeWindow, WINDOW_STATE_KEY, type Rect } from '../../src/main/window-state';
import { deepLinkInArgs, parseDeepLink, wireDeepLinks } from '../../src/main/deep-link';
import { startAutoUpdates, updateFeedUrl, type UpdaterLike } from '../../src/main/updater';
import { createLiveBridge, withLiveSync } from '../../src/main/live';
import { SCREENS } from '../../src/shared/screens';
import type { LiveEvent } from '../../src/shared/events';
import type { Role } from '../../src/shared/constants';
import type { LiveMessage } from '../../src/shared/bridge';
import type { EventStreamOptions } from '../../src/shared/event-stream';

/** The signed-in user a notification is for (id 9: no event's maker unless a test says so). */
const as = (role: Role, id = 9) => ({ id, role });
const ev = (type: LiveEvent['type'], data: Record<string, unknown> = {}, card: number | null = 12): LiveEvent => ({
  id: 1,
  type,
  seller_id: 3,
  card_id: card,
  transaction_id: null,
  data,
  at: '2026-11-23T03:00:00Z',
});

describe('application menu', () => {
  const actions = () => ({ go: vi.fn(), search: vi.fn(), reload: vi.fn() });
  const find = (items: MenuItem[], label: string): MenuItem | undefined => {
    for (const i of items) {
      if (i.label === label) return i;
      const inner = i.submenu && find(i.submenu, label);
      if (inner) return inner;
    }
  };
  const goMenu = (t: MenuItem[]) => t.find((m) => m.label === '&Go')!.submenu!.filter((i) => i.accelerator?.match(/^CmdOrCtrl\+\d$/));

  it('staff: every staff screen in sidebar order with Ctrl/Cmd+1..9, search and reload; the usual menus', () => {
    const a = actions();
    const t = menuTemplate({ role: 'manager', platform: 'linux', dev: false, actions: a });
    expect(t.map((m) => m.label ?? m.role)).toEqual(['&File', 'editMenu', '&View', '&Go', 'windowMenu', 'help']);
    const screens = goMenu(t);
    expect(screens.map((s) => s.label)).toEqual([
      'Dashboard',
      'Gift Cards',
      'User Lists',
      'Seller Lists',
      'Add User',
      'Transactions',
      'Gift Card Offers',
      'Add Gift Card Offer',
      'Report',
    ]);
    expect(screens.map((s) => s.accelerator)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `CmdOrCtrl+${n}`));
    screens[1].click!();
    expect(a.go).toHaveBeenCalledWith('/gift-cards');
    expect(find(t, 'Search a Card...')!.accelerator).toBe('CmdOrCtrl+F');
    find(t, 'Search a Card...')!.click!();
    expect(a.search).toHaveBeenCalled();
    expect(find(t, 'Reload List')!.accelerator).toBe('CmdOrCtrl+R');
    find(t, 'Reload List')!.click!();
    expect(a.reload).toHaveBeenCalled();
    // No developer tools in a packaged app.
    expect(JSON.stringify(t)).not.toContain('toggleDevTools');
    expect(JSON.stringify(menuTemplate({ role: 'admin', platform: 'linux', dev: true, actions: a }))).toContain('toggleDevTools');
  });

  it('seller: only the seller’s screens; macOS gets the app menu; signed out: no screens', () => {
    const t = menuTemplate({ role: 'seller', platform: 'darwin', dev: false, actions: actions() });
    expect(t[0].role).toBe('appMenu');
    expect(goMenu(t).map((s) => [s.label, s.accelerator])).toEqual([
      ['Dashboard', 'CmdOrCtrl+1'],
      ['Gift Cards', 'CmdOrCtrl+2'],
      ['Add Gift Card', 'CmdOrCtrl+3'],
      ['My Transaction', 'CmdOrCtrl+4'],
      ['My Statement', 'CmdOrCtrl+5'],
    ]);
    expect(find(t, 'User Lists')).toBeUndefined();
    const out = menuTemplate({ role: null, platform: 'win32', dev: false, actions: actions() });
    expect(goMenu(out)).toEqual([]);
    expect(find(out, 'Reload List')!.enabled).toBe(false);
  });

  it('offers "Restart to Update" once an update is ready', () => {
    const restart = vi.fn();
    const t = menuTemplate({ role: 'admin', platform: 'linux', dev: false, actions: { ...actions(), restartToUpdate: restart } });
    find(t, 'Restart to Update')!.click!();
    expect(restart).toHaveBeenCalled();
    expect(find(menuTemplate({ role: 'admin', platform: 'linux', dev: false, actions: actions() }), 'Restart to Update')).toBeUndefined();
  });

  it('the menu’s screens are the sidebar’s (renderer NAV_ITEMS), label, path and audience', () => {
    const nav = fs.readFileSync('src/renderer/src/app/nav.ts', 'utf8');
    const items = [...nav.matchAll(/\{ label: '([^']+)', icon: \w+, to: '([^']+)', who: '(\w+)'/g)].map((m) => ({
      label: m[1],
      path: m[2],
      who: m[3],
    }));
    expect(items.length).toBeGreaterThan(5);
    expect(items).toEqual(SCREENS);
  });
});

describe('notifications', () => {
  it('staff: one per new submission, grouped when several; nothing else', () => {
    expect(notificationsFor(as('admin'), [ev('card.submitted', { status: 0 })])).toEqual([
      { title: 'New gift card to review', body: 'Card #12 was submitted.', path: '/gift-card/12' },
    ]);
    const many = [1, 2, 3].map((i) => ev('card.submitted', { status: 0 }, i));
    expect(notificationsFor(as('manager'), many)).toEqual([
      { title: '3 new gift cards to review', body: 'They are waiting in the Gift Cards list.', path: '/gift-cards' },
    ]);
    expect(notificationsFor(as('admin'), [ev('card.status', { from: 0, to: 1 }), ev('payment.recorded', { amount: 5 })])).toEqual([]);
  });

  it('staff: a payment waiting for a second staff member opens Pending approvals; its maker and sellers never hear of it', async () => {
    const request = (id: number, maker: number, amount: number) => ev('approval.requested', { request_id: id, amount, maker_id: maker });
    expect(notificationsFor(as('manager'), [request(3, 4, 1500)])).toEqual([
      { title: 'Payment awaits approval', body: '$1,500.00 needs a second staff member.', path: '/pending-approvals' },
    ]);
    // The names come from the Pending approvals list.
    const pending = {
      data: [
        { id: 2, seller: { id: 5, name: 'Other Seller' }, maker: { id: 4, name: 'Mo Maker' } },
        { id: 3, seller: { id: 6, name: 'Seller One' }, maker: { id: 4, name: 'Mo Maker' } },
      ],
    };
    const named = await withApprovalNames(async () => pending)(request(3, 4, 120));
    expect(notificationsFor(as('admin'), [named])).toEqual([
      { title: 'Payment awaits approval', body: '$120.00 to Seller One, requested by Mo Maker.', path: '/pending-approvals' },
    ]);
    // Gone from the list, or the list unreadable: the event as it came.
    const gone = request(8, 4, 120);
    expect(await withApprovalNames(async () => pending)(gone)).toBe(gone);
    expect(await withApprovalNames(async () => null)(gone)).toBe(gone);
    const card = ev('card.status', { from: 0, to: 1 });
    expect(await withApprovalNames(async () => pending)(card)).toBe(card);

    expect(notificationsFor(as('admin'), [request(3, 4, 1200), request(4, 5, 1300)])).toEqual([
      { title: '2 payments await approval', body: 'Each needs a second staff member.', path: '/pending-approvals' },
    ]);
    // The maker's own request is not news to them (they cannot approve it); another's in the same batch is.
    expect(notificationsFor(as('manager', 4), [request(3, 4, 1500)])).toEqual([]);
    expect(notificationsFor(as('manager', 4), [request(3, 4, 1500), request(4, 5, 90)]).map((n) => n.body)).toEqual([
      '$90.00 needs a second staff member.',
    ]);
    expect(notificationsFor(as('admin'), [ev('approval.decided', { status: 'approved' })])).toEqual([]);
    expect(notificationsFor(as('seller'), [request(3, 4, 1500)])).toEqual([]);
  });

  it('staff: a new link between two sellers (issue 54), opening the card that linked them; sellers are never told', () => {
    const linked = ev('seller.linked', { link_id: 5, signal: 'photo', seller_a: 3, seller_b: 9 });
    expect(notificationsFor(as('manager'), [linked])).toEqual([
      { title: 'Sellers linked', body: 'Sellers #3 and #9 are linked: same photo.', path: '/gift-card/12' },
    ]);
    expect(notificationsFor(as('admin'), [ev('seller.linked', { signal: 'payout_code', seller_a: 3, seller_b: 9 }, null)])).toEqual([
      { title: 'Sellers linked', body: 'Sellers #3 and #9 are linked: same payout code.', path: '/sellers' },
    ]);
    expect(notificationsFor(as('seller'), [linked])).toEqual([]);
  });

  it('sellers: approved, rejected (with the reason when there is one) and paid; clicking opens the card', () => {
    expect(
      notificationsFor(as('seller'), [
        ev('card.status', { from: 0, to: 1 }),
        ev('card.status', { from: 0, to: 2 }, 13),
        ev('card.status', { from: 0, to: 2, reason: 'The PIN is unreadable' }, 14),
        ev('payment.recorded', { amount: 12.5 }),
        ev('payment.recorded', { amount: 40 }, null),
        ev('card.submitted', { status: 0 }),
        ev('comment.added'),
      ]),
    ).toEqual([
      { title: 'Gift card approved', body: 'Card #12 was approved.', path: '/gift-card/12' },
      { title: 'Gift card rejected', body: 'Card #13 was rejected.', path: '/gift-card/13' },
      { title: 'Gift card rejected', body: 'Card #14 was rejected. Reason: The PIN is unreadable', path: '/gift-card/14' },
      { title: 'Payment received', body: '$12.50 was paid for card #12.', path: '/gift-card/12' },
      { title: 'Payment received', body: '$40.00 was paid.', path: '/my-transaction' },
    ]);
  });

  it("sellers: an appeal's outcome (issue 53), naming nobody; its filing is no news to them", () => {
    expect(
      notificationsFor(as('seller'), [
        ev('appeal.filed', { appeal_id: 1, decision: 'rejection' }),
        ev('appeal.decided', { appeal_id: 1, decision: 'rejection', outcome: 'reversed' }),
        ev('appeal.decided', { appeal_id: 2, decision: 'clawback', outcome: 'upheld' }, 15),
      ]),
    ).toEqual([
      { title: 'Appeal decided', body: 'Your appeal on card #12 was accepted: the rejection is reversed.', path: '/gift-card/12' },
      { title: 'Appeal decided', body: 'Your appeal on card #15 was declined: the clawback stands.', path: '/gift-card/15' },
    ]);
    expect(notificationsFor(as('admin'), [ev('appeal.decided', { appeal_id: 1, decision: 'rejection', outcome: 'reversed' })])).toEqual([]);
  });

  it("a payout hold is told from its inbox item (reason, end, no staff name); an adjusted approval's hold is not", async () => {
    const until = '2026-12-01T10:00:00.000Z';
    const inbox = {
      data: {
        data: [
          { id: 'h7', kind: 'held', card_id: 12, reason: 'Checking with the merchant', until },
          { id: 'h8', kind: 'held', card_id: null, reason: 'Identity check', until: null },
        ],
      },
    };
    const enrich = withHoldItem(async () => inbox);
    const events = await Promise.all([
      enrich(ev('hold.placed', { hold_id: 7 })),
      enrich(ev('hold.placed', { hold_id: 8 }, null)),
      // An adjusted approval's hold has no item of its own: the approval says it.
      enrich(ev('hold.placed', { hold_id: 9 })),
    ]);
    const end = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(until));
    expect(notificationsFor(as('seller'), events)).toEqual([
      { title: 'Payout on hold', body: `Card #12 was put on hold until ${end}. Reason: Checking with the merchant`, path: '/gift-card/12' },
      {
        title: 'Payout on hold',
        body: 'Your payouts were put on hold until staff release them. Reason: Identity check',
        path: '/gift-cards',
      },
    ]);
    // Not read (signed out, offline): nothing is told, the inbox has it.
    expect(notificationsFor(as('seller'), [await withHoldItem(async () => null)(ev('hold.placed', { hold_id: 7 }))])).toEqual([]);
    // Released by staff: told from its `hold_released` item (hr<id>), naming no one; one not in the inbox is not told.
    const lifted = withHoldItem(async () => ({
      data: {
        data: [
          { id: 'hr7', kind: 'hold_released', card_id: 12, reason: 'Checking with the merchant', until: null },
          { id: 'hr8', kind: 'hold_released', card_id: null, reason: 'Identity check', until: null },
        ],
      },
    }));
    const released = await Promise.all([
      lifted(ev('hold.released', { hold_id: 7 })),
      lifted(ev('hold.released', { hold_id: 8 }, null)),
      lifted(ev('hold.released', { hold_id: 9 })),
    ]);
    expect(notificationsFor(as('seller'), released)).toEqual([
      {
        title: 'Payout hold lifted',
        body: 'The payout hold on card #12 was lifted. Reason: Checking with the merchant',
        path: '/gift-card/12',
      },
      { title: 'Payout hold lifted', body: 'The payout hold on your payouts was lifted. Reason: Identity check', path: '/gift-cards' },
    ]);
    expect(notificationsFor(as('admin'), released)).toEqual([]);
    expect(notificationsFor(as('admin'), events)).toEqual([]);
    const other = ev('card.status', { from: 0, to: 1 });
    expect(await enrich(other)).toBe(other);
  });

  it('a dispute is told; a clawback is not a payment; a rejection gets its reason from the card', async () => {
    expect(notificationsFor(as('seller'), [ev('card.status', { from: 1, to: 3 }), ev('payment.recorded', { amount: -20 })])).toEqual([
      { title: 'Gift card disputed', body: 'Card #12 was disputed; what was paid for it is owed back.', path: '/gift-card/12' },
    ]);
    const cards: Record<number, unknown> = {
      12: { data: { id: 12, reject_reason: 'unreadable_image', reject_note: ' the PIN is scratched ' }, remedy: 'Take new photos.' },
      13: { data: { id: 13, reject_reason: 'other', reject_note: 'call us' }, remedy: null },
      14: { data: { id: 14, reject_reason: null, reject_note: null } },
      16: { data: { id: 16, reject_reason: 'duplicate', reject_note: null }, remedy: ` ${'Check your cards. '.repeat(40)}` },
    };
    const enrich = withRejectionReason(async (id) => cards[id] ?? null);
    const rejected = await Promise.all([12, 13, 14, 15, 16].map((id) => enrich(ev('card.status', { from: 0, to: 2 }, id))));
    expect(notificationsFor(as('seller'), rejected).map((n) => n.body)).toEqual([
      'Card #12 was rejected. Reason: Unreadable image: the PIN is scratched\nWhat to do: Take new photos.',
      'Card #13 was rejected. Reason: call us',
      'Card #14 was rejected.',
      'Card #15 was rejected.',
      // The remedy is at most the limit's length (600), the reason alone when there is no note.
      `Card #16 was rejected. Reason: Duplicate\nWhat to do: ${'Check your cards. '.repeat(40).trim().slice(0, 600)}`,
    ]);
    const approved = ev('card.status', { from: 0, to: 1 });
    expect(await enrich(approved)).toBe(approved);
  });

  it('gathers a burst into one; a sign-out drops what was gathered; a click opens the path', async () => {
    vi.useFakeTimers();
    const shown: NotificationSpec[] = [];
    const n = createNotifier({ user: () => as('admin'), show: (x) => shown.push(x), waitMs: 1000 });
    for (let i = 1; i <= 12; i++) n.push(ev('card.submitted', { status: 0 }, i));
    vi.advanceTimersByTime(999);
    expect(shown).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(shown.map((s) => s.title)).toEqual(['12 new gift cards to review']);
    n.push(ev('card.submitted', { status: 0 }));
    n.reset();
    await vi.advanceTimersByTimeAsync(2000);
    expect(shown).toHaveLength(1);
    vi.useRealTimers();

    const opened: string[] = [];
    class FakeNotification extends EventEmitter {
      static isSupported = () => true;
      static made: FakeNotification[] = [];
      shown = false;
      constructor(readonly options: { title: string; body: string }) {
        super();
        FakeNotification.made.push(this);
      }
      show() {
        this.shown = true;
      }
    }
    showWith(FakeNotification, (p) => opened.push(p))({ title: 'T', body: 'B', path: '/gift-card/5' });
    const made = FakeNotification.made[0];
    expect(made.options).toEqual({ title: 'T', body: 'B' });
    expect(made.shown).toBe(true);
    made.emit('click');
    expect(opened).toEqual(['/gift-card/5']);
  });
});

describe('badge', () => {
  it('macOS and Linux: the app badge count; Windows: an overlay icon with a description, removed at 0', () => {
    const app = { setBadgeCount: vi.fn(() => true) };
    const window = { setOverlayIcon: vi.fn() };
    applyBadge(7, { platform: 'darwin', app, window, overlay: () => 'dot' });
    applyBadge(0, { platform: 'linux', app, window, overlay: () => 'dot' });
    expect(app.setBadgeCount.mock.calls).toEqual([[7], [0]]);
    applyBadge(3, { platform: 'win32', app, window, overlay: () => 'dot' });
    applyBadge(0, { platform: 'win32', app, window, overlay: () => 'dot' });
    expect(window.setOverlayIcon.mock.calls).toEqual([
      ['dot', '3 gift cards to review'],
      [null, ''],
    ]);
    applyBadge(-2, { platform: 'darwin', app, window: null, overlay: () => 'dot' });
    expect(app.setBadgeCount).toHaveBeenLastCalledWith(0);
    expect(overlayDotPng().subarray(1, 4).toString()).toBe('PNG');
  });

  it('staff get the pending count, sellers none; a failed read keeps the last count; refreshes do not pile up', async () => {
    const applied: number[] = [];
    let staff = true;
    let reads = 0;
    let answer: number | null = 4;
    const u = createBadgeUpdater({
      isStaff: () => staff,
      pending: async () => {
        reads += 1;
        await new Promise((r) => setTimeout(r, 10));
        if (answer === null) throw new Error('offline');
        return answer;
      },
      apply: (n) => applied.push(n),
    });
    await Promise.all([u.refresh(), u.refresh(), u.refresh()]);
    expect(reads).toBe(2);
    expect(applied).toEqual([4, 4]);
    answer = null;
    await u.refresh();
    expect(applied).toEqual([4, 4]);
    staff = false;
    await u.refresh();
    u.clear();
    expect(applied).toEqual([4, 4, 0, 0]);
  });
});

describe('window state', () => {
  const primary: Rect = { x: 0, y: 0, width: 1920, height: 1040 };
  const right: Rect = { x: 1920, y: 0, width: 1280, height: 984 };

  it('restores size, position and maximised state on a display that is there', () => {
    expect(placeWindow({ bounds: { x: 2000, y: 50, width: 1100, height: 700 }, maximized: true }, [primary, right])).toEqual({
      x: 2000,
      y: 50,
      width: 1100,
      height: 700,
      maximized: true,
    });
    expect(placeWindow(undefined, [primary])).toEqual({ width: 1280, height: 800, maximized: false });
    expect(placeWindow({ bounds: { x: 'a' } }, [primary])).toEqual({ width: 1280, height: 800, maximized: false });
  });

  it('a window on a monitor that is gone opens centred on the primary display, cut to fit', () => {
    expect(placeWindow({ bounds: { x: 2000, y: 50, width: 1900, height: 1200 }, maximized: false }, [primary])).toEqual({
      width: 1900,
      height: 1040,
      maximized: false,
    });
    // Title bar above the screen: not reachable.
    expect(placeWindow({ bounds: { x: 100, y: -900, width: 1000, height: 950 }, maximized: false }, [primary]).x).toBeUndefined();
  });

  it('a window partly off its display slides inside it; never below the minimum size', () => {
    expect(placeWindow({ bounds: { x: 1500, y: 600, width: 1000, height: 700 }, maximized: false }, [primary])).toEqual({
      x: 920,
      y: 340,
      width: 1000,
      height: 700,
      maximized: false,
    });
    const small = placeWindow({ bounds: { x: 10, y: 10, width: 200, height: 100 }, maximized: false }, [primary]);
    expect([small.width, small.height]).toEqual([900, 600]);
  });

  it('saves the normal bounds when moved (debounced) and at once when closed; not while minimised', () => {
    vi.useFakeTimers();
    const saved: unknown[] = [];
    const store = { get: () => undefined, set: (_k: string, v: unknown) => void saved.push([_k, v]), delete: () => undefined };
    const win = Object.assign(new EventEmitter(), {
      bounds: { x: 1, y: 2, width: 1000, height: 700 },
      max: false,
      min: false,
      getNormalBounds() {
        return this.bounds;
      },
      isMaximized() {
        return this.max;
      },
      isMinimized() {
        return this.min;
      },
    });
    keepWindowState(win, store);
    win.emit('move');
    win.emit('resize');
    expect(saved).toEqual([]);
    vi.advanceTimersByTime(500);
    expect(saved).toEqual([[WINDOW_STATE_KEY, { bounds: { x: 1, y: 2, width: 1000, height: 700 }, maximized: false }]]);
    win.max = true;
    win.emit('maximize');
    win.min = true;
    win.emit('close');
    expect(saved).toHaveLength(2);
    vi.useRealTimers();
  });
});

describe('deep links', () => {
  it('open the app’s routes', () => {
    expect(parseDeepLink('gift-card-back-office://gift-card/123')).toBe('/gift-card/123');
    expect(parseDeepLink('gift-card-back-office://gift-card/123/')).toBe('/gift-card/123');
    expect(parseDeepLink('GIFT-CARD-BACK-OFFICE://Gift-Card/7')).toBe('/gift-card/7');
    expect(parseDeepLink('gift-card-back-office://gift-cards')).toBe('/gift-cards');
    expect(parseDeepLink('gift-card-back-office://edit-transaction/9')).toBe('/edit-transaction/9');
  });

  it('refuse anything else', () => {
    for (const hostile of [
      'https://gift-card/123',
      'javascript:alert(1)',
      'gift-card-back-office:gift-card/1',
      'gift-card-back-office://gift-card/0',
      'gift-card-back-office://gift-card/01',
      'gift-card-back-office://gift-card/-1',
      'gift-card-back-office://gift-card/99999999999',
      'gift-card-back-office://gift-card/1.5',
      'gift-card-back-office://gift-card/1?x=1',
      'gift-card-back-office://gift-card/1#top',
      'gift-card-back-office://user:pw@gift-card/1',
      'gift-card-back-office://gift-card:80/1',
      'gift-card-back-office://gift-card/../users',
      'gift-card-back-office://gift-card/%2e%2e/users',
      'gift-card-back-office://gift-card//1',
      'gift-card-back-office://gift-card\\1',
      'gift-card-back-office://gift-card/1 ',
      'gift-card-back-office://gift-card/1\n',
      'gift-card-back-office://login',
      'gift-card-back-office://dev-test',
      'gift-card-back-office://',
      `gift-card-back-office://gift-card/${'1'.repeat(300)}`,
      '',
      42,
      null,
    ])
      expect(parseDeepLink(hostile), String(hostile)).toBeNull();
  });

  it('registers the scheme and opens links from open-url, a second instance and its own arguments', () => {
    const app = Object.assign(new EventEmitter(), { setAsDefaultProtocolClient: vi.fn(() => true) });
    const opened: string[] = [];
    const focus = vi.fn();
    const first = wireDeepLinks(app, {
      open: (p) => opened.push(p),
      focus,
      argv: ['/opt/app', '--flag', 'gift-card-back-office://gift-card/5'],
      defaultApp: false,
      execPath: '/opt/app',
    });
    expect(first).toBe('/gift-card/5');
    expect(app.setAsDefaultProtocolClient).toHaveBeenCalledWith('gift-card-back-office', undefined, undefined);
    let prevented = false;
    app.emit('open-url', { preventDefault: () => (prevented = true) }, 'gift-card-back-office://gift-card/6');
    app.emit('open-url', { preventDefault: () => undefined }, 'gift-card-back-office://gift-card/../../etc');
    app.emit('second-instance', {}, ['/opt/app', 'gift-card-back-office://transactions']);
    app.emit('second-instance', {}, ['/opt/app']);
    expect(prevented).toBe(true);
    expect(opened).toEqual(['/gift-card/6', '/transactions']);
    expect(focus).toHaveBeenCalledTimes(4);
    expect(deepLinkInArgs(['x', 'gift-card-back-office://nope'])).toBeNull();

    const dev = Object.assign(new EventEmitter(), { setAsDefaultProtocolClient: vi.fn(() => true) });
    wireDeepLinks(dev, { open: () => undefined, focus, argv: [], defaultApp: true, execPath: '/usr/bin/electron', appPath: '/src/app' });
    expect(dev.setAsDefaultProtocolClient).toHaveBeenCalledWith('gift-card-back-office', '/usr/bin/electron', ['/src/app']);
  });
});

describe('auto-update', () => {
  class FakeUpdater extends EventEmitter implements UpdaterLike {
    autoDownload = false;
    autoInstallOnAppQuit = false;
    feed: unknown = null;
    checks = 0;
    installed = 0;
    setFeedURL(o: { provider: 'generic'; url: string }) {
      this.feed = o;
    }
    async checkForUpdates() {
      this.checks += 1;
      return null;
    }
    quitAndInstall() {
      this.installed += 1;
    }
  }

  it('off in development and without a feed', () => {
    const u = new FakeUpdater();
    const base = { updater: u, ready: vi.fn(), log: vi.fn() };
    expect(startAutoUpdates({ ...base, isPackaged: false, feedUrl: 'https://u.example/' })).toEqual({
      on: false,
      why: 'development build',
    });
    expect(startAutoUpdates({ ...base, isPackaged: true, feedUrl: null }).on).toBe(false);
    expect(u.checks).toBe(0);
    expect(u.feed).toBeNull();
  });

  it('checks the generic feed at start and every few hours; a downloaded update offers Restart to Update once', () => {
    vi.useFakeTimers();
    const u = new FakeUpdater();
    const ready = vi.fn();
    const state = startAutoUpdates({ updater: u, isPackaged: true, feedUrl: 'https://u.example/desktop/', ready, log: vi.fn() });
    expect(state.on).toBe(true);
    expect(u.feed).toEqual({ provider: 'generic', url: 'https://u.example/desktop/' });
    expect([u.autoDownload, u.autoInstallOnAppQuit]).toEqual([true, true]);
    expect(u.checks).toBe(1);
    vi.advanceTimersByTime(4 * 3600_000);
    expect(u.checks).toBe(2);
    u.emit('update-downloaded', { version: '0.2.0' });
    u.emit('update-downloaded', { version: '0.2.0' });
    expect(ready).toHaveBeenCalledTimes(1);
    expect(ready.mock.calls[0][1]).toBe('0.2.0');
    ready.mock.calls[0][0]();
    expect(u.installed).toBe(1);
    if (state.on) state.stop();
    vi.advanceTimersByTime(8 * 3600_000);
    expect(u.checks).toBe(2);
    vi.useRealTimers();
  });

  it('the feed URL comes from UPDATE_URL or updateUrl in the settings file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gcbo-upd-'));
    expect(updateFeedUrl({}, dir)).toBeNull();
    fs.writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ updateUrl: 'https://updates.example.com/app' }));
    expect(updateFeedUrl({}, dir)).toBe('https://updates.example.com/app/');
    expect(updateFeedUrl({ UPDATE_URL: 'https://other.example/feed/' }, dir)).toBe('https://other.example/feed/');
    fs.writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ updateUrl: 'file:///etc' }));
    expect(updateFeedUrl({}, dir)).toBeNull();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('main’s event stream', () => {
  it('starts for the signed-in session, forwards to the page and the desktop, stops on logout, clears on a revoked token', async () => {
    let token: string | null = 'tok-1';
    const sent: LiveMessage[] = [];
    const started: EventStreamOptions[] = [];
    const stopped: string[] = [];
    const onEvent = vi.fn();
    const cleared = vi.fn(() => (token = null));
    const bridge = createLiveBridge({
      apiUrl: 'http://127.0.0.1:8787/api/',
      session: { token: () => token, clear: cleared },
      fetch: fetch,
      send: (m) => sent.push(m),
      onEvent,
      start: (o) => {
        started.push(o);
        const t = o.token();
        return () => stopped.push(t!);
      },
    });
    bridge.sync();
    bridge.sync();
    expect(started).toHaveLength(1);
    expect(started[0].url).toBe('http://127.0.0.1:8787/api/events');
    started[0].listener.event(ev('card.status', { from: 0, to: 1 }));
    started[0].listener.status('reconnecting');
    expect(sent).toEqual([
      { kind: 'event', event: ev('card.status', { from: 0, to: 1 }) },
      { kind: 'status', status: 'reconnecting' },
    ]);
    expect(onEvent).toHaveBeenCalledTimes(1);

    // Another account: the stream restarts with its token; logout stops it.
    const session = withLiveSync(
      {
        login: async () => {
          token = 'tok-2';
          return { status: 200, data: { token: '', user: { id: 1, name: 'A', email: 'a@x', role: 'admin' as const } } };
        },
        logout: async () => {
          token = null;
        },
      },
      bridge.sync,
    );
    await session.login();
    expect(stopped).toEqual(['tok-1']);
    expect(started.map((o) => o.token())).toEqual(['tok-2', 'tok-2']);
    await session.logout();
    expect(stopped).toEqual(['tok-1', 'tok-2']);

    token = 'tok-3';
    bridge.sync();
    started[2].listener.signedOut();
    expect(cleared).toHaveBeenCalled();
    expect(sent.at(-1)).toEqual({ kind: 'signedOut' });
  });
});

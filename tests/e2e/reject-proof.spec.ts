import type { Browser, Page } from '@playwright/test';
import { test, expect, loginAs, idle, createUser, createOffer, pngBytes, unique, apiCall, shot } from './fixtures';
import { axeFindingsInBothThemes } from './fixtures/axe';

/**
 * Issue 53, proof with a decision: a reviewer marks a region on the card's photo (mouse, or keyboard) and attaches the
 * evidence found to a rejection or a clawback; the seller sees the photo with the region drawn over it and the evidence.
 */
test.setTimeout(150_000);

async function session(browser: Browser, who: string): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: process.env.E2E_BASE_URL });
  const page = await ctx.newPage();
  await loginAs(page, who);
  return page;
}
const toast = (page: Page, text: string) => page.locator('#notistack-snackbar').filter({ hasText: text }).first();

/** A seller's card with a 40x30 photo (and a number); answers its id. */
async function submit(sellerEmail: string, offerId: number, cardNumber: string, rgb: [number, number, number]): Promise<number> {
  const form = new FormData();
  form.append('giftcard_offer_id', String(offerId));
  form.append('price', '50');
  form.append('card_number', cardNumber);
  form.append('gallery[0]', new Blob([new Uint8Array(pngBytes(40, 30, rgb))], { type: 'image/png' }), 'card.png');
  const r = await apiCall('POST', 'gift-card', { as: sellerEmail, form });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const mine = await apiCall('GET', 'my-giftcard?page=1', { as: sellerEmail });
  return mine.body.data.data[0].id as number;
}

async function openReject(staff: Page, cardId: number) {
  await staff.goto(`/gift-card/${cardId}`);
  await idle(staff);
  await staff.getByRole('button', { name: 'Reject' }).click();
  const dlg = staff.getByRole('dialog', { name: /^Reject card/ });
  await dlg.getByLabel('Reason').selectOption({ label: '5. Suspected fraud' });
  return dlg;
}

test('a reviewer draws a box with the mouse and rejects; the seller sees the box over their photo', async ({ browser }) => {
  const seller = await createUser('seller');
  const offer = await createOffer({ title: unique('Proof Offer') });
  const cardId = await submit(seller.email, offer.id, unique('PRF').replace(/\s+/g, '-'), [200, 60, 60]);
  const staff = await session(browser, 'admin');

  await test.step('the reviewer drags a box on the photo in the reject dialog', async () => {
    const dlg = await openReject(staff, cardId);
    const surface = dlg.getByTestId('proof-surface');
    await expect(surface).toBeVisible();
    const b = (await surface.boundingBox())!;
    expect(b.width).toBeGreaterThan(100);
    await staff.mouse.move(b.x + b.width * 0.2, b.y + b.height * 0.25);
    await staff.mouse.down();
    await staff.mouse.move(b.x + b.width * 0.4, b.y + b.height * 0.5, { steps: 4 });
    await staff.mouse.move(b.x + b.width * 0.6, b.y + b.height * 0.75, { steps: 4 });
    await staff.mouse.up();
    await expect(dlg.getByTestId('proof-region')).toHaveCount(1);
    await expect(
      dlg.getByRole('button', { name: /^Region 1 on photo 1: 20% from the left, 25% from the top, 40% wide, 50% high/ }),
    ).toBeVisible();
    await expect(dlg.getByText('1 of at most 8 regions marked')).toBeVisible();
    await shot(staff, 'reject-proof-drawn');
    await dlg.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(toast(staff, 'Gift card rejected')).toBeVisible();
  });

  await test.step('stored in fractions of the photo', async () => {
    const r = await apiCall('GET', `gift-card/${cardId}`, { as: seller.email });
    expect(r.body.proof.decision).toBe('reject');
    const [box] = r.body.proof.regions;
    expect(box.x).toBeCloseTo(0.2, 1);
    expect(box.y).toBeCloseTo(0.25, 1);
    expect(box.w).toBeCloseTo(0.4, 1);
    expect(box.h).toBeCloseTo(0.5, 1);
  });

  await test.step("the seller sees the box drawn over their photo, scaled to it, on the card's page", async () => {
    const page = await session(browser, seller.email);
    await page.goto(`/gift-card/${cardId}`);
    const proof = page.getByTestId('rejection-notice').getByTestId('decision-proof');
    const photo = proof.getByRole('img', { name: 'Photo 1 of the card' });
    const box = proof.getByRole('img', { name: /^Marked region 1 on photo 1/ });
    await expect(photo).toBeVisible();
    await expect(box).toBeVisible();
    const p = (await photo.boundingBox())!;
    const r = (await box.boundingBox())!;
    expect(p.width).toBeGreaterThan(100);
    expect(Math.abs(r.x - (p.x + 0.2 * p.width))).toBeLessThan(4);
    expect(Math.abs(r.y - (p.y + 0.25 * p.height))).toBeLessThan(4);
    expect(Math.abs(r.width - 0.4 * p.width)).toBeLessThan(4);
    expect(Math.abs(r.height - 0.5 * p.height)).toBeLessThan(4);
    await shot(page, 'reject-proof-seller');
    // Narrower window: the photo shrinks and the box with it.
    await page.setViewportSize({ width: 700, height: 900 });
    await expect(async () => {
      const p2 = (await photo.boundingBox())!;
      const r2 = (await box.boundingBox())!;
      expect(Math.abs(r2.width - 0.4 * p2.width)).toBeLessThan(4);
      expect(Math.abs(r2.x - (p2.x + 0.2 * p2.width))).toBeLessThan(4);
    }).toPass();
    await page.context().close();
  });
  await staff.context().close();
});

test('keyboard: Mark a region, arrows move it, Shift+arrows resize it; evidence found is attached; the seller reads it', async ({
  browser,
}) => {
  const seller = await createUser('seller');
  const other = await createUser('seller');
  const offer = await createOffer({ title: unique('Proof Keys Offer') });
  const number = unique('DUP').replace(/\s+/g, '-');
  await submit(other.email, offer.id, number, [20, 160, 60]);
  const cardId = await submit(seller.email, offer.id, number, [60, 60, 200]);
  const staff = await session(browser, 'admin');

  await test.step('the reviewer marks and adjusts a region with the keyboard alone', async () => {
    const dlg = await openReject(staff, cardId);
    const mark = dlg.getByRole('button', { name: 'Mark a region' });
    await mark.focus();
    await staff.keyboard.press('Enter');
    const region = dlg.getByRole('button', { name: /^Region 1 on photo 1:/ });
    await expect(region).toBeFocused();
    await expect(region).toHaveAccessibleName('Region 1 on photo 1: 35% from the left, 35% from the top, 30% wide, 30% high');
    await expect(region).toHaveAccessibleDescription(/arrow keys move it, Shift with the arrow keys resizes it, Delete removes it/);
    for (let i = 0; i < 3; i++) await staff.keyboard.press('ArrowRight');
    await staff.keyboard.press('ArrowUp');
    await staff.keyboard.press('Shift+ArrowDown');
    await staff.keyboard.press('Shift+ArrowDown');
    await staff.keyboard.press('Shift+ArrowLeft');
    await expect(region).toHaveAccessibleName('Region 1 on photo 1: 41% from the left, 33% from the top, 28% wide, 34% high');
    // Delete removes it; marked again it starts in the middle.
    await staff.keyboard.press('Delete');
    await expect(dlg.getByTestId('proof-region')).toHaveCount(0);
    await mark.focus();
    await staff.keyboard.press('Enter');
    await staff.keyboard.press('ArrowDown');
    await expect(dlg.getByRole('button', { name: /^Region 1 on photo 1:/ })).toHaveAccessibleName(
      'Region 1 on photo 1: 35% from the left, 37% from the top, 30% wide, 30% high',
    );
    // The evidence the system found: the number is on another card (offered without that card or its seller).
    const seen = dlg.getByRole('checkbox', { name: 'This number was submitted before (on another card)' });
    await expect(seen).toBeVisible();
    await expect(dlg.getByRole('checkbox', { name: /photo matches/ })).toHaveCount(0);
    await seen.check();
    // Closed and opened again, the dialog starts with no proof; then marked again as it was.
    await staff.keyboard.press('Escape');
    await expect(dlg).toBeHidden();
    await staff.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(dlg.getByTestId('proof-region')).toHaveCount(0);
    await expect(seen).not.toBeChecked();
    await dlg.getByLabel('Reason').selectOption({ label: '5. Suspected fraud' });
    await mark.focus();
    await staff.keyboard.press('Enter');
    await staff.keyboard.press('ArrowDown');
    await seen.check();
    await dlg.getByRole('button', { name: 'Reject', exact: true }).click();
    await expect(toast(staff, 'Gift card rejected')).toBeVisible();
  });

  await test.step('the seller reads the evidence and sees the region, and nothing of the other card', async () => {
    const page = await session(browser, seller.email);
    await page.goto(`/gift-card/${cardId}`);
    const proof = page.getByTestId('decision-proof');
    await expect(proof.getByTestId('proof-evidence')).toHaveText('This card number was already submitted on another card.');
    await expect(proof.getByRole('img', { name: /^Marked region 1 on photo 1: 35% from the left, 37% from the top/ })).toBeVisible();
    await expect(page.getByTestId('rejection-notice')).not.toContainText(other.name);
    await page.context().close();
  });
  await staff.context().close();
});

test('the Dispute dialog takes the same proof: a box and the evidence; the seller sees them with the clawback', async ({ browser }) => {
  const seller = await createUser('seller');
  const other = await createUser('seller');
  const offer = await createOffer({ title: unique('Proof Clawback Offer') });
  const number = unique('CLW').replace(/\s+/g, '-');
  await submit(other.email, offer.id, number, [20, 160, 60]);
  const cardId = await submit(seller.email, offer.id, number, [60, 60, 200]);
  // Approved over the other card's number, and paid: a clawback can be made.
  const approved = await apiCall('POST', `gift-card-review/${cardId}`, {
    as: 'admin',
    body: { action: 'approve', override_duplicate: true, override_reason: 'Checked with the brand' },
  });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  const due = (await apiCall('GET', `gift-card/${cardId}`, { as: 'admin' })).body.data.due as number;
  const code = unique('CLW-PAY').replace(/\s+/g, '-');
  const paid = await apiCall('POST', 'transaction', { as: 'admin', body: { code, transaction_amount: due, gidcard_id: cardId } });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const staff = await session(browser, 'admin');

  await test.step('staff mark a region with the keyboard and tick the evidence in the Dispute dialog', async () => {
    await staff.goto(`/gift-card/${cardId}`);
    await idle(staff);
    await staff.getByRole('button', { name: 'Dispute', exact: true }).click();
    const dlg = staff.getByRole('dialog', { name: 'Dispute this card' });
    await dlg.getByLabel('Reason').selectOption({ label: 'Card already used' });
    const mark = dlg.getByRole('button', { name: 'Mark a region' });
    await mark.focus();
    await staff.keyboard.press('Enter');
    const region = dlg.getByRole('button', { name: /^Region 1 on photo 1:/ });
    await expect(region).toBeFocused();
    await staff.keyboard.press('ArrowRight');
    await staff.keyboard.press('Shift+ArrowDown');
    await expect(region).toHaveAccessibleName('Region 1 on photo 1: 37% from the left, 35% from the top, 30% wide, 32% high');
    const seen = dlg.getByRole('checkbox', { name: 'This number was submitted before (on another card)' });
    await seen.check();
    await shot(staff, 'dispute-proof-drawn');
    expect(await axeFindingsInBothThemes(staff, 'the Dispute dialog with a region and evidence')).toEqual([]);
    await staff.emulateMedia({ colorScheme: 'light' });
    await dlg.getByRole('button', { name: 'Dispute', exact: true }).click();
    await expect(toast(staff, 'Card marked as disputed')).toBeVisible();
    await expect(dlg).toBeHidden();
  });

  await test.step('stored with the clawback', async () => {
    const r = await apiCall('GET', `gift-card/${cardId}`, { as: seller.email });
    expect(r.body.data.card_status).toBe(3);
    expect(r.body.proof).toMatchObject({
      decision: 'clawback',
      regions: [{ x: 0.37, y: 0.35, w: 0.3, h: 0.32 }],
      evidence: [{ kind: 'number_seen_before' }],
    });
  });

  await test.step("the seller sees the box over their photo and the evidence on the card's page, nothing of the other card", async () => {
    const page = await session(browser, seller.email);
    await page.goto(`/gift-card/${cardId}`);
    const notice = page.getByTestId('clawback-notice');
    await expect(notice).toContainText('is clawed back');
    const proof = notice.getByTestId('decision-proof');
    await expect(proof.getByTestId('proof-evidence')).toHaveText('This card number was already submitted on another card.');
    const photo = proof.getByRole('img', { name: 'Photo 1 of the card' });
    const box = proof.getByRole('img', { name: /^Marked region 1 on photo 1: 37% from the left, 35% from the top/ });
    await expect(photo).toBeVisible();
    await expect(box).toBeVisible();
    const p = (await photo.boundingBox())!;
    const r = (await box.boundingBox())!;
    expect(Math.abs(r.x - (p.x + 0.37 * p.width))).toBeLessThan(4);
    expect(Math.abs(r.y - (p.y + 0.35 * p.height))).toBeLessThan(4);
    expect(Math.abs(r.width - 0.3 * p.width)).toBeLessThan(4);
    await expect(notice).not.toContainText(other.name);
    // One notice says it: the clawback with its proof; the form's lock is a neutral line beside it, not a second alarm.
    await expect(page.getByRole('main').getByRole('alert')).toHaveCount(1);
    await expect(page.getByRole('main').getByRole('alert')).toHaveAttribute('data-testid', 'clawback-notice');
    // Staff resolve a dispute: the seller is not told to.
    await expect(page.getByTestId('disputed-lock')).toHaveText(
      'This card is disputed: it cannot be changed while the marketplace looks into it.',
    );
    await shot(page, 'dispute-proof-seller');
    expect(await axeFindingsInBothThemes(page, "the seller's disputed card with its proof")).toEqual([]);
    await page.context().close();
  });
  await staff.context().close();
});

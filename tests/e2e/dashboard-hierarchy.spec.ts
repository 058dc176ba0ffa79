import type { Page } from '@playwright/test';
import { test, expect, watchLayoutShift, layoutShift, loginAs } from './fixtures';

/** Each key figure's label and its tile's size on screen. */
async function tiles(page: Page) {
  const items = page.getByRole('list', { name: 'Key figures' }).getByRole('listitem');
  await expect(items.first()).toContainText('$');
  const out: { text: string; area: number }[] = [];
  for (const item of await items.all()) {
    const box = (await item.boundingBox())!;
    out.push({ text: await item.innerText(), area: box.width * box.height });
  }
  return out;
}

/**
 * Issue 55, the dashboard redesigned: money owed and the reviews overdue first and largest, the rest smaller; the
 * photos to read a small status line, not a tile; no layout shift while the figures load.
 */
test.describe('the dashboard puts money owed and overdue reviews first', () => {
  test('staff: Total due to sellers and Reviews overdue first and largest, Photos to read a status', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(page, 'admin');
    await watchLayoutShift(page);
    await page.goto('/');
    const t = await tiles(page);
    expect(t.map((x) => x.text.split('\n')[0])).toEqual([
      'Total due to sellers',
      'Reviews overdue',
      'Cards pending review',
      'Paid this month',
      'Clawed back this month',
      'Approved this month',
      'Rejected this month',
      'Appeals open',
    ]);
    const smallest = Math.max(...t.slice(2).map((x) => x.area));
    for (const big of t.slice(0, 2)) expect(big.area, big.text).toBeGreaterThan(2 * smallest);
    const photos = page.getByTestId('photos-to-read');
    await expect(photos).toHaveAttribute('role', 'status');
    await expect(photos).toHaveText(/^Photos to read: \d+/);
    expect((await photos.boundingBox())!.height).toBeLessThan(30);
    await page.waitForTimeout(1500);
    const cls = await layoutShift(page);
    expect(cls.value, cls.shifts.join(' | ')).toBeLessThan(0.05);
  });

  test('a seller: Due to me and their cards pending review first and largest, no photos line', async ({ page }) => {
    await page.setViewportSize({ width: 900, height: 900 });
    await loginAs(page, 'seller');
    await page.goto('/');
    const t = await tiles(page);
    expect(t.map((x) => x.text.split('\n')[0]).slice(0, 2)).toEqual(['Due to me', 'My cards pending review']);
    const smallest = Math.max(...t.slice(2).map((x) => x.area));
    for (const big of t.slice(0, 2)) expect(big.area, big.text).toBeGreaterThan(2 * smallest);
    await expect(page.getByTestId('photos-to-read')).toHaveCount(0);
  });
});

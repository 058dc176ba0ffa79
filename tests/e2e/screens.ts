/**
 * Issue 55, the redesigned screens: viewport screenshots of the work queue (staff Gift Cards), the dashboard and a
 * pending card's page at 1440 and 900 px wide, light and dark, over fresh demo data, saved as
 * docs/screens/<screen>-<width>-<theme>-<tag>.png (`tag`: before / after a redesign).
 *
 * `npx tsx tests/e2e/screens.ts --tag=after [--only=queue,dashboard]` (builds the renderer into out/renderer when stale).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../playwright.config';
import { startServer } from './fixtures/global-setup';
import { ensureBuilt, OUT } from '../../bench/renderer';

const OUT_DIR = path.resolve('docs/screens');
const WIDTHS = [1440, 900];
const HEIGHT = 900;
const THEMES = ['light', 'dark'] as const;
const ADMIN = { email: 'admin@example.com', password: 'admin-password' };

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];

async function firstPendingCard(url: string): Promise<number> {
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${url}/api/gift-card?page=1&status=0&sort=review_due`, { headers: { authorization: `Bearer ${token}` } });
  const page = (await res.json()) as { data: { id: number }[] };
  return page.data[0].id;
}

/** Waits until the route's code and the page's data are in and nothing is loading. */
async function settled(page: Page) {
  await page
    .getByTestId('route-loader')
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(1200);
}

async function main() {
  const tag = arg('tag') ?? 'after';
  const only = arg('only');
  ensureBuilt();
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gcbo-screens-'));
  const server = await startServer(dataDir, { DEMO: '1', ADMIN_EMAIL: '', ADMIN_PASSWORD: '', WEB_DIR: OUT });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const card = await firstPendingCard(server.url);
    const screens = [
      { name: 'queue', path: '/gift-cards?status=0' },
      { name: 'dashboard', path: '/' },
      { name: 'card', path: `/gift-card/${card}` },
    ].filter((s) => !only || only.split(',').includes(s.name));
    for (const theme of THEMES) {
      const context = await browser.newContext({ baseURL: server.url, colorScheme: theme, viewport: { width: 1440, height: HEIGHT } });
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByLabel('Email or user name').fill(ADMIN.email);
      await page.getByLabel('Password').fill(ADMIN.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL((u) => u.pathname === '/');
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: HEIGHT });
        for (const s of screens) {
          await page.goto(s.path);
          await settled(page);
          const file = path.join(OUT_DIR, `${s.name}-${width}-${theme}-${tag}.png`);
          await page.screenshot({ path: file });
          console.log(file);
        }
      }
      await context.close();
    }
  } finally {
    await browser.close();
    server.child.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);

import { chromium } from '@playwright/test';
import globalSetup from '../tests/e2e/fixtures/global-setup';
import { E2E_ADMIN, E2E_PASSWORD } from '../tests/e2e/fixtures/constants';

/** Issue 32: from a decision (the A key) to the next card of the queue on screen, in the real UI. */
export interface ReviewSpeed {
  samples: number[];
  medianMs: number;
}

const DECISIONS = 20;

async function api(url: string, method: string, p: string, token?: string, body?: unknown, form?: FormData) {
  const res = await fetch(`${url}/api/${p}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: form ?? (body ? JSON.stringify(body) : undefined),
  });
  const data = (await res.json()) as Record<string, any>;
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(data)}`);
  return data;
}

/** A tiny valid PNG would do, but a real-sized photo is what a reviewer waits for: 1x1 grey PNG bytes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNoaGgAAAMEAYFL09IQAAAAAElFTkSuQmCC', 'base64');

/**
 * The e2e server (browser build, PGlite) with 21 pending cards; one reviewer starts the queue and approves 20 by the
 * A key. Each sample runs from the key press to the next card's page showing it as Pending (its data loaded).
 */
export async function reviewSpeed(log: (line: string) => void): Promise<ReviewSpeed> {
  const teardown = await globalSetup({} as never);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const url = process.env.E2E_BASE_URL!;
    const admin = (await api(url, 'POST', 'login', undefined, { email: E2E_ADMIN.email, password: E2E_PASSWORD })).token as string;
    const seller = (await api(url, 'POST', 'login', undefined, { email: 'seller@e2e.example', password: E2E_PASSWORD })).token as string;
    await api(url, 'POST', 'gift-card-offer', admin, {
      title: 'Bench queue',
      is_active: 1,
      price_type: 0,
      min_price: 10,
      max_price: 500,
      rate_type: 0,
      rate: 10,
    });
    const offer = ((await api(url, 'GET', 'all-gift-card-offer', admin)) as unknown as { id: number }[])[0].id;
    for (let i = 0; i <= DECISIONS; i++) {
      const form = new FormData();
      form.append('giftcard_offer_id', String(offer));
      form.append('price', String(20 + i));
      form.append('gallery[0]', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'card.png');
      await api(url, 'POST', 'gift-card', seller, undefined, form);
    }
    const page = await browser.newPage({ baseURL: url, viewport: { width: 1280, height: 900 } });
    await page.goto('/login');
    await page.getByLabel('Email or user name').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/$/);
    await page.goto('/gift-cards');
    await page.getByRole('button', { name: 'Start reviewing' }).click();
    /** The page's globals this check reads (this file is built without the DOM's types). */
    type PageGlobals = {
      location: { pathname: string };
      document: { querySelectorAll(s: string): ArrayLike<{ textContent: string | null }> };
    };
    const onCard = (path: string) =>
      page.waitForFunction(
        (prev) => {
          const g = globalThis as unknown as PageGlobals;
          const now = g.location.pathname;
          return (
            now !== prev &&
            /^\/gift-card\/\d+$/.test(now) &&
            Array.from(g.document.querySelectorAll('h1')).some((h) => (h.textContent ?? '').includes('Pending'))
          );
        },
        path,
        { polling: 'raf', timeout: 15_000 },
      );
    await onCard('/gift-cards');
    const samples: number[] = [];
    for (let i = 0; i < DECISIONS; i++) {
      // The focus starts in Card Number (read the photo, type): Escape leaves it, then A approves.
      await page.waitForFunction(
        () =>
          (globalThis as unknown as { document: { activeElement: { id: string } | null } }).document.activeElement?.id === 'card-number',
      );
      await page.keyboard.press('Escape');
      const from = new URL(page.url()).pathname;
      const t0 = performance.now();
      await page.keyboard.press('a');
      await onCard(from);
      samples.push(performance.now() - t0);
    }
    const sorted = [...samples].sort((a, b) => a - b);
    const medianMs = (sorted[9] + sorted[10]) / 2;
    log(`[review] decision to next card on screen: median ${medianMs.toFixed(0)} ms of ${DECISIONS} (max ${sorted.at(-1)!.toFixed(0)} ms)`);
    return { samples, medianMs };
  } finally {
    await browser.close();
    await teardown();
  }
}

import { defineConfig } from '@playwright/test';
import type { Transport } from './tests/e2e/fixtures/desktop/fixtures';

/** Debian's Chromium, headless, nothing fetched from outside (also used by bench/renderer-screens.ts). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Specs that also run in the desktop project (besides `desktop-*.spec.ts`): each drives a kind of call whose way back
 * through main differs from HTTP (see docs/testing.md): the session, a form's field errors, money refusals, bulk
 * answers row by row, the seller typeahead, chart data. Screens whose calls these already cover run in `browser` only.
 */
const BOTH = [
  'login.spec.ts',
  'offers.spec.ts',
  'sellers.spec.ts',
  'transactions.spec.ts',
  'dashboard.spec.ts',
  'bulk-review.spec.ts',
  'report.spec.ts',
  'seller-inbox.spec.ts',
];

/**
 * End-to-end tests: the real server (PGlite) serving the renderer build, driven in Debian's Chromium. `browser`: the
 * renderer in browser mode (HTTP). `desktop`: the renderer with the real preload, its IPC answered by main's real
 * handlers in the test process (tests/e2e/fixtures/desktop/).
 */
export default defineConfig<{ transport: Transport }>({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: '.tmp/e2e-results',
  globalSetup: './tests/e2e/fixtures/global-setup.ts',
  workers: 2, // one shared server per worker (fixtures/global-setup.ts); the machine has 2 cores
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  projects: [
    { name: 'browser', use: { transport: 'http' }, testIgnore: '**/desktop-*.spec.ts' },
    { name: 'desktop', use: { transport: 'ipc' }, testMatch: [...BOTH.map((f) => `**/${f}`), '**/desktop-*.spec.ts'] },
  ],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
});

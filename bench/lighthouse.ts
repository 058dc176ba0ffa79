/**
 * Issue 55: every screen by Lighthouse's own measure (its desktop configuration: simulated throttling of a desktop
 * machine), over the demo data, in Debian's Chromium. Each screen is one Lighthouse navigation from its URL, signed in
 * first through the login screen in the same tab (the browser build keeps its token in sessionStorage, so storage is
 * not reset). Prints performance, accessibility and best-practices scores with LCP, TBT and CLS per screen.
 *
 * Lighthouse is not a dependency of the project (a hundred packages for a measurement taken by hand): install it
 * somewhere and name the folder, e.g. `mkdir /tmp/lh && (cd /tmp/lh && npm i lighthouse@13.5.0 puppeteer-core)`, then
 * `npx tsx bench/lighthouse.ts --lighthouse=/tmp/lh [--screens=<name>,<name>] [--rounds=1] [--out=<file.md>] [--json=<dir>] [--web-dir=<build>]`
 * (`--json`: each run's whole Lighthouse report, to read its long tasks, LCP element and main-thread breakdown;
 * `--web-dir=<build>`: serve another renderer build, e.g. a copy taken before a change, measured by the same bench code).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CHROMIUM_ARGS } from '../playwright.config';
import { startServer } from '../tests/e2e/fixtures/global-setup';
import { ensureBuilt, OUT } from './renderer';
import { DEMO, demoIds, screens } from './renderer-screens';

interface Scores {
  screen: string;
  performance: number[];
  accessibility: number[];
  bestPractices: number[];
  lcpMs: number[];
  tbtMs: number[];
  cls: number[];
}

/* Lighthouse and Puppeteer are loaded from a folder outside the project, so they are untyped (any) here. */
async function load(dir: string): Promise<{ navigation: any; desktopConfig: any; puppeteer: any }> {
  const from = (p: string) => import(pathToFileURL(path.join(dir, 'node_modules', p)).href);
  const lh = await from('lighthouse/core/index.js');
  const pup = await import(pathToFileURL(createRequire(path.join(dir, 'package.json')).resolve('puppeteer-core')).href);
  return { navigation: lh.navigation, desktopConfig: lh.desktopConfig, puppeteer: pup.default ?? pup };
}

async function signIn(page: any, url: string, who: { email: string; password: string }) {
  await page.goto(`${url}/login`);
  await page.locator('#login-email').fill(who.email);
  await page.locator('#login-password').fill(who.password);
  await Promise.all([page.waitForNavigation().catch(() => undefined), page.keyboard.press('Enter')]);
  await page.waitForFunction(() => {
    const w = globalThis as unknown as { location: { pathname: string }; sessionStorage: { getItem(key: string): string | null } };
    return w.location.pathname === '/' && w.sessionStorage.getItem('gcbo.token');
  });
}

const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] : NaN);
/** The median, and with more than one run each run's figure in order: "96 (95, 96, 98)"; "-" when no run was measured. */
const cell = (xs: number[]) => (xs.length === 0 ? '-' : xs.length === 1 ? String(xs[0]) : `${median(xs)} (${xs.join(', ')})`);

async function main() {
  const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
  const dir = args.get('lighthouse');
  if (!dir) throw new Error('--lighthouse=<folder where lighthouse and puppeteer-core are installed>');
  const rounds = Number(args.get('rounds') ?? 1);
  const only = args
    .get('screens')
    ?.split(',')
    .map((s) => s.trim());
  const jsonDir = args.get('json');
  if (jsonDir) fs.mkdirSync(jsonDir, { recursive: true });
  const { navigation, desktopConfig, puppeteer } = await load(path.resolve(dir));
  const webDir = args.get('web-dir') && path.resolve(args.get('web-dir')!);
  if (!webDir) ensureBuilt();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gcbo-bench-lh-'));
  const server = await startServer(
    dataDir,
    { DEMO: '1', ADMIN_EMAIL: '', ADMIN_PASSWORD: '', WEB_DIR: webDir ?? OUT },
    { lowPriority: true },
  );
  const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
  const loadBefore = os.loadavg();
  const results: Scores[] = [];
  try {
    const list = screens(await demoIds(server.url)).filter((s) => !only || only.includes(s.screen));
    for (const s of list) {
      const r: Scores = { screen: s.screen, performance: [], accessibility: [], bestPractices: [], lcpMs: [], tbtMs: [], cls: [] };
      for (let i = 0; i < rounds; i++) {
        const page = await browser.newPage();
        if (s.role !== 'signed out') await signIn(page, server.url, DEMO[s.role]);
        // Signed out (the first screen of a visit), every round starts with an empty cache, as the first did: storage is
        // not reset between runs (the signed-in screens keep their session), so later rounds found the scripts cached.
        else await (await page.createCDPSession()).send('Network.clearBrowserCache');
        const flow = await navigation(page, `${server.url}${s.path}`, {
          config: desktopConfig,
          flags: { disableStorageReset: true, onlyCategories: ['performance', 'accessibility', 'best-practices'] },
        });
        const lhr = flow.lhr;
        if (jsonDir) fs.writeFileSync(path.join(jsonDir, `${s.screen.replace(/\W+/g, '-')}-${i + 1}.json`), JSON.stringify(lhr));
        await page.close();
        if (lhr.runtimeError) {
          // A run Lighthouse could not measure (e.g. NO_NAVSTART under load) is left out and said, not counted as 0.
          console.warn(`[lighthouse] ${s.screen}: run ${i + 1} not measured: ${lhr.runtimeError.code}`);
          continue;
        }
        const score = (c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
        r.performance.push(score('performance'));
        r.accessibility.push(score('accessibility'));
        r.bestPractices.push(score('best-practices'));
        r.lcpMs.push(Math.round(lhr.audits['largest-contentful-paint'].numericValue));
        r.tbtMs.push(Math.round(lhr.audits['total-blocking-time'].numericValue));
        r.cls.push(Number(lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3)));
        if (lhr.finalDisplayedUrl && new URL(lhr.finalDisplayedUrl).pathname !== s.path.split('?')[0])
          console.warn(`[lighthouse] ${s.screen}: ended at ${lhr.finalDisplayedUrl}`);
      }
      results.push(r);
      console.log(
        `[lighthouse] ${s.screen.padEnd(26)} perf ${r.performance.join('/')}  a11y ${r.accessibility.join('/')}  bp ${r.bestPractices.join('/')}  LCP ${r.lcpMs.join('/')} ms  TBT ${r.tbtMs.join('/')} ms  CLS ${r.cls.join('/')}`,
      );
    }
  } finally {
    await browser.close();
    server.child.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const lines = [
    `${new Date().toISOString()}; Lighthouse desktop configuration (simulated throttling), Chromium ${await chromiumVersion()}, ${os.cpus().length} CPUs, load ${loadBefore.map((l) => l.toFixed(2)).join(' ')} before, ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(
        ' ',
      )} after; demo data; ${rounds} run(s) per screen, median shown (with each run's figure in order); the login screen's runs each start with an empty cache.`,
    '',
    '| Screen | Performance | Accessibility | Best practices | LCP ms | TBT ms | CLS |',
    '|---|--:|--:|--:|--:|--:|--:|',
    ...results.map(
      (r) =>
        `| ${r.screen} | ${cell(r.performance)} | ${median(r.accessibility)} | ${median(r.bestPractices)} | ${cell(r.lcpMs)} | ${cell(r.tbtMs)} | ${median(r.cls)} |`,
    ),
  ];
  const out = args.get('out');
  if (out) fs.writeFileSync(out, `${lines.join('\n')}\n`);
  console.log(lines.join('\n'));
  if (results.some((r) => !(median(r.performance) >= 95))) process.exitCode = 1;
}

async function chromiumVersion(): Promise<string> {
  const { execFileSync } = await import('node:child_process');
  return execFileSync('/usr/bin/chromium', ['--version'], { encoding: 'utf8' })
    .trim()
    .replace(/^Chromium /, '');
}

main().catch((err) => {
  console.error(err instanceof Error ? err.stack : String(err));
  process.exit(1);
});

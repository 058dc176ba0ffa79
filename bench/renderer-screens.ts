/**
 * Issue 33, speed of the screens: each screen of the browser build loaded from its URL in Debian's Chromium (desktop
 * window, the CPU throttled 2x through CDP unless `--cpu-throttle=1` (issue 55), no network throttling, HTTP cache off),
 * over the demo data. Per screen: script time (CDP
 * `Performance.getMetrics` ScriptDuration across the load), the longest main-thread task and the blocking time
 * (tasks' time over 50 ms) from a Chromium trace, the largest contentful paint, and every Content-Security-Policy
 * report (console message, DevTools issue or `securitypolicyviolation` event), and the layout shift (issue 55).
 *
 * `npx tsx bench/renderer-screens.ts [--rounds=3] [--cpu-throttle=2] [--out=bench/results-renderer.md]` runs it alone (the median of the
 * rounds is kept); `npm run bench` runs it with the renderer's sizes. `--screens="seller: gift cards,a card's page"` measures
 * only those (exact names), `--lcp-elements=1` logs each load's LCP element.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { startServer } from '../tests/e2e/fixtures/global-setup';
import { ensureBuilt, OUT } from './renderer';
import { observe, parseCpuThrottle, throttleCpu, throttleText, vitalGoals, DEFAULT_CPU_THROTTLE, type PagePerf } from './screen-vitals';

export type ScreenRole = 'signed out' | 'admin' | 'seller';

/** A page the bench loads: a screen of the app at its path, or the blank page. */
interface Screen {
  screen: string;
  role: ScreenRole;
  path: string;
  /** The blank page: what this machine's Chromium takes to load a page that runs nothing (not a screen of the app). */
  floor?: boolean;
}

export interface ScreenFigure extends Screen {
  /** Medians of the rounds. */
  scriptMs: number;
  longestTaskMs: number;
  blockingMs: number;
  lcpMs: number | null;
  /** Every round's LCP element (tag, id, text, size, when), with `--lcp-elements` its requests too. */
  lcpElements?: string[];
  /** Layout shift (sum of the shifts without recent input). */
  cls: number;
  /** Every round's layout shift. */
  layoutShifts: number[];
  /** Every round's longest task, to show the spread. */
  longestTasks: number[];
  /** The median of the rounds' longest task's CPU time (the rest of its time the main thread waited for a core). */
  longestTaskCpuMs: number;
  /** Content-Security-Policy reports, whatever round they came from (deduplicated). */
  csp: string[];
}

export interface ScreensRun {
  started: string;
  rounds: number;
  /** The CPU slowdown through CDP (1: none); absent in runs before issue 55 (none). */
  cpuThrottle?: number;
  machine: { cpus: number; loadBefore: number[]; loadAfter: number[]; chromium: string };
  screens: ScreenFigure[];
}

/** Lighthouse's desktop window. */
const VIEWPORT = { width: 1350, height: 940 };
export const DEMO = {
  admin: { email: 'admin@example.com', password: 'admin-password' },
  seller: { email: 'seller@example.com', password: 'seller-password' },
};
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'loading', 'toplevel'];
const CSP_TEXT = /content.security.policy|unsafe-eval|unsafe-inline|refused to (load|execute|evaluate|apply|connect|frame)/i;

/**
 * The floor: a page with no script, loaded like a screen. Its longest task is Chromium's own navigation (a new
 * document, its parser) on this machine; a screen cannot do better. Served by the bench itself, not by the app.
 */
const BLANK_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Blank</title></head><body><main><h1>Blank</h1></main></body></html>';
async function serveBlankPage(): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(BLANK_PAGE));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}

/** The screens, each with a path that shows it with data (ids from the demo data; the staff's card is a pending one with its photos). */
export function screens(ids: { card: number; offer: number; seller: number; sellerCard: number }): Screen[] {
  const staff = (screen: string, p: string): Screen => ({ screen, role: 'admin', path: p });
  const seller = (screen: string, p: string): Screen => ({ screen, role: 'seller', path: p });
  return [
    { screen: 'login', role: 'signed out', path: '/login' },
    staff('dashboard', '/'),
    staff('gift cards', '/gift-cards'),
    staff("a card's page", `/gift-card/${ids.card}`),
    staff('offers', '/gift-card-offer'),
    staff('add offer', '/add-gift-card-offer'),
    staff('edit offer', `/edit-gift-card-offer/${ids.offer}`),
    staff('sellers', '/sellers'),
    staff('users', '/users'),
    staff('add user', '/create/user'),
    staff('transactions', '/transactions'),
    staff('add transaction', '/create-transaction'),
    staff('report', '/report'),
    staff('statements', `/statement?seller_id=${ids.seller}`),
    staff('approvals', '/pending-approvals'),
    seller('seller: dashboard', '/'),
    seller('seller: gift cards', '/gift-cards'),
    seller('seller: add gift card', '/add-gift-card'),
    seller("seller: a card's page", `/gift-card/${ids.sellerCard}`),
    seller('seller: my transaction', '/my-transaction'),
    seller('seller: my statement', '/statement'),
    seller('seller: report', '/report'),
  ];
}

async function api<T>(url: string, method: string, p: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${url}/api/${p}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(data)}`);
  return data;
}

/** A list answer: rows, a page of rows, or a page wrapped once more (the seller's cards). */
type Rows = { id: number }[] | { data?: Rows };
const firstId = (r: Rows): number => {
  const rows = Array.isArray(r) ? r : r.data && !Array.isArray(r.data) ? [{ id: firstId(r.data) }] : (r.data ?? []);
  if (!rows.length) throw new Error('the demo data has no rows here');
  return rows[0].id;
};

export async function demoIds(url: string) {
  const admin = (await api<{ token: string }>(url, 'POST', 'login', undefined, DEMO.admin)).token;
  const seller = await api<{ token: string; user: { id: number } }>(url, 'POST', 'login', undefined, DEMO.seller);
  return {
    card: firstId(await api<Rows>(url, 'GET', 'gift-card?page=1&status=0', admin)),
    offer: firstId(await api<Rows>(url, 'GET', 'all-gift-card-offer', admin)),
    seller: seller.user.id,
    sellerCard: firstId(await api<Rows>(url, 'GET', 'my-giftcard?page=1', seller.token)),
  };
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event (dur counts the time it waited for a core too). */
  tdur?: number;
  args?: { name?: string; data?: { frame?: string; frames?: { frame: string; processId: number }[]; processId?: number } };
}

/**
 * Top-level tasks of the measured page's renderer main threads, in ms. The trace is browser-wide: the other roles'
 * pages live in their own processes, so only the processes that hosted the traced page's frame count (the frame that
 * `TracingStartedInBrowser` names, and wherever it was committed since).
 */
export function mainThreadTasks(trace: Buffer): { ms: number; cpuMs: number }[] {
  const json = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(json) ? json : json.traceEvents;
  const frames = events.find((e) => e.name === 'TracingStartedInBrowser')?.args?.data?.frames ?? [];
  const ours = new Set(frames.map((f) => f.frame));
  const pids = new Set([
    ...frames.map((f) => f.processId),
    ...events
      .filter((e) => e.name === 'FrameCommittedInBrowser' && ours.has(e.args?.data?.frame ?? ''))
      .map((e) => e.args!.data!.processId!),
  ]);
  const main = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && (!pids.size || pids.has(e.pid)))
      .map((e) => `${e.pid}:${e.tid}`),
  );
  return events
    .filter((e) => e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && main.has(`${e.pid}:${e.tid}`))
    .map((e) => ({ ms: (e.dur ?? 0) / 1000, cpuMs: (e.tdur ?? 0) / 1000 }));
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

interface Sample {
  scriptMs: number;
  longestTaskMs: number;
  longestTaskCpuMs: number;
  blockingMs: number;
  lcpMs: number | null;
  lcpElement: string;
  /** The load's API and image requests: path, start and end in ms (with `lcpElements`). */
  requests: string;
  cls: number;
  csp: string[];
}

class RoleSession {
  readonly csp: string[] = [];
  private constructor(
    readonly context: BrowserContext,
    readonly page: Page,
    readonly cdp: CDPSession,
    readonly traceDir: string | undefined,
    readonly profileDir: string | undefined,
    readonly cpuThrottle: number,
    readonly lcpElements: boolean,
  ) {}

  static async open(browser: Browser, url: string, opts: ScreensOptions): Promise<RoleSession> {
    const context = await browser.newContext({ baseURL: url, viewport: VIEWPORT, deviceScaleFactor: 1 });
    await context.addInitScript(observe);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const s = new RoleSession(
      context,
      page,
      cdp,
      opts.traceDir,
      opts.profileDir,
      opts.cpuThrottle ?? DEFAULT_CPU_THROTTLE,
      Boolean(opts.lcpElements),
    );
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    await cdp.send('Audits.enable');
    cdp.on('Audits.issueAdded', (e: { issue: { code: string; details?: unknown } }) => {
      if (/ContentSecurityPolicy/i.test(e.issue.code)) s.csp.push(`issue: ${e.issue.code} ${JSON.stringify(e.issue.details ?? {})}`);
    });
    page.on('console', (m) => {
      if (CSP_TEXT.test(m.text())) s.csp.push(`console ${m.type()}: ${m.text()}`);
    });
    return s;
  }

  async login(who: { email: string; password: string }) {
    await this.page.goto('/login');
    await this.page.getByLabel('Email or user name').fill(who.email);
    await this.page.getByLabel('Password').fill(who.password);
    await this.page.getByRole('button', { name: 'Login' }).click();
    await this.page.waitForURL((u) => u.pathname === '/');
    await this.park();
  }

  /** Leaves the app, so that a role's page does not run (timers, live updates) while another role's screen is measured. */
  private park() {
    return this.page.goto('about:blank');
  }

  /** No request in flight for 500 ms, leaving out the live-events stream (it stays open). */
  private async quiet() {
    const open = new Set<unknown>();
    let last = Date.now();
    const track = (r: { url(): string }) => !/\/api\/events\b/.test(r.url());
    const start = (r: { url(): string }) => track(r) && open.add(r);
    const end = (r: { url(): string }) => {
      open.delete(r);
      last = Date.now();
    };
    this.page.on('request', start);
    this.page.on('requestfinished', end);
    this.page.on('requestfailed', end);
    try {
      const deadline = Date.now() + 30_000;
      while (open.size || Date.now() - last < 500) {
        if (Date.now() > deadline) throw new Error(`requests still open after 30 s`);
        await this.page.waitForTimeout(100);
      }
    } finally {
      this.page.off('request', start);
      this.page.off('requestfinished', end);
      this.page.off('requestfailed', end);
    }
  }

  private async scriptSeconds(): Promise<number> {
    const { metrics } = (await this.cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
    return metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0;
  }

  /** One load of the screen from its URL, until its data is on screen and the page is quiet. */
  async measure(browser: Browser, screen: Screen): Promise<Sample> {
    // The page waits on about:blank: a new page starts there, and it is parked after its login and after each screen.
    this.csp.length = 0;
    await throttleCpu(this.cdp, this.cpuThrottle);
    const before = await this.scriptSeconds();
    if (this.profileDir) {
      await this.cdp.send('Profiler.enable');
      await this.cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await this.cdp.send('Profiler.start');
    }
    await browser.startTracing(this.page, { categories: TRACE_CATEGORIES });
    let trace: Buffer;
    try {
      await this.page.goto(screen.path, { waitUntil: 'load' });
      await this.quiet();
      await this.page.getByTestId('page-loader').waitFor({ state: 'hidden' });
      await this.page.locator('main, form, h1').first().waitFor();
      await this.page.waitForTimeout(500);
    } finally {
      trace = await browser.stopTracing();
    }
    const after = await this.scriptSeconds();
    const name = `${screen.role}-${screen.screen}-${Date.now()}`.replace(/[^\w-]+/g, '_');
    if (this.traceDir) fs.writeFileSync(path.join(this.traceDir, `${name}.json`), trace);
    if (this.profileDir) {
      const { profile } = (await this.cdp.send('Profiler.stop')) as { profile: unknown };
      fs.writeFileSync(path.join(this.profileDir, `${name}.cpuprofile`), JSON.stringify(profile));
    }
    const tasks = mainThreadTasks(trace);
    const longest = tasks.reduce((a, b) => (b.ms > a.ms ? b : a), { ms: 0, cpuMs: 0 });
    const perf = await this.page.evaluate(() => (globalThis as unknown as { __perf: PagePerf }).__perf);
    const requests = !this.lcpElements
      ? ''
      : await this.page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .filter((e) => !/\.(css|woff2?)(\?|$)/.test(e.name))
            .map(
              (e) =>
                `${new URL(e.name).pathname.replace(/^\/assets\//, '').slice(0, 40)} ${e.startTime.toFixed(0)}-${(e as unknown as { responseEnd: number }).responseEnd.toFixed(0)}`,
            )
            .join(', '),
        );
    await this.park();
    return {
      // ScriptDuration counts per renderer; a new process for the screen starts at 0.
      scriptMs: (after >= before ? after - before : after) * 1000,
      longestTaskMs: longest.ms,
      longestTaskCpuMs: longest.cpuMs,
      blockingMs: tasks.reduce((s, t) => s + Math.max(0, t.ms - 50), 0),
      lcpMs: perf.lcp || null,
      lcpElement: perf.lcpElement,
      requests,
      cls: perf.cls,
      csp: [...this.csp, ...perf.csp],
    };
  }
}

export interface ScreensOptions {
  rounds: number;
  /** Only the screens whose name contains this. */
  only?: string;
  /** Only these screens, by their exact names (`--screens=seller: gift cards,a card's page`). */
  screens?: string[];
  /** Logs each round's LCP element per screen, and its API and image requests' times. */
  lcpElements?: boolean;
  /** Keeps each load's Chromium trace there (open it in DevTools' Performance panel). */
  traceDir?: string;
  /** Keeps each load's CPU profile there (`.cpuprofile`, DevTools); the sampling adds to the figures. */
  profileDir?: string;
  /** Serves this build of the renderer instead of out/renderer (e.g. one built without minifying, to read a profile). */
  webDir?: string;
  /** The CPU slowdown through CDP while a screen loads (default 2; 1 for none). */
  cpuThrottle?: number;
}

/** Builds the renderer when stale, starts the server over fresh demo data, measures every screen `rounds` times. */
export async function rendererScreens(log: (line: string) => void, opts: ScreensOptions): Promise<ScreensRun> {
  if (!opts.webDir) ensureBuilt();
  const started = new Date().toISOString();
  const loadBefore = os.loadavg();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gcbo-bench-screens-'));
  // The server at the lowest CPU priority: in use it runs on another machine, here it shared the 2 cores with the screen.
  const server = await startServer(
    dataDir,
    { DEMO: '1', ADMIN_EMAIL: '', ADMIN_PASSWORD: '', WEB_DIR: opts.webDir ?? OUT },
    { lowPriority: true },
  );
  const blank = await serveBlankPage();
  let browser: Browser | null = null;
  try {
    const list: Screen[] = [
      { screen: 'blank page (floor)', role: 'signed out', path: blank.url, floor: true },
      ...screens(await demoIds(server.url)).filter(
        (s) => (!opts.only || s.screen.includes(opts.only)) && (!opts.screens || opts.screens.includes(s.screen)),
      ),
    ];
    const unknown = opts.screens?.filter((n) => !list.some((s) => s.screen === n)) ?? [];
    if (unknown.length) throw new Error(`--screens: no screen named ${unknown.join(', ')}`);
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    const sessions = new Map<ScreenRole, RoleSession>();
    for (const role of ['signed out', 'admin', 'seller'] as const) {
      const s = await RoleSession.open(browser, server.url, opts);
      if (role !== 'signed out') await s.login(DEMO[role]);
      sessions.set(role, s);
    }
    const samples = new Map<Screen, Sample[]>(list.map((s) => [s, []]));
    // Rounds go over every screen in turn, so that a busy moment of the shared machine falls on one sample of each.
    for (let round = 0; round < opts.rounds; round++) {
      for (const screen of list) samples.get(screen)!.push(await sessions.get(screen.role)!.measure(browser, screen));
    }
    const figures = list.map((screen): ScreenFigure => {
      const ss = samples.get(screen)!;
      const lcps = ss.map((s) => s.lcpMs).filter((x): x is number => x !== null);
      const f: ScreenFigure = {
        ...screen,
        scriptMs: median(ss.map((s) => s.scriptMs)),
        longestTaskMs: median(ss.map((s) => s.longestTaskMs)),
        blockingMs: median(ss.map((s) => s.blockingMs)),
        lcpMs: lcps.length ? median(lcps) : null,
        lcpElements: ss.map((s) => (s.requests ? `${s.lcpElement}; requests: ${s.requests}` : s.lcpElement)),
        cls: median(ss.map((s) => s.cls)),
        layoutShifts: ss.map((s) => s.cls),
        longestTasks: ss.map((s) => s.longestTaskMs),
        longestTaskCpuMs: median(ss.map((s) => s.longestTaskCpuMs)),
        csp: [...new Set(ss.flatMap((s) => s.csp))],
      };
      log(
        `[screens] ${f.screen.padEnd(26)} script ${f.scriptMs.toFixed(0).padStart(4)} ms  longest task ${f.longestTaskMs.toFixed(0).padStart(4)} ms (${f.longestTasks.map((t) => t.toFixed(0)).join('/')}; CPU ${f.longestTaskCpuMs.toFixed(0)})  blocking ${f.blockingMs.toFixed(0).padStart(4)} ms  LCP ${f.lcpMs === null ? '-' : f.lcpMs.toFixed(0)} ms  shift ${f.cls.toFixed(3)}${f.csp.length ? `  CSP: ${f.csp.join(' | ')}` : ''}`,
      );
      if (opts.lcpElements) for (const e of f.lcpElements ?? []) log(`[screens]   LCP element: ${e}`);
      return f;
    });
    return {
      started,
      rounds: opts.rounds,
      cpuThrottle: opts.cpuThrottle ?? DEFAULT_CPU_THROTTLE,
      machine: { cpus: os.cpus().length, loadBefore, loadAfter: os.loadavg(), chromium: browser.version() },
      screens: figures,
    };
  } finally {
    await browser?.close();
    blank.close();
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The goals of issue 33 for the screens, and issue 55's per screen (null: not judged, the run was not throttled). */
export function screenGoals(run: ScreensRun): { goal: string; measured: string; ok: boolean | null }[] {
  const app = run.screens.filter((s) => !s.floor);
  const floor = run.screens.find((s) => s.floor);
  const worst = app.reduce((a, b) => (b.longestTaskMs > a.longestTaskMs ? b : a));
  const over = app.filter((s) => s.longestTaskMs >= 50);
  const csp = app.filter((s) => s.csp.length);
  const floorText = floor ? `; a blank page's: ${floor.longestTaskMs.toFixed(0)} ms` : '';
  return [
    {
      goal: "every screen's longest task < 50 ms",
      measured: over.length
        ? `${over.length} over: ${over.map((s) => `${s.screen} ${s.longestTaskMs.toFixed(0)} ms`).join(', ')}${floorText}`
        : `longest ${worst.longestTaskMs.toFixed(0)} ms (${worst.screen})${floorText}`,
      ok: over.length === 0,
    },
    {
      goal: 'no Content-Security-Policy report on any screen',
      measured: csp.length ? `${csp.length} screens: ${csp.map((s) => s.screen).join(', ')}` : 'none',
      ok: csp.length === 0,
    },
    ...vitalGoals(run),
  ];
}

const verdict = (ok: boolean | null) => (ok === null ? 'not judged' : ok ? 'met' : 'MISSED');

export function screensMarkdown(run: ScreensRun): string {
  const ms = (x: number | null) => (x === null ? '-' : x.toFixed(0));
  const lines = [
    `## Screens (issue 33)`,
    '',
    `${run.started}; ${run.machine.cpus} CPUs, load ${run.machine.loadBefore.map((l) => l.toFixed(2)).join(' ')} before, ` +
      `${run.machine.loadAfter.map((l) => l.toFixed(2)).join(' ')} after; Chromium ${run.machine.chromium}, ${VIEWPORT.width}x${VIEWPORT.height}, ` +
      `${throttleText(run.cpuThrottle ?? 1)}, no network throttling, HTTP cache off; demo data; median of ${run.rounds} loads per screen.`,
    '',
    '| Screen | Role | Script ms | Longest task ms (each load) | its CPU ms | Blocking ms | LCP ms | Layout shift | CSP reports |',
    '|---|---|--:|--:|--:|--:|--:|--:|---|',
    ...run.screens.map(
      (s) =>
        `| ${s.screen} | ${s.role} | ${ms(s.scriptMs)} | ${ms(s.longestTaskMs)} (${s.longestTasks.map((t) => t.toFixed(0)).join(', ')}) | ${ms(s.longestTaskCpuMs)} | ${ms(s.blockingMs)} | ${ms(s.lcpMs)} | ${s.cls.toFixed(3)} | ${s.csp.length ? s.csp.join('<br>').replace(/\|/g, '\\|') : 'none'} |`,
    ),
    '',
    '| Goal | Measured | |',
    '|---|---|---|',
    ...screenGoals(run).map((g) => `| ${g.goal} | ${g.measured} | ${verdict(g.ok)} |`),
    '',
  ];
  return lines.join('\n');
}

async function main() {
  const args = new Map(
    process.argv.slice(2).map((a) => {
      const m = /^--([a-z-]+)=(.*)$/.exec(a);
      if (!m)
        throw new Error(
          `unknown argument ${a} (--rounds=3, --cpu-throttle=2, --only=<screen>, --screens=<name>,<name>, --lcp-elements=1, --out=<file>, --traces=<dir>, --profiles=<dir>, --web-dir=<build>)`,
        );
      return [m[1], m[2]] as const;
    }),
  );
  const out = args.get('out') ?? 'bench/results-renderer.md';
  const [traceDir, profileDir] = [args.get('traces'), args.get('profiles')];
  for (const dir of [traceDir, profileDir]) if (dir) fs.mkdirSync(dir, { recursive: true });
  const run = await rendererScreens((l) => console.log(l), {
    rounds: Number(args.get('rounds') ?? 3),
    only: args.get('only'),
    screens: args
      .get('screens')
      ?.split(',')
      .map((n) => n.trim()),
    lcpElements: args.get('lcp-elements') === '1',
    traceDir,
    profileDir,
    webDir: args.get('web-dir') && path.resolve(args.get('web-dir')!),
    cpuThrottle: parseCpuThrottle(args.get('cpu-throttle')),
  });
  const goals = screenGoals(run);
  for (const g of goals) console.log(`  ${verdict(g.ok).padEnd(10)} ${g.goal}: ${g.measured}`);
  fs.writeFileSync(out, `# Bench: renderer screens\n\n${screensMarkdown(run)}`);
  console.log(`Wrote ${out}`);
  if (goals.some((g) => g.ok === false)) process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.stack : String(err));
    process.exit(1);
  });
}

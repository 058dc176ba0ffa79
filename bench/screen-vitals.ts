/**
 * Issue 55, what a modest machine sees: the CPU throttled through CDP while a screen loads, the largest contentful
 * paint and the layout shift of each load, and the goals on them (layout shift < 0.05, LCP < 1.5 s on the throttled
 * bench).
 */
import type { CDPSession } from '@playwright/test';

/** The CPU slowdown of the bench unless told otherwise (`--cpu-throttle=1` for none). */
export const DEFAULT_CPU_THROTTLE = 2;
/** The throttle the goals below are set for: a run with less is measured but not judged on them. */
const GOALS_THROTTLE = 2;
const CLS_GOAL = 0.05;
const LCP_GOAL_MS = 1500;

/** What the page's observers kept, read after the screen settles. */
export interface PagePerf {
  lcp: number;
  /** The largest contentful paint's element: tag#id.class "text" (size, image URL), and when it painted. */
  lcpElement: string;
  /** The sum of the layout shifts without recent input (the whole load is one window, so at least Lighthouse's CLS). */
  cls: number;
  csp: string[];
}

/** Installed before the app's scripts (an init script, so self-contained): LCP, layout shift and CSP events on `window`. */
export function observe() {
  type Node = { tagName: string; id: string; className: unknown; textContent: string | null };
  type Entry = { startTime: number; value?: number; hadRecentInput?: boolean; element?: Node | null; size?: number; url?: string };
  const g = globalThis as unknown as {
    __perf: PagePerf;
    PerformanceObserver: new (cb: (list: { getEntries(): Entry[] }) => void) => {
      observe(o: { type: string; buffered: boolean }): void;
    };
    document: { addEventListener(t: string, l: (e: { violatedDirective: string; blockedURI: string }) => void): void };
  };
  g.__perf = { lcp: 0, lcpElement: '', cls: 0, csp: [] };
  // No named function in here: tsx would wrap it in a `__name` helper that the page does not have.
  new g.PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.startTime < g.__perf.lcp) continue;
      const el = e.element;
      const cls = el && typeof el.className === 'string' ? el.className.split(/\s+/).filter((c) => c && !/^css-/.test(c)) : [];
      const text = (el?.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      g.__perf.lcp = e.startTime;
      g.__perf.lcpElement =
        (el
          ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${cls
              .slice(0, 2)
              .map((c) => `.${c}`)
              .join('')} "${text}"`
          : '(removed)') +
        ` (${e.size ?? 0} px${e.url ? `, ${e.url.replace(/^.*\//, '').slice(0, 40)}` : ''}) at ${e.startTime.toFixed(0)} ms`;
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new g.PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) g.__perf.cls += e.value ?? 0;
  }).observe({ type: 'layout-shift', buffered: true });
  g.document.addEventListener('securitypolicyviolation', (e) =>
    g.__perf.csp.push(`securitypolicyviolation: ${e.violatedDirective} ${e.blockedURI}`),
  );
}

/** Slows the page's renderer `rate` times (1: none); DevTools keeps it across the page's navigations. */
export async function throttleCpu(cdp: CDPSession, rate: number): Promise<void> {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

export function parseCpuThrottle(text: string | undefined): number {
  if (text === undefined) return DEFAULT_CPU_THROTTLE;
  const rate = Number(text);
  if (!Number.isFinite(rate) || rate < 1) throw new Error(`--cpu-throttle=${text}: a slowdown factor >= 1 (1 for none)`);
  return rate;
}

export const throttleText = (rate: number) => (rate > 1 ? `CPU throttled ${rate}x (CDP)` : 'no CPU throttling');

interface VitalFigure {
  screen: string;
  floor?: boolean;
  lcpMs: number | null;
  cls: number;
  layoutShifts: number[];
}

/** Per screen of the app: layout shift < 0.05 and LCP < 1.5 s, judged only on a run throttled as the goals say. */
export function vitalGoals(run: {
  cpuThrottle?: number;
  screens: VitalFigure[];
}): { goal: string; measured: string; ok: boolean | null }[] {
  const rate = run.cpuThrottle ?? 1;
  const judged = rate >= GOALS_THROTTLE;
  return run.screens
    .filter((s) => !s.floor)
    .map((s) => {
      const misses = [
        ...(s.cls >= CLS_GOAL ? [`layout shift ${(s.cls - CLS_GOAL).toFixed(3)} over`] : []),
        ...(s.lcpMs === null ? ['no LCP'] : s.lcpMs >= LCP_GOAL_MS ? [`LCP ${(s.lcpMs - LCP_GOAL_MS).toFixed(0)} ms over`] : []),
      ];
      const each = s.layoutShifts.map((x) => x.toFixed(3)).join(', ');
      return {
        goal: `${s.screen}: layout shift < ${CLS_GOAL}, LCP < ${LCP_GOAL_MS / 1000} s (${throttleText(GOALS_THROTTLE)})`,
        measured:
          `layout shift ${s.cls.toFixed(3)} (${each}), LCP ${s.lcpMs === null ? '-' : `${s.lcpMs.toFixed(0)} ms`}` +
          (judged ? (misses.length ? `: ${misses.join(', ')}` : '') : `; not judged, ${throttleText(rate)}`),
        ok: judged ? misses.length === 0 : null,
      };
    });
}

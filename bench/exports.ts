import fs from 'node:fs';
import type { Target } from './measure';

/** Exporting every card as CSV (issue 15): rows per second and the server's resident memory before, during, after. */
export interface ExportRun {
  rows: number;
  bytes: number;
  seconds: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssAfterMb: number;
}

const rssMb = (pid: number): number => {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};

export async function exportAllCards(t: Target): Promise<ExportRun> {
  const before = rssMb(t.serverPid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(t.serverPid))), 100);
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  try {
    const res = await fetch(`${t.base}/api/export/gift-card`, { headers: { authorization: `Bearer ${t.staffToken}` } });
    if (!res.ok || !res.body) throw new Error(`export answered ${res.status}`);
    // Read as a slow client would not: as fast as it comes, counting lines (the cells have no line breaks).
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) lines++;
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  peak = Math.max(peak, rssMb(t.serverPid));
  return { rows: Math.max(0, lines - 1), bytes, seconds, rssBeforeMb: before, rssPeakMb: peak, rssAfterMb: rssMb(t.serverPid) };
}

import os from 'node:os';
import path from 'node:path';
import { generate } from './generate';
import { BENCH_ACCOUNTS } from './generate-sql';
import { preparePostgres } from './databases';
import { describe, type Timing } from './measure';
import { runLoad, type LoadResult } from './load-spec';
import { login, startServer } from './server';
import type { Log } from './session';
import { photoSetBench, type PhotoSetFigure } from './ocr-photos';
import { phonePhoto, photoSpec } from './phone-photos';
import { createTesseractEngine } from './tesseract-engine';
import { createOcrEngine } from '../src/server/modules/ocr/engine';

export interface OcrFigure {
  size: string;
  cards: number;
  /** Cards read per minute (one OCR worker, nothing else running). */
  perMinute: number;
  /** Of the cards sent, how many were read back as the number printed on them. */
  exact: number;
  sent: number;
  /** Issue 52: each engine on the generated phone photos, in this process. */
  photoSets: PhotoSetFigure[];
  /** From upload to the read stored, for cards sent one every few seconds (ms). */
  ready: { p50: number; p95: number; cards: number };
  idle: LoadResult;
  busy: LoadResult;
  /** p50 while OCR runs / p50 idle (goal: at most 1.5). */
  ratio: number;
  /** The 1-minute load average after the idle and the busy list measurements. */
  load: { idle: number; busy: number };
}

/** The i-th phone-like photo of the server part (16-digit cards, issue 52's generator) and the number printed on it. */
async function photo(i: number) {
  const spec = photoSpec(32, i);
  const sixteen = photoSpec(32, i - (i % 8)); // shape 0 of each eight: 16 digits, what the generated offers take
  return { number: sixteen.code.replace(/\D/g, ''), jpeg: (await phonePhoto({ ...spec, shape: 'digits16', code: sixteen.code })).jpeg };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * OCR (issue 32) on PostgreSQL at one size: cards sent with a printed number, read by the server's one OCR worker.
 * Throughput: a batch read with nothing else running. Then the staff list's latency (one connection: what a reviewer
 * waits) idle, and again while a second batch is being read.
 */
export async function ocrBench(
  baseUrl: string,
  size: { label: string; cards: number },
  t: Timing & { reuse: boolean },
  o: { batch: number; photos: number; engines: string[] },
  log: Log,
) {
  const batch = o.batch;
  const tag = `[ocr ${size.label}]`;
  const photoSets: PhotoSetFigure[] = [];
  for (const engine of o.engines) {
    const reader = engine === 'tesseract' ? createTesseractEngine() : createOcrEngine();
    const f = await photoSetBench(engine, reader, o.photos, 52, (l) => log(`${tag} ${l}`));
    const total = Object.values(f.shapes).reduce((a, v) => ({ exact: a.exact + v.exact, wrong: a.wrong + v.wrong }), {
      exact: 0,
      wrong: 0,
    });
    log(
      `${tag} ${engine}: ${total.exact} of ${f.photos} exact, ${total.wrong} wrong, ${f.perMinute.toFixed(1)} photos a minute, CPU ${f.cpuMs.toFixed(0)} ms a photo`,
    );
    for (const w of f.wrongs) log(`${tag}   wrong: ${w.spec.shape} ${w.spec.code} read as ${w.read}`);
    photoSets.push(f);
  }
  const prepared = await preparePostgres(baseUrl, `ocr_${size.label}`, size.cards, t.reuse);
  if (!prepared.reused) {
    log(`${tag} generating ${size.cards.toLocaleString('en-US')} cards`);
    await generate(prepared.sql, size.cards, (l) => log(`${tag} ${l}`));
  }
  const [offer] = await prepared.sql.rows<{ id: number; min: string }>(
    `SELECT id, min_price AS min FROM gift_card_offers WHERE is_active = 1 AND price_type = 0 ORDER BY id LIMIT 1`,
  );
  const server = await startServer({
    DATABASE_URL: prepared.url,
    DATA_DIR: path.resolve('bench/data', `server-ocr-${size.label}`),
    JOBS: '1',
    JOB_POLL_MS: '250',
  });
  try {
    const staff = await login(server.base, BENCH_ACCOUNTS.admin, BENCH_ACCOUNTS.password);
    const seller = await login(server.base, BENCH_ACCOUNTS.seller, BENCH_ACCOUNTS.password);
    const numbers: string[] = [];
    const send = async (count: number) => {
      for (let i = 0; i < count; i++) {
        const { number, jpeg: image } = await photo(numbers.length);
        numbers.push(number);
        const fd = new FormData();
        fd.append('giftcard_offer_id', String(offer!.id));
        fd.append('price', String(Math.max(1, Number(offer!.min))));
        fd.append('gallery[0]', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'card.jpg');
        const r = await fetch(`${server.base}/api/gift-card`, { method: 'POST', headers: { authorization: `Bearer ${seller}` }, body: fd });
        if (!r.ok) throw new Error(`submit: ${r.status} ${await r.text()}`);
      }
    };
    const backlog = async () => {
      const r = await fetch(`${server.base}/api/dashboard-figures`, { headers: { authorization: `Bearer ${staff}` } });
      return Number(((await r.json()) as { jobs_backlog?: number }).jobs_backlog);
    };
    const drained = async () => {
      while ((await backlog()) > 0) await sleep(100);
    };

    const started = performance.now();
    await send(batch);
    await drained();
    const minutes = (performance.now() - started) / 60_000;
    const perMinute = batch / minutes;
    log(`${tag} ${batch} cards read in ${(minutes * 60).toFixed(1)} s: ${perMinute.toFixed(1)} cards per minute`);

    // Cards sent one every 4 s (what the reader keeps up with): upload to stored read, as a reviewer waits for it.
    const [{ since }] = await prepared.sql.rows<{ since: string }>(`SELECT now()::text AS since`);
    for (let i = 0; i < 12; i++) {
      await send(1);
      await sleep(4000);
    }
    await drained();
    const waits = (
      await prepared.sql.rows<{ ms: number }>(
        `SELECT extract(epoch FROM r.read_at - g.created_at)::float8 * 1000 AS ms
           FROM card_number_reads r JOIN gift_cards g ON g.id = r.gift_card_id WHERE g.created_at >= $1::timestamptz`,
        [since],
      )
    )
      .map((r) => Number(r.ms))
      .sort((a, b) => a - b);
    const at = (q: number) => waits[Math.min(waits.length - 1, Math.floor(q * waits.length))] ?? NaN;
    const ready = { p50: at(0.5), p95: at(0.95), cards: waits.length };
    log(`${tag} upload to read: p50 ${(ready.p50 / 1000).toFixed(1)} s, p95 ${(ready.p95 / 1000).toFixed(1)} s (${ready.cards} cards)`);

    const list = { base: server.base, method: 'GET' as const, path: '/api/gift-card?page=1', token: staff, connections: 1 };
    const idle = await runLoad({ ...list, warmupSeconds: t.warmup, seconds: t.duration });
    const loadIdle = os.loadavg()[0]!;
    log(`${tag} list idle: ${describe(idle)} (load average ${loadIdle.toFixed(1)})`);
    // The reader kept busy through the whole measurement: cards sent ahead, topped up while the list is measured.
    await send(Math.max(batch, Math.ceil((perMinute / 60) * (t.warmup + t.duration))));
    const busyBefore = await backlog();
    let measuring = true;
    const feeder = (async () => {
      while (measuring) {
        if ((await backlog()) < 10) await send(5);
        else await sleep(200);
      }
    })();
    const busy = await runLoad({ ...list, warmupSeconds: t.warmup, seconds: t.duration }).finally(() => (measuring = false));
    await feeder;
    const busyAfter = await backlog();
    const loadBusy = os.loadavg()[0]!;
    log(`${tag} list while OCR runs (backlog ${busyBefore} -> ${busyAfter}): ${describe(busy)} (load average ${loadBusy.toFixed(1)})`);
    if (busyAfter === 0) log(`${tag} warning: the backlog ran out during the measurement`);
    await drained();
    const [{ exact }] = await prepared.sql.rows<{ exact: number }>(
      `SELECT count(*)::int AS exact FROM card_number_reads WHERE number = ANY ($1::text[])`,
      [numbers],
    );
    const ratio = busy.p50 / idle.p50;
    log(`${tag} read exactly: ${exact} of ${numbers.length}; list p50 while OCR runs / idle: ${ratio.toFixed(2)}x`);
    return {
      size: size.label,
      cards: size.cards,
      perMinute,
      exact: Number(exact),
      sent: numbers.length,
      photoSets,
      ready,
      idle,
      busy,
      ratio,
      load: { idle: loadIdle, busy: loadBusy },
    } satisfies OcrFigure;
  } finally {
    await server.stop();
    await prepared.sql.close();
  }
}

const met = (ok: boolean) => (ok ? 'met' : 'MISSED');

/** Issue 52's goals on the photo set: exact >= 95%, no wrong read, >= 30 photos a minute (one worker). */
export function photoSetGoals(f: PhotoSetFigure) {
  const exact = Object.values(f.shapes).reduce((a, v) => a + v.exact, 0);
  const wrong = Object.values(f.shapes).reduce((a, v) => a + v.wrong, 0);
  return { exact, wrong, ok: { exact: exact >= 0.95 * f.photos, wrong: wrong === 0, speed: f.perMinute >= 30 } };
}

function photoSetMarkdown(f: PhotoSetFigure): string[] {
  const g = photoSetGoals(f);
  return [
    '',
    `### ${f.engine}: ${f.photos} generated phone photos`,
    '',
    '| code shape | photos | exact | unreadable | wrong |',
    '|---|---|---|---|---|',
    ...Object.entries(f.shapes).map(
      ([shape, v]) => `| ${shape} | ${v.exact + v.unreadable + v.wrong} | ${v.exact} | ${v.unreadable} | ${v.wrong} |`,
    ),
    `| **all** | ${f.photos} | ${g.exact} (${((100 * g.exact) / f.photos).toFixed(1)}%) | ${f.photos - g.exact - g.wrong} | ${g.wrong} |`,
    '',
    `Goals: exact >= 95% ${met(g.ok.exact)}; wrong = 0 ${met(g.ok.wrong)}; ${f.perMinute.toFixed(1)} photos a minute with one worker, >= 30 ${met(g.ok.speed)} (load average ${f.load[0].toFixed(1)} at the start, ${f.load[1].toFixed(1)} at the end). CPU time ${f.cpuMs.toFixed(0)} ms a photo: about ${(60_000 / f.cpuMs).toFixed(0)} photos a minute on an idle machine.`,
  ];
}

export function ocrMarkdown(f: OcrFigure): string {
  return [
    '',
    `## OCR (issues 32 and 52), PostgreSQL ${f.size}`,
    ...f.photoSets.flatMap(photoSetMarkdown),
    '',
    '### The server: one OCR worker in the job runner',
    '',
    '| figure | measured | goal |',
    '|---|---|---|',
    `| cards read per minute (one OCR worker) | ${f.perMinute.toFixed(1)} | - |`,
    `| read back exactly as printed (16-digit phone photos, no pattern) | ${f.exact} of ${f.sent} | - |`,
    `| upload to read, one card every 4 s | p50 ${(f.ready.p50 / 1000).toFixed(1)} s, p95 ${(f.ready.p95 / 1000).toFixed(1)} s | p95 <= 10 s ${met(f.ready.p95 <= 10_000)} |`,
    `| GET /api/gift-card?page=1, 1 connection, idle | p50 ${f.idle.p50.toFixed(2)} ms, p99 ${f.idle.p99.toFixed(2)} ms (load average ${f.load.idle.toFixed(1)}) | - |`,
    `| the same while OCR runs | p50 ${f.busy.p50.toFixed(2)} ms, p99 ${f.busy.p99.toFixed(2)} ms (load average ${f.load.busy.toFixed(1)}) | - |`,
    `| p50 while OCR runs / idle | ${f.ratio.toFixed(2)}x | <= 1.5x ${met(f.ratio <= 1.5)} |`,
    '',
  ].join('\n');
}

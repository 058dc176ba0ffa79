import path from 'node:path';
import sharp from 'sharp';
import { generate } from './generate';
import { BENCH_ACCOUNTS } from './generate-sql';
import { preparePostgres } from './databases';
import { describe, type Timing } from './measure';
import { runLoad, type LoadResult } from './load-spec';
import { login, startServer } from './server';
import type { Log } from './session';

export interface OcrFigure {
  size: string;
  cards: number;
  /** Cards read per minute (one OCR worker, nothing else running). */
  perMinute: number;
  /** Of the cards sent, how many were read back as the number printed on them. */
  exact: number;
  idle: LoadResult;
  busy: LoadResult;
  /** p50 while OCR runs / p50 idle (goal: at most 1.5). */
  ratio: number;
}

/** A card photo with its number printed (what a seller's phone photo shows, small). */
const photo = (n: string) =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400"><rect width="640" height="400" fill="#263238"/>
      <text x="40" y="80" font-family="DejaVu Sans" font-size="34" fill="white">GIFT CARD</text>
      <text x="40" y="220" font-family="DejaVu Sans Mono" font-size="38" fill="white">${n}</text>
      <text x="40" y="320" font-family="DejaVu Sans" font-size="24" fill="white">PIN 7731</text></svg>`),
  )
    .jpeg({ quality: 85 })
    .toBuffer();

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
  batch: number,
  log: Log,
) {
  const tag = `[ocr ${size.label}]`;
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
        const digits = `6035${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`;
        numbers.push(digits);
        const fd = new FormData();
        fd.append('giftcard_offer_id', String(offer!.id));
        fd.append('price', String(Math.max(1, Number(offer!.min))));
        const image = await photo(digits.replace(/(\d{4})(?=\d)/g, '$1 '));
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

    const list = { base: server.base, method: 'GET' as const, path: '/api/gift-card?page=1', token: staff, connections: 1 };
    const idle = await runLoad({ ...list, warmupSeconds: t.warmup, seconds: t.duration });
    log(`${tag} list idle: ${describe(idle)}`);
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
    log(`${tag} list while OCR runs (backlog ${busyBefore} -> ${busyAfter}): ${describe(busy)}`);
    if (busyAfter === 0) log(`${tag} warning: the backlog ran out during the measurement`);
    await drained();
    const [{ exact }] = await prepared.sql.rows<{ exact: number }>(
      `SELECT count(*)::int AS exact FROM card_number_reads WHERE number = ANY ($1::text[])`,
      [numbers],
    );
    const ratio = busy.p50 / idle.p50;
    log(`${tag} read exactly: ${exact} of ${numbers.length}; list p50 while OCR runs / idle: ${ratio.toFixed(2)}x`);
    return { size: size.label, cards: size.cards, perMinute, exact: Number(exact), idle, busy, ratio } satisfies OcrFigure;
  } finally {
    await server.stop();
    await prepared.sql.close();
  }
}

export function ocrMarkdown(f: OcrFigure): string {
  return [
    '',
    `## OCR (issue 32), PostgreSQL ${f.size}`,
    '',
    '| figure | measured | goal |',
    '|---|---|---|',
    `| cards read per minute (one OCR worker) | ${f.perMinute.toFixed(1)} | - |`,
    `| read back exactly as printed | ${f.exact} | every card |`,
    `| GET /api/gift-card?page=1, 1 connection, idle | p50 ${f.idle.p50.toFixed(2)} ms, p99 ${f.idle.p99.toFixed(2)} ms | - |`,
    `| the same while OCR runs | p50 ${f.busy.p50.toFixed(2)} ms, p99 ${f.busy.p99.toFixed(2)} ms | - |`,
    `| p50 while OCR runs / idle | ${f.ratio.toFixed(2)}x | <= 1.5x ${f.ratio <= 1.5 ? 'met' : 'MISSED'} |`,
    '',
  ].join('\n');
}

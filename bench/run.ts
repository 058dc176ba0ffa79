/**
 * `npm run bench [-- --sizes=10k,1m --duration=5 --warmup=2 --connections=10 --pay-connections=50 --reuse]`
 * OCR (issues 32, 52): `--ocr=on` adds it after the rest, `--ocr=only --sizes=10k` runs only it (`--ocr-cards=20` per batch;
 * `--ocr-photos=120` generated phone photos per engine, `--ocr-engines=pp-ocrv4,tesseract` to compare engines).
 * Renderer (issue 33): its sizes and every screen loaded in Chromium; `--renderer=only` runs only them (no database),
 * `--screen-rounds=3` loads per screen (0 skips the screens).
 * Generates marketplace data at each size on PostgreSQL (DATABASE_URL's server, in its own gcbo_bench_<size> database)
 * and, at the smallest size, on PGlite; runs the real server and measures it from a separate load process;
 * prints one line per figure and writes bench/results.md. Not part of `npm test`.
 */
import fs from 'node:fs';
import os from 'node:os';
import { evaluateGoals, growth } from './goals';
import { toMarkdown } from './markdown';
import { parseOptions } from './options';
import { rendererSizes } from './renderer';
import { rendererScreens, screensMarkdown } from './renderer-screens';
import { reviewSpeed } from './review-speed';
import type { Results } from './results';
import { pgliteEmptyStart, runSizes } from './suite';
import { photoServing, photosMarkdown, type PhotoFigure } from './photos';
import { postgresSql } from './sql';
import { jsonLimitsBench } from './json-limits';
import { ocrBench, ocrMarkdown, photoSetGoals, type OcrFigure } from './ocr';

const log = (line: string) => console.log(line);

async function postgresVersion(url: string): Promise<string> {
  const db = await postgresSql(url);
  try {
    const [r] = await db.rows<{ v: string }>(`SELECT split_part(version(), ' ', 1) || ' ' || split_part(version(), ' ', 2) AS v`);
    return r.v;
  } finally {
    await db.close();
  }
}

async function main() {
  const opts = parseOptions(process.argv.slice(2), process.env);
  fs.mkdirSync('bench/data', { recursive: true });
  const res: Results = {
    started: new Date().toISOString(),
    finished: '',
    machine: {
      cpus: os.cpus().length,
      loadBefore: os.loadavg(),
      loadAfter: [],
      node: process.version,
      // Renderer only: no database is used.
      postgres: opts.renderer === 'only' ? '-' : await postgresVersion(opts.databaseUrl),
    },
    settings: {
      duration: opts.duration,
      warmup: opts.warmup,
      connections: opts.connections,
      payConnections: opts.payConnections,
      rounds: opts.rounds,
    },
    runs: [],
    pgliteEmptyStartMs: null,
    renderer: null,
    failures: [],
  };
  log(
    `bench: sizes ${opts.sizes.map((s) => s.label).join(', ')}; ${opts.warmup} s warm-up + ${opts.duration} s per route, ${opts.connections} connections; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const only = opts.ocr === 'only';
  const rendererOnly = opts.renderer === 'only';
  // The renderer first: cheap, and a build problem shows before the long part.
  if (opts.renderer !== 'off' && !only) {
    try {
      const r = (res.renderer = rendererSizes());
      log(
        `[renderer] login screen JavaScript ${(r.login / 1000).toFixed(1)} kB gzip (entry graph alone ${(r.entry / 1000).toFixed(1)} kB); whole app ${(r.all / 1000).toFixed(1)} kB gzip`,
      );
    } catch (err) {
      log(`[renderer] not measured: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (opts.screenRounds > 0) {
      try {
        res.screens = await rendererScreens(log, { rounds: opts.screenRounds });
      } catch (err) {
        log(`[screens] not measured: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }
  if (opts.review && !rendererOnly) {
    try {
      res.reviewSpeed = await reviewSpeed(log);
    } catch (err) {
      log(`[review] not measured: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  // A failing part is reported and the others still run; the results of what did run are written either way.
  const failures: string[] = [];
  const part = async (name: string, fn: () => Promise<void>) => {
    try {
      await fn();
    } catch (err) {
      failures.push(`${name}: ${err instanceof Error ? err.message : String(err)}`);
      console.error(`[${name}] failed: ${err instanceof Error ? err.stack : String(err)}`);
    }
  };
  // Cheap, and in one process: reading a request before and after issue 30's JSON limits.
  if (!only && !rendererOnly) await part('json limits', async () => jsonLimitsBench(log));
  if (!only && !rendererOnly)
    await part('postgres', async () => void res.runs.push(...(await runSizes('PostgreSQL', opts.sizes, opts, log))));
  if (opts.pglite && !only && !rendererOnly) {
    await part('pglite start-up', async () => void (res.pgliteEmptyStartMs = await pgliteEmptyStart(log)));
    const smallest = [...opts.sizes].sort((a, b) => a.cards - b.cards)[0];
    await part('pglite', async () => void res.runs.push(...(await runSizes('PGlite', [smallest], opts, log))));
  }
  let photos: PhotoFigure[] = [];
  if (opts.photos && !only && !rendererOnly)
    await part(
      'photos',
      async () => void (photos = await photoServing(opts.databaseUrl, { ...opts }, Math.max(1, Math.round(opts.rounds)), log)),
    );
  let ocr: OcrFigure | null = null;
  if (opts.ocr !== 'off' && !rendererOnly) {
    const smallest = [...opts.sizes].sort((a, b) => a.cards - b.cards)[0];
    const ocrOpts = { batch: opts.ocrCards, photos: opts.ocrPhotos, engines: opts.ocrEngines };
    await part('ocr', async () => void (ocr = await ocrBench(opts.databaseUrl, smallest, opts, ocrOpts, log)));
  }
  res.failures = failures;
  res.machine.loadAfter = os.loadavg();
  res.finished = new Date().toISOString();

  const pg = res.runs.filter((r) => r.db === 'PostgreSQL').sort((a, b) => a.cards - b.cards);
  if (pg.length >= 2) {
    const [small, big] = [pg[0], pg[pg.length - 1]];
    log(`\nSize growth, p50 at ${big.label} / p50 at ${small.label}:`);
    for (const f of big.routes) log(`  ${f.route.padEnd(44)} ${growth(small, big, f.route).toFixed(2)}x`);
  }
  log('\nGoals:');
  for (const g of evaluateGoals(res)) log(`  ${g.ok === null ? '-     ' : g.ok ? 'met   ' : 'MISSED'} ${g.goal}: ${g.measured}`);
  const ocrFigure = ocr as OcrFigure | null;
  if (ocrFigure) {
    const mark = (ok: boolean) => (ok ? 'met   ' : 'MISSED');
    for (const f of ocrFigure.photoSets) {
      const g = photoSetGoals(f);
      log(`  ${mark(g.ok.exact)} ${f.engine}: exact >= 95% of ${f.photos} phone photos: ${g.exact}`);
      log(`  ${mark(g.ok.wrong)} ${f.engine}: no wrong read: ${g.wrong}`);
      log(`  ${mark(g.ok.speed)} ${f.engine}: >= 30 photos a minute, one worker: ${f.perMinute.toFixed(1)}`);
    }
    log(`  ${mark(ocrFigure.ready.p95 <= 10_000)} a card's read within 10 s of upload (p95): ${(ocrFigure.ready.p95 / 1000).toFixed(1)} s`);
    log(`  ${mark(ocrFigure.ratio <= 1.5)} list p50 while OCR runs within 1.5x of idle: ${ocrFigure.ratio.toFixed(2)}x`);
  }
  fs.writeFileSync(
    opts.out,
    (only
      ? `# Bench: OCR only (${res.started})\n`
      : rendererOnly
        ? `# Bench: renderer only (${res.started})\n\n${res.renderer ? `Login screen JavaScript ${(res.renderer.login / 1000).toFixed(1)} kB gzip (entry graph ${(res.renderer.entry / 1000).toFixed(1)} kB); whole app ${(res.renderer.all / 1000).toFixed(1)} kB.\n\n` : ''}${res.screens ? screensMarkdown(res.screens) : ''}`
        : toMarkdown(res)) +
      (photos.length ? photosMarkdown(photos) : '') +
      (ocrFigure ? ocrMarkdown(ocrFigure) : ''),
  );
  log(`\nWrote ${opts.out}`);
  if (failures.length) {
    console.error(`\n${failures.length} part(s) failed:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.stack : String(err));
  process.exit(1);
});

import os from 'node:os';
import { findCode } from '../src/server/modules/ocr/extract';
import type { ReadLine } from '../src/server/modules/ocr/engine';
import { CODE_SHAPES, phonePhoto, photoSpec, type CodeShape, type PhotoSpec } from './phone-photos';

/** How one engine did on the generated phone photos: per code shape, and its speed with one worker. */
export interface PhotoSetFigure {
  engine: string;
  photos: number;
  perMinute: number;
  /** The 1-minute load average when the clock started and when it stopped (what else the machine was doing). */
  load: [number, number];
  /**
   * CPU time a photo, every thread of this process (the worker, sharp's): what a photo costs whatever else runs, and
   * 60 s over it is about the photos a minute one worker reads on an idle machine.
   */
  cpuMs: number;
  shapes: Record<CodeShape, { exact: number; unreadable: number; wrong: number }>;
  wrongs: { spec: PhotoSpec; read: string }[];
}

interface Reader {
  read(image: Buffer): Promise<ReadLine[] | null>;
  close(): Promise<void>;
}

/**
 * Reads `count` generated photos (seed `seed`) with one engine, each cut to its code with the shape's offer pattern as
 * the server does, and counts exact, unreadable and wrong reads per shape. The photos are drawn before the clock starts.
 */
export async function photoSetBench(engine: string, reader: Reader, count: number, seed: number, log: (l: string) => void) {
  const shapes = Object.fromEntries(
    Object.keys(CODE_SHAPES).map((s) => [s, { exact: 0, unreadable: 0, wrong: 0 }]),
  ) as PhotoSetFigure['shapes'];
  const photos = [];
  for (let i = 0; i < count; i++) {
    const spec = photoSpec(seed, i);
    photos.push({ spec, jpeg: (await phonePhoto(spec)).jpeg });
  }
  await reader.read(photos[0]!.jpeg); // the models load outside the clock
  const wrongs: PhotoSetFigure['wrongs'] = [];
  const loadBefore = os.loadavg()[0]!;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  for (const [i, { spec, jpeg }] of photos.entries()) {
    const lines = (await reader.read(jpeg)) ?? [];
    const { pattern, luhn } = CODE_SHAPES[spec.shape];
    const found = findCode(lines, { code_pattern: pattern, code_check: luhn ? 'luhn' : null });
    const printed = spec.code.replace(/[^A-Z0-9]/g, '');
    const tally = shapes[spec.shape];
    if (!found) tally.unreadable += 1;
    else if (found.number === printed) tally.exact += 1;
    else {
      tally.wrong += 1;
      wrongs.push({ spec, read: found.number });
    }
    if ((i + 1) % 10 === 0) log(`[ocr photos ${engine}] ${i + 1} of ${count}`);
    if (process.env.OCR_BENCH_VERBOSE && !(found?.number === printed))
      log(
        `  ${spec.shape} ${spec.code} -> ${found?.number ?? '-'} | ${lines.map((l) => `${l.text} (${l.confidence.toFixed(0)})`).join(' / ')}`,
      );
  }
  const minutes = (performance.now() - started) / 60_000;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMs = (cpu.user + cpu.system) / 1000 / count;
  const load: [number, number] = [loadBefore, os.loadavg()[0]!];
  await reader.close();
  return { engine, photos: count, perMinute: count / minutes, load, cpuMs, shapes, wrongs } satisfies PhotoSetFigure;
}

import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import type { ReadLine } from '../src/server/modules/ocr/engine';

// The reader before issue 52 (tesseract.js 7, its English LSTM model shipped by @tesseract.js-data/eng), kept for the
// bench's comparison of engines (`npm run bench -- --ocr=only --ocr-engines=paddle,tesseract`).

type TesseractWorker = Awaited<ReturnType<typeof import('tesseract.js').createWorker>>;

function englishDataDir(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('@tesseract.js-data/eng')), '4.0.0_best_int');
}

/** The same `read` as the server's engine, on tesseract.js: grey, at most 1600 px a side, lines with their boxes. */
export function createTesseractEngine() {
  let worker: Promise<TesseractWorker> | null = null;
  return {
    async read(image: Buffer): Promise<ReadLine[] | null> {
      const png = await sharp(image).rotate().flatten({ background: '#ffffff' }).greyscale().png().toBuffer();
      const { createWorker, OEM } = await import('tesseract.js');
      worker ??= createWorker('eng', OEM.LSTM_ONLY, {
        langPath: englishDataDir(),
        cachePath: path.join(os.tmpdir(), 'gcbo-bench-tesseract'),
        gzip: true,
      });
      const result = await (await worker).recognize(png, {}, { text: false, blocks: true });
      const lines: ReadLine[] = [];
      for (const block of result.data.blocks ?? [])
        for (const paragraph of block.paragraphs)
          for (const line of paragraph.lines) {
            const b = line.bbox;
            lines.push({ text: line.text, confidence: line.confidence, box: { x: b.x0, y: b.y0, w: b.x1 - b.x0, h: b.y1 - b.y0 } });
          }
      return lines;
    },
    async close(): Promise<void> {
      const w = worker;
      worker = null;
      if (w) await (await w).terminate();
    },
  };
}

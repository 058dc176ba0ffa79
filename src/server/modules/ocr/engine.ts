import path from 'node:path';
import { createRequire } from 'node:module';
import { decoding } from '../images/decode';
import { makePrivate, privateDir } from '../../private-files';

/** A line of text the reader found, with its confidence (0-100). */
export interface ReadLine {
  text: string;
  confidence: number;
}

type TesseractWorker = Awaited<ReturnType<typeof import('tesseract.js').createWorker>>;

/** The English data shipped by `@tesseract.js-data/eng` (the LSTM model, integer weights): nothing is downloaded. */
function englishDataDir(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('@tesseract.js-data/eng')), '4.0.0_best_int');
}

/** A photo as the reader likes it: grey, upright (EXIF), at most 1600 px a side, PNG (decoded in turn with uploads'). */
async function prepare(image: Buffer): Promise<Buffer> {
  return decoding(image, (photo) =>
    photo.flatten({ background: '#ffffff' }).greyscale().resize(1600, 1600, { fit: 'inside', withoutEnlargement: true }).png().toBuffer(),
  );
}

/**
 * One tesseract.js worker for the process (it runs in its own worker thread; requests are never blocked by it),
 * started on first use. `cacheDir` keeps the unpacked language data between starts.
 */
export function createOcrEngine(opts: { cacheDir: string }) {
  let worker: Promise<TesseractWorker> | null = null;

  const start = async (): Promise<TesseractWorker> => {
    const { createWorker, OEM } = await import('tesseract.js');
    privateDir(opts.cacheDir);
    const w = await createWorker('eng', OEM.LSTM_ONLY, { langPath: englishDataDir(), cachePath: opts.cacheDir, gzip: true });
    // tesseract.js writes the unpacked data under the umask (0644): made owner-only like the rest of DATA_DIR.
    makePrivate(opts.cacheDir);
    return w;
  };

  return {
    /** The lines of text on a photo; null when the photo cannot be decoded. */
    async read(image: Buffer): Promise<ReadLine[] | null> {
      const png = await prepare(image).catch(() => null);
      if (!png) return null;
      worker ??= start().catch((err: unknown) => {
        worker = null;
        throw err;
      });
      const result = await (await worker).recognize(png, {}, { text: false, blocks: true });
      const lines: ReadLine[] = [];
      for (const block of result.data.blocks ?? [])
        for (const paragraph of block.paragraphs)
          for (const line of paragraph.lines) lines.push({ text: line.text, confidence: line.confidence });
      return lines;
    },
    async close(): Promise<void> {
      const w = worker;
      worker = null;
      if (w) await (await w.catch(() => null))?.terminate();
    },
  };
}
export type OcrEngine = ReturnType<typeof createOcrEngine>;

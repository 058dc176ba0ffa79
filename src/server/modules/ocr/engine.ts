import { Worker } from 'node:worker_threads';
import { decoding } from '../images/decode';

/** Where a line was found, in the photo's own pixels (upright, as stored and shown). */
export interface PhotoBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A character as the recogniser read it: how sure (0-1), and the likeliest other character with its probability. */
export interface ReadChar {
  c: string;
  p: number;
  alt: string;
  altP: number;
}

/** A line of text the reader found, with its confidence (0-100), its characters (as `text` has them) and where it is. */
export interface ReadLine {
  text: string;
  confidence: number;
  box: PhotoBox;
  chars?: ReadChar[];
}

/**
 * Which reader made a read (stored with it): the backfill reads again what another one read. `/2`: with each
 * character's doubt weighed (certainty.ts); reads stored as `PP-OCRv4` took the mean probability alone and may be wrong.
 */
export const OCR_READER = 'PP-OCRv4/2';

/** The photo as the worker gets it: at most this many pixels a side (the lines are cut from it, the detector's copy is smaller). */
const PHOTO_MAX_SIDE = 1600;

interface Prepared {
  rgba: Buffer;
  width: number;
  height: number;
  /** Photo pixels per pixel sent, across and down. */
  scaleX: number;
  scaleY: number;
}

/** A photo as the worker takes it: upright (EXIF), flattened, RGBA pixels, no larger than PHOTO_MAX_SIDE (decoded with uploads'). */
async function prepare(image: Buffer): Promise<Prepared> {
  return decoding(image, async (photo) => {
    const meta = await photo.metadata();
    const { width: fullWidth, height: fullHeight } = meta.autoOrient;
    const { data, info } = await photo
      .flatten({ background: '#ffffff' })
      .resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { rgba: data, width: info.width, height: info.height, scaleX: fullWidth / info.width, scaleY: fullHeight / info.height };
  });
}

const CLOSE_WAIT_MS = 30_000;

type Corners = [number, number][];
type Answer = { id: number; lines?: { text: string; confidence: number; chars: ReadChar[]; corners: Corners }[]; error?: string };

const boxOf = (corners: Corners, p: Prepared): PhotoBox => {
  const xs = corners.map((c) => c[0] * p.scaleX);
  const ys = corners.map((c) => c[1] * p.scaleY);
  const x = Math.max(0, Math.round(Math.min(...xs)));
  const y = Math.max(0, Math.round(Math.min(...ys)));
  return { x, y, w: Math.round(Math.max(...xs)) - x, h: Math.round(Math.max(...ys)) - y };
};

/**
 * One OCR worker thread for the process (PaddleOCR through onnxruntime-node, paddle-worker.mjs), started on first use:
 * a process that never reads a photo (JOBS=0) never loads the models. Photos are read one at a time, in turn.
 */
export function createOcrEngine() {
  let worker: Promise<Worker> | null = null;
  let nextId = 1;
  const waiting = new Map<number, { resolve: (a: Answer) => void; reject: (e: Error) => void }>();

  const failAll = (err: Error) => {
    for (const w of waiting.values()) w.reject(err);
    waiting.clear();
  };
  const start = () =>
    new Promise<Worker>((resolve, reject) => {
      const w = new Worker(new URL('./paddle-worker.mjs', import.meta.url));
      w.on('message', (m: Answer & { ready?: boolean }) => {
        if (m.ready) return resolve(w);
        waiting.get(m.id)?.resolve(m);
        waiting.delete(m.id);
      });
      w.on('error', (err) => {
        worker = null;
        reject(err);
        failAll(err);
      });
      w.on('exit', () => {
        worker = null;
        failAll(new Error('the OCR worker stopped'));
      });
    });

  return {
    /** Starts the worker and loads the models, if not yet done. */
    async warm(): Promise<void> {
      worker ??= start();
      await worker;
    },
    /** The lines of text on a photo; null when the photo cannot be decoded. */
    async read(image: Buffer): Promise<ReadLine[] | null> {
      const prepared = await prepare(image).catch(() => null);
      if (!prepared) return null;
      worker ??= start();
      const w = await worker;
      const id = nextId++;
      const answer = await new Promise<Answer>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        const pixels = new Uint8Array(prepared.rgba).buffer; // its own copy, handed over rather than copied again
        w.postMessage({ id, rgba: pixels, width: prepared.width, height: prepared.height }, [pixels]);
      });
      if (answer.error !== undefined) throw new Error(answer.error);
      return (answer.lines ?? []).map((l) => ({ text: l.text, confidence: l.confidence, chars: l.chars, box: boxOf(l.corners, prepared) }));
    },
    /**
     * Stops the worker once the photo in hand is read: a thread stopped in the middle of a run can take the process
     * with it. One that has not stopped after CLOSE_WAIT_MS is stuck and is stopped all the same.
     */
    async close(): Promise<void> {
      const w = await worker?.catch(() => null);
      worker = null;
      if (!w) return;
      const exited = new Promise((resolve) => w.once('exit', resolve));
      w.postMessage({ close: true });
      const stuck = setTimeout(() => void w.terminate(), CLOSE_WAIT_MS);
      await exited;
      clearTimeout(stuck);
    },
  };
}
export type OcrEngine = ReturnType<typeof createOcrEngine>;

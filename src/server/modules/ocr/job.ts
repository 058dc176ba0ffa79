import type { Database } from '../../db/client';
import { LIMITS } from '../../../shared/limits';
import { listImages } from '../cards/repository';
import { bytesOf, type ImageStore } from '../images/store';
import type { JobHandler } from '../jobs/runner';
import { OCR_READER, type OcrEngine, type ReadLine } from './engine';
import { findCode } from './extract';
import { codePatternOfCard, saveCardRead, type CardReadFound } from './repository';

/** How long one photo may take to read; a photo that takes longer is unreadable. */
const PHOTO_READ_MS = LIMITS.jobs.photoReadMs.value;

/**
 * One photo's lines, or null when it cannot be read: the engine refuses it (it fails the image checks, e.g. the
 * decoded-size budget, for photos stored before it), or it took longer than PHOTO_READ_MS or the job's time ran out.
 * A read cut short stops the engine (its worker would otherwise go on with the photo, holding every read after it);
 * the next read starts a fresh one. Loading the models is not the photo's time (the job's time still bounds it).
 */
async function readPhoto(engine: OcrEngine, photo: Buffer, timeUp: AbortSignal): Promise<ReadLine[] | null> {
  await engine.warm().catch(() => {});
  if (timeUp.aborted) return null;
  const limit = AbortSignal.any([timeUp, AbortSignal.timeout(PHOTO_READ_MS)]);
  let onAbort = () => {};
  const cut = new Promise<null>((resolve) => {
    onAbort = () => resolve(null);
    limit.addEventListener('abort', onAbort, { once: true });
  });
  const reading = engine.read(photo);
  reading.catch(() => {});
  const lines = await Promise.race([reading, cut]);
  limit.removeEventListener('abort', onAbort);
  if (limit.aborted) await engine.close().catch(() => {});
  return lines;
}

/**
 * Reads every photo of the card (job key: its id) and keeps the code that fits its offer's pattern (extract.ts), from
 * the photo that shows it most surely. Two photos showing two different codes: neither is taken (unreadable).
 */
export function cardReadJob(database: Database, images: ImageStore, engine: OcrEngine): JobHandler {
  return async (job, finish, timeUp) => {
    const cardId = Number(job.key);
    const pattern = await codePatternOfCard(database.db, cardId);
    const found: CardReadFound[] = [];
    for (const photo of pattern ? await listImages(database.db, cardId) : []) {
      if (timeUp.aborted) break;
      const stored = await images.open(photo.image);
      if (!stored) continue;
      const lines = await readPhoto(engine, await bytesOf(stored.stream), timeUp);
      const code = lines && findCode(lines, pattern);
      if (code) found.push({ ...code, imageId: photo.id });
    }
    const best = new Set(found.map((f) => f.key)).size === 1 ? found.reduce((a, b) => (b.confidence > a.confidence ? b : a)) : null;
    await finish((tx) => saveCardRead(tx, cardId, best, OCR_READER));
  };
}

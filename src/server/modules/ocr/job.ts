import type { Database } from '../../db/client';
import { listImages } from '../cards/repository';
import { bytesOf, type ImageStore } from '../images/store';
import type { JobHandler } from '../jobs/runner';
import type { OcrEngine } from './engine';
import { findCardNumber } from './extract';
import { saveCardRead } from './repository';

/** Reads every photo of the card (job key: its id) and keeps the most confident card-number-like run of digits. */
export function cardReadJob(database: Database, images: ImageStore, engine: OcrEngine): JobHandler {
  return async (job, finish) => {
    const cardId = Number(job.key);
    let best: { number: string; key: string; imageId: number; confidence: number } | null = null;
    for (const photo of await listImages(database.db, cardId)) {
      const stored = await images.open(photo.image);
      if (!stored) continue;
      const lines = await engine.read(await bytesOf(stored.stream));
      const found = lines && findCardNumber(lines);
      if (found && (!best || found.confidence > best.confidence)) best = { ...found, imageId: photo.id };
    }
    await finish((tx) => saveCardRead(tx, cardId, best));
  };
}

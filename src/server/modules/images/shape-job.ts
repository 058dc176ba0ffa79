import type { Database } from '../../db/client';
import type { JobHandler } from '../jobs/runner';
import { imageHashes, type ImageHashes } from './hash';
import { imageWithoutShapes, setShapesOf } from './shape-repository';
import { bytesOf, type ImageStore } from './store';

/**
 * Hashes one stored card photo that has no shape hashes (job key: the photo's id), so a turned, mirrored or framed copy
 * of it sent later is matched (review/repository.ts imageMatches). A photo whose file is missing fails (retried: shared
 * storage may be back); one the decoder cannot read gets an empty list and is not tried again.
 */
export function imageShapesJob(database: Database, images: ImageStore): JobHandler {
  return async (job, finish) => {
    const imageId = Number(job.key);
    const name = await imageWithoutShapes(database.db, imageId);
    if (name === null) return;
    const stored = await images.open(name);
    if (!stored) throw new Error(`photo ${name} is missing from the store`);
    let hashes: ImageHashes | null;
    try {
      hashes = await imageHashes(await bytesOf(stored.stream));
    } catch {
      hashes = null;
    }
    await finish((tx) => setShapesOf(tx, imageId, hashes));
  };
}

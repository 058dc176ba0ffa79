import os from 'node:os';
import path from 'node:path';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { ImageStore } from '../images/store';
import { createOcrEngine } from '../ocr/engine';
import { cardReadJob } from '../ocr/job';
import { CARD_READ_JOB } from '../ocr/repository';
import { imageShapesJob } from '../images/shape-job';
import { IMAGE_SHAPES_JOB } from '../images/shape-repository';
import type { JobBell } from './bell';
import { createJobRunner } from './runner';

/** Where tesseract.js keeps its unpacked language data: DATA_DIR, or the temp folder for an in-memory database. */
const ocrCacheDir = (config: Config) =>
  config.DATA_DIR === ':memory:' ? path.join(os.tmpdir(), 'gcbo-tesseract') : path.resolve(config.DATA_DIR, 'tesseract');

/** This process's job runner and its OCR worker; answers the function that stops both (after the job in hand). */
export function startBackgroundJobs(database: Database, config: Config, images: ImageStore, bell: JobBell) {
  const engine = createOcrEngine({ cacheDir: ocrCacheDir(config) });
  const runner = createJobRunner(
    database,
    { [CARD_READ_JOB]: cardReadJob(database, images, engine), [IMAGE_SHAPES_JOB]: imageShapesJob(database, images) },
    { leaseSeconds: config.JOB_LEASE_SECONDS, pollMs: config.JOB_POLL_MS },
  );
  bell.onRing(() => runner.wake());
  runner.start();
  return {
    runner,
    engine,
    async stop() {
      bell.onRing(() => {});
      await runner.stop();
      await engine.close();
    },
  };
}

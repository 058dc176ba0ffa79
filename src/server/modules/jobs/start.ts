import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Services } from '../../services';
import type { ImageStore } from '../images/store';
import { createOcrEngine } from '../ocr/engine';
import { cardReadJob } from '../ocr/job';
import { CARD_READ_JOB } from '../ocr/repository';
import { imageShapesJob } from '../images/shape-job';
import { IMAGE_SHAPES_JOB } from '../images/shape-repository';
import { OVERDUE_SWEEP_MS } from '../review/service';
import { pruneFinished } from './repository';
import { createJobRunner } from './runner';
import { createScheduler, type PeriodicTask, type SchedulerLog } from './scheduler';
import { LIMITS } from '../../../shared/limits';
import { sellerTrustJob } from '../trust/job';
import { SELLER_TRUST_JOB } from '../trust/repository';

/** The scheduler's tasks (docs/jobs.md): tests shorten their intervals by name. */
export type TaskName = 'jobs' | 'jobs-prune' | 'review-overdue' | 'events-prune';

/** A job runner with this process's handlers, and the OCR worker the card reads use (close it when done). */
export function createJobWork(database: Database, config: Config, images: ImageStore) {
  const engine = createOcrEngine();
  const runner = createJobRunner(
    database,
    {
      [CARD_READ_JOB]: cardReadJob(database, images, engine),
      [IMAGE_SHAPES_JOB]: imageShapesJob(database, images),
      [SELLER_TRUST_JOB]: sellerTrustJob(),
    },
    { leaseSeconds: config.JOB_LEASE_SECONDS },
  );
  return { runner, engine };
}

/**
 * This process's background work (started only with JOBS on): the job runner, pruning finished jobs, the overdue
 * review sweep and the event pruning, each a task of one scheduler. Answers the function that stops it all.
 */
export function startBackgroundWork(services: Services, log: SchedulerLog, everyMs: Partial<Record<TaskName, number>> = {}) {
  const { database, config } = services;
  const { runner, engine } = createJobWork(database, config, services.images);
  const tasks: (PeriodicTask & { name: TaskName })[] = [
    { name: 'jobs', everyMs: config.JOB_POLL_MS, atStart: true, run: (stopping) => runner.drain(stopping) },
    {
      name: 'jobs-prune',
      everyMs: LIMITS.jobs.pruneEveryMs.value,
      atStart: true,
      run: () => pruneFinished(database.db, LIMITS.jobs.keptDays.value),
    },
    { name: 'review-overdue', everyMs: OVERDUE_SWEEP_MS, run: () => services.review.sweepOverdue() },
    { name: 'events-prune', everyMs: services.events.pruneEveryMs, run: () => services.events.pruneEvents() },
  ];
  const scheduler = createScheduler(
    tasks.map((t) => ({ ...t, everyMs: everyMs[t.name] ?? t.everyMs })),
    log,
  );
  // A job queued by a request of this process is looked at once its transaction committed.
  services.jobs.onRing(() => scheduler.runNow('jobs'));
  scheduler.start();
  return {
    async stop() {
      services.jobs.onRing(() => {});
      await scheduler.stop();
      await engine.close();
    },
  };
}

import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Database, Tx } from '../../db/client';
import * as repo from './repository';
import type { TakenJob } from './repository';
import { LIMITS } from '../../../shared/limits';

/**
 * What a kind of job does. Slow work (reading photos) happens outside any transaction; `finish` then writes the
 * result in the transaction that marks the job done, and only if this attempt still holds the job: a job is done once.
 */
export type JobHandler = (
  job: TakenJob,
  finish: (write: (tx: Tx) => Promise<void>) => Promise<boolean>,
  /** Aborted at the job's time limit: the handler stops, and finishes with what it has within the grace. */
  timeUp: AbortSignal,
) => Promise<void>;

class JobTimedOut extends Error {}

export interface RunnerOptions {
  /** How long a taken job is this runner's; after that another runner may take it (this one stopped or hung). */
  leaseSeconds: number;
  /** Attempts before a job is given up as failed. */
  maxAttempts?: number;
  /** This runner's name in locked_by. */
  worker?: string;
  /** A job's time limit (default: half its lease), so that no job holds the runner, and the jobs behind it, for long. */
  timeLimitMs?: number;
  /** How long a handler has to finish once its time is up (default 5 s); past it the job is given up, not retried. */
  graceMs?: number;
}

/** Seconds before attempt `n + 1`: 5 s, 10 s, 20 s ... up to an hour. */
export const retryDelaySeconds = (attempts: number): number =>
  Math.min(LIMITS.jobs.retryMaxSeconds.value, LIMITS.jobs.retryFirstSeconds.value * 2 ** Math.max(0, attempts - 1));

export class LostLease extends Error {}

/**
 * Takes and runs jobs one at a time (OCR is CPU-bound: one worker is what this machine affords); the scheduler's 'jobs'
 * task drains it every JOB_POLL_MS and when the bell rings (start.ts).
 */
export function createJobRunner(database: Database, handlers: Record<string, JobHandler>, opts: RunnerOptions) {
  const worker = opts.worker ?? `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const maxAttempts = opts.maxAttempts ?? 5;
  const timeLimitMs = opts.timeLimitMs ?? (opts.leaseSeconds * 1000) / 2;
  const graceMs = opts.graceMs ?? LIMITS.jobs.graceMs.value;
  const kinds = Object.keys(handlers);

  async function runOne(job: TakenJob): Promise<void> {
    const handler = Object.hasOwn(handlers, job.kind) ? handlers[job.kind] : undefined;
    let finished = false;
    const finish = async (write: (tx: Tx) => Promise<void>) =>
      database.db
        .transaction(async (tx) => {
          if (!(await repo.markDone(tx, job))) throw new LostLease();
          await write(tx);
          finished = true;
          return true;
        })
        .catch((err: unknown) => {
          if (err instanceof LostLease) return false;
          throw err;
        });
    const limit = new AbortController();
    let giveUp: NodeJS.Timeout | undefined;
    const timeUp = new Promise<never>((_, reject) => {
      giveUp = setTimeout(() => {
        limit.abort();
        giveUp = setTimeout(() => reject(new JobTimedOut(`took longer than ${timeLimitMs / 1000} s`)), graceMs);
      }, timeLimitMs);
    });
    try {
      if (!handler) throw new Error(`no handler for jobs of kind ${job.kind}`);
      const work = handler(job, finish, limit.signal);
      work.catch(() => {}); // given up: whatever it still does cannot finish the job (markFailed ends this attempt)
      await Promise.race([work, timeUp]);
      if (!finished) await finish(async () => {});
    } catch (err) {
      // Work that outlived its time would outlive it again: given up at once.
      const retry = job.attempts >= maxAttempts || err instanceof JobTimedOut ? null : retryDelaySeconds(job.attempts);
      await repo.markFailed(database.db, job, err instanceof Error ? err.message : String(err), retry).catch(() => {});
    } finally {
      clearTimeout(giveUp);
    }
  }

  /** Takes and runs due jobs until none is left, or until `stopping` (after the job in hand); answers how many ran. */
  async function drain(stopping?: AbortSignal): Promise<number> {
    let ran = 0;
    while (!stopping?.aborted) {
      const [job] = await repo.take(database.db, worker, kinds, 1, opts.leaseSeconds);
      if (!job) break;
      await runOne(job);
      ran += 1;
    }
    return ran;
  }

  return { worker, drain };
}

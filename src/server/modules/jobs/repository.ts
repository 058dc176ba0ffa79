import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { firstRow, rowsOf } from '../../db/rows';
import { pgCode } from '../../http/errors';
import { LIMITS } from '../../../shared/limits';

/** A job a runner holds: finishing it names the attempt it took (its lease). */
export interface TakenJob {
  id: number;
  kind: string;
  key: string;
  attempts: number;
}

/**
 * The one rule of de-duplication: at most one job of a kind and key waits (queued, not taken), by the unique index
 * jobs_one_waiting (migration 0030). A job already taken does not count: what changed since it was taken is read by
 * the one queued now. Append to an `INSERT INTO jobs (kind, key, ...) SELECT ...`.
 */
export const unlessWaiting = sql`ON CONFLICT (kind, key) WHERE status = 'queued' AND locked_until IS NULL DO NOTHING`;

/**
 * Queues a job unless one of the same kind and key is already waiting (`unlessWaiting`). `owner`: whom it works for (a
 * seller's id, or SQL that finds it), so that jobs are taken fairly by owner; 0 for nobody in particular.
 */
export async function enqueue(tx: Tx, kind: string, key: string, owner: number | SQL = 0): Promise<void> {
  await tx.execute(sql`INSERT INTO jobs (kind, key, owner_id) SELECT ${kind}, ${key}, COALESCE(${owner}, 0) ${unlessWaiting}`);
}

/** `column` is one of `kinds` (the list bound as one text parameter). */
const kindIn = (column: SQL, kinds: readonly string[]) => sql`${column} = ANY (string_to_array(${kinds.join(',')}, ','))`;

/**
 * Takes up to `limit` jobs of these kinds (those the runner knows: an older instance leaves newer kinds alone) that are
 * due and not leased (or whose lease ran out: their runner stopped), skipping rows another runner is taking at this
 * moment; each one's attempt is counted and it is leased to `worker`. Fair by owner: the oldest jobs of the owner whose
 * last job was taken longest ago (never: first of all; then the owner waiting longest), so one owner's backlog never
 * holds another's job behind it; when another runner holds those rows at this moment, the oldest due jobs.
 */
export async function take(tx: Tx, worker: string, kinds: string[], limit: number, leaseSeconds: number): Promise<TakenJob[]> {
  const due = (t: SQL) =>
    sql`${t}.status = 'queued' AND ${t}.run_after <= now() AND (${t}.locked_until IS NULL OR ${t}.locked_until < now())
        AND ${kindIn(sql`${t}.kind`, kinds)}`;
  const rows = await rowsOf<TakenJob>(
    tx,
    sql`UPDATE jobs j SET attempts = j.attempts + 1, locked_by = ${worker}, taken_at = clock_timestamp(),
               locked_until = now() + make_interval(secs => ${leaseSeconds})
          FROM (SELECT x.id FROM (
                  SELECT * FROM (SELECT c.id FROM jobs c
                                  WHERE ${due(sql`c`)} AND c.owner_id = (
                                        SELECT w.owner_id FROM jobs w WHERE ${due(sql`w`)} GROUP BY w.owner_id
                                         ORDER BY (SELECT max(s.taken_at) FROM jobs s WHERE s.owner_id = w.owner_id) NULLS FIRST,
                                                  min(w.run_after), w.owner_id
                                         LIMIT 1)
                                  ORDER BY c.run_after, c.id LIMIT ${limit} FOR UPDATE SKIP LOCKED) fair
                  UNION ALL
                  SELECT * FROM (SELECT c.id FROM jobs c WHERE ${due(sql`c`)}
                                  ORDER BY c.run_after, c.id LIMIT ${limit} FOR UPDATE SKIP LOCKED) oldest
                ) x LIMIT ${limit}) due
         WHERE j.id = due.id
     RETURNING j.id, j.kind, j.key, j.attempts`,
  );
  return rows.map((r) => ({ id: Number(r.id), kind: r.kind, key: r.key, attempts: Number(r.attempts) }));
}

/** Marks the job done if this attempt still holds it; false: the lease was lost (another runner took it over). */
export async function markDone(tx: Tx, job: TakenJob): Promise<boolean> {
  const row = await firstRow(
    tx,
    sql`UPDATE jobs SET status = 'done', done_at = now(), locked_until = NULL, last_error = NULL
         WHERE id = ${job.id} AND attempts = ${job.attempts} AND status = 'queued' RETURNING id`,
  );
  return row !== undefined;
}

/**
 * A failed attempt: the job waits `retryInSeconds` and is tried again, or (null) is given up as failed. A retry that
 * would wait beside a twin queued meanwhile (same kind and key) is given up instead: the twin does the work.
 */
export async function markFailed(tx: Tx, job: TakenJob, error: string, retryInSeconds: number | null): Promise<void> {
  const twinWaits = sql`EXISTS (SELECT 1 FROM jobs t WHERE t.kind = ${job.kind} AND t.key = ${job.key}
                                AND t.status = 'queued' AND t.locked_until IS NULL AND t.id <> ${job.id})`;
  const retry = retryInSeconds === null ? sql`false` : sql`NOT ${twinWaits}`;
  const update = () =>
    tx.execute(sql`
      UPDATE jobs SET locked_until = NULL, locked_by = NULL, last_error = ${error.slice(0, LIMITS.jobs.errorChars.value)},
             status = CASE WHEN ${retry} THEN 'queued' ELSE 'failed' END,
             run_after = now() + make_interval(secs => ${retryInSeconds ?? 0}),
             done_at = CASE WHEN ${retry} THEN NULL ELSE now() END
       WHERE id = ${job.id} AND attempts = ${job.attempts} AND status = 'queued'`);
  // A twin queued at this very moment (not yet visible to the EXISTS) meets the unique index: the second try sees it.
  await update().catch((err: unknown) => (pgCode(err) === '23505' ? update() : Promise.reject(err)));
}

/** Jobs of these kinds waiting or running (the dashboard's photos to read). */
export async function backlog(tx: Tx, kinds: readonly string[]): Promise<number> {
  const row = await firstRow<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM jobs WHERE status = 'queued' AND ${kindIn(sql`kind`, kinds)}`,
  );
  return Number(row?.n ?? 0);
}

/** Finished jobs older than `days` go (the table keeps only recent history). */
export async function pruneFinished(tx: Tx, days: number): Promise<void> {
  await tx.execute(sql`DELETE FROM jobs WHERE status <> 'queued' AND done_at < now() - make_interval(days => ${days})`);
}

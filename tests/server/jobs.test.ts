import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type Tx } from '../../src/server/db/client';
import { enqueue, markDone, markFailed, take } from '../../src/server/modules/jobs/repository';
import { createJobRunner, type JobHandler } from '../../src/server/modules/jobs/runner';
import { createScheduler } from '../../src/server/modules/jobs/scheduler';
import { cardReadJob } from '../../src/server/modules/ocr/job';
import type { OcrEngine } from '../../src/server/modules/ocr/engine';
import { freshDatabase } from '../helpers/db';
import { startTestServer } from '../helpers/server';
import { createOffer, png, rangeOffer, submitCard } from '../helpers/cards';

// Issue 32: jobs any instance takes from one table, retried with backoff, done once, picked up after a restart.
let database: Database;
/** A second instance's own connection pool (PostgreSQL); PGlite has one database per process, shared. */
let other: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  const fresh = await freshDatabase();
  ({ database, drop } = fresh);
  other = fresh.url ? await openDatabase({ databaseUrl: fresh.url, dataDir: ':memory:', reportTz: 'UTC' }) : database;
});
afterAll(async () => {
  if (other !== database) await other.close();
  await drop();
});

/** Each run of a job leaves a row (key, worker); the job's own result is written only by the attempt that finishes it. */
async function setup() {
  await database.query(sql`CREATE TABLE IF NOT EXISTS job_effects (key text PRIMARY KEY, worker text NOT NULL)`);
  await database.query(sql`CREATE TABLE IF NOT EXISTS job_runs (key text NOT NULL, worker text NOT NULL)`);
}
const recordingJob =
  (worker: string, opts: { failFirst?: boolean } = {}): JobHandler =>
  async (job, finish) => {
    await database.query(sql`INSERT INTO job_runs (key, worker) VALUES (${job.key}, ${worker})`);
    if (opts.failFirst && job.attempts === 1) throw new Error('the photo store is away');
    await finish((tx: Tx) => tx.execute(sql`INSERT INTO job_effects (key, worker) VALUES (${job.key}, ${worker})`).then(() => {}));
  };
const jobRow = async (kind: string, key: string) =>
  (
    await database.query<{ status: string; attempts: number; last_error: string | null; due_in: number }>(
      sql`SELECT status, attempts, last_error, extract(epoch FROM run_after - now())::int AS due_in FROM jobs WHERE kind = ${kind} AND key = ${key}`,
    )
  )[0];

describe('jobs', () => {
  beforeAll(setup);

  it('a job taken by an instance that stopped is taken again when its lease runs out and finished once', async () => {
    await enqueue(database.db, 'restart', 'r1');
    // The first instance takes it (lease 1 s) and stops before finishing it.
    const [taken] = await take(database.db, 'instance-a', ['restart'], 1, 1);
    expect(taken).toMatchObject({ kind: 'restart', key: 'r1', attempts: 1 });
    const after = createJobRunner(other, { restart: recordingJob('instance-b') }, { leaseSeconds: 30, worker: 'instance-b' });
    expect(await after.drain()).toBe(0); // still leased
    await new Promise((r) => setTimeout(r, 1300));
    expect(await after.drain()).toBe(1);
    // The stopped instance coming back cannot finish it a second time.
    expect(await markDone(database.db, taken!)).toBe(false);
    expect(await after.drain()).toBe(0);
    expect(await database.query(sql`SELECT key, worker FROM job_effects WHERE key = 'r1'`)).toEqual([{ key: 'r1', worker: 'instance-b' }]);
    expect(await jobRow('restart', 'r1')).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('two instances take distinct jobs, each job runs once', async () => {
    for (let i = 0; i < 12; i++) await enqueue(database.db, 'pair', `p${i}`);
    const seen = new Set<string>();
    for (;;) {
      const [a, b] = await Promise.all([take(database.db, 'a', ['pair'], 2, 60), take(other.db, 'b', ['pair'], 2, 60)]);
      for (const j of [...a, ...b]) {
        expect(seen.has(j.key)).toBe(false);
        seen.add(j.key);
      }
      if (a.length + b.length === 0) break;
    }
    expect(seen.size).toBe(12);

    for (let i = 0; i < 10; i++) await enqueue(database.db, 'race', `q${i}`);
    const one = createJobRunner(database, { race: recordingJob('one') }, { leaseSeconds: 60 });
    const two = createJobRunner(other, { race: recordingJob('two') }, { leaseSeconds: 60 });
    const [n1, n2] = await Promise.all([one.drain(), two.drain()]);
    expect(n1 + n2).toBe(10);
    const runs = await database.query<{ key: string; n: number }>(
      sql`SELECT key, count(*)::int AS n FROM job_runs WHERE key LIKE 'q%' GROUP BY key`,
    );
    expect(runs).toHaveLength(10);
    expect(runs.every((r) => Number(r.n) === 1)).toBe(true);
  });

  it('a job waiting for the same thing is not queued twice', async () => {
    await enqueue(database.db, 'dedupe', 'd1');
    await enqueue(database.db, 'dedupe', 'd1');
    expect(await database.query(sql`SELECT id FROM jobs WHERE kind = 'dedupe'`)).toHaveLength(1);
  });

  it('the same job queued by two instances at once is one row (the unique index, not a check that races)', async () => {
    const waits = (ms: number) => new Promise((r) => setTimeout(r, ms));
    // Each transaction queues and holds its insert uncommitted a moment: a NOT EXISTS check would pass in both.
    const queueIn = (d: Database, key: string) =>
      d.db.transaction(async (tx) => {
        await enqueue(tx, 'twice', key, 7);
        await waits(100);
      });
    await Promise.all([queueIn(database, 't1'), queueIn(other, 't1'), queueIn(database, 't2'), queueIn(other, 't2')]);
    await Promise.all([1, 2, 3].map(() => enqueue(other.db, 'twice', 't1')));
    const rows = await database.query<{ key: string; n: number }>(
      sql`SELECT key, count(*)::int AS n FROM jobs WHERE kind = 'twice' GROUP BY key ORDER BY key`,
    );
    expect(rows.map((r) => [r.key, Number(r.n)])).toEqual([
      ['t1', 1],
      ['t2', 1],
    ]);
  });

  it('a job already taken does not count: a change made meanwhile queues one more; its failed attempt leaves the work to it', async () => {
    await enqueue(database.db, 'taken', 'k1');
    const [job] = await take(database.db, 'instance-a', ['taken'], 1, 60);
    await enqueue(database.db, 'taken', 'k1');
    await enqueue(database.db, 'taken', 'k1');
    const statuses = async () =>
      (
        await database.query<{ status: string; taken: boolean }>(
          sql`SELECT status, locked_until IS NOT NULL AS taken FROM jobs WHERE kind = 'taken' ORDER BY id`,
        )
      ).map((r) => [r.status, r.taken]);
    expect(await statuses()).toEqual([
      ['queued', true],
      ['queued', false],
    ]);
    // Its retry would wait beside the one queued meanwhile: given up instead, the other does the work.
    await markFailed(database.db, job!, 'the photo store is away', 5);
    expect(await statuses()).toEqual([
      ['failed', false],
      ['queued', false],
    ]);
  });

  it('a failed attempt is retried later (backoff), then finished; past the attempts it is given up', async () => {
    await enqueue(database.db, 'flaky', 'f1');
    const runner = createJobRunner(database, { flaky: recordingJob('r', { failFirst: true }) }, { leaseSeconds: 60 });
    expect(await runner.drain()).toBe(1);
    const failed = await jobRow('flaky', 'f1');
    expect(failed).toMatchObject({ status: 'queued', attempts: 1, last_error: 'the photo store is away' });
    expect(failed!.due_in).toBeGreaterThanOrEqual(3);
    expect(await runner.drain()).toBe(0); // not due yet
    await database.query(sql`UPDATE jobs SET run_after = now() WHERE kind = 'flaky'`);
    expect(await runner.drain()).toBe(1);
    expect(await jobRow('flaky', 'f1')).toMatchObject({ status: 'done', attempts: 2, last_error: null });

    await enqueue(database.db, 'broken', 'b1');
    const broken: JobHandler = async () => {
      throw new Error('always');
    };
    const giveUp = createJobRunner(database, { broken }, { leaseSeconds: 60, maxAttempts: 2 });
    await giveUp.drain();
    await database.query(sql`UPDATE jobs SET run_after = now() WHERE kind = 'broken'`);
    await giveUp.drain();
    expect(await jobRow('broken', 'b1')).toMatchObject({ status: 'failed', attempts: 2, last_error: 'always' });
  });

  it("the scheduler's jobs task picks up queued work when asked and stops cleanly", async () => {
    const runner = createJobRunner(database, { loop: recordingJob('loop') }, { leaseSeconds: 60 });
    const errors: object[] = [];
    const scheduler = createScheduler([{ name: 'jobs', everyMs: 60_000, run: (stopping) => runner.drain(stopping) }], {
      error: (details) => errors.push(details),
    });
    scheduler.start();
    await enqueue(database.db, 'loop', 'l1');
    scheduler.runNow('jobs');
    const until = Date.now() + 5000;
    while ((await jobRow('loop', 'l1'))?.status !== 'done' && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    await scheduler.stop();
    expect(await jobRow('loop', 'l1')).toMatchObject({ status: 'done', attempts: 1 });
    expect(errors).toEqual([]);
  });
});

describe('jobs that cannot be held hostage (issue 49)', () => {
  beforeAll(setup);

  it('fair by owner: a seller with a backlog has one job taken before each other seller’s, oldest first', async () => {
    for (const key of ['a1', 'a2', 'a3', 'a4']) await enqueue(database.db, 'fair', key, 9001);
    await enqueue(database.db, 'fair', 'b1', 9002);
    await enqueue(database.db, 'fair', 'c1', 9003);
    await enqueue(database.db, 'fair', 'b2', 9002);
    const order: string[] = [];
    const runner = createJobRunner(
      database,
      {
        fair: async (job, finish) => {
          order.push(job.key);
          await finish(async () => {});
        },
      },
      { leaseSeconds: 60 },
    );
    expect(await runner.drain()).toBe(7);
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3', 'a4']);
  });

  it('a job past its time limit is given up (not retried) and the jobs behind it run; one that stops when told finishes', async () => {
    await enqueue(database.db, 'stuck', 's1');
    await enqueue(database.db, 'polite', 'p1');
    await enqueue(database.db, 'after', 'later1');
    const stuck: JobHandler = () => new Promise(() => {});
    const polite: JobHandler = async (job, finish, timeUp) => {
      await new Promise((r) => timeUp.addEventListener('abort', r));
      await finish((tx) => tx.execute(sql`INSERT INTO job_effects (key, worker) VALUES (${job.key}, 'polite')`).then(() => {}));
    };
    const runner = createJobRunner(
      database,
      { stuck, polite, after: recordingJob('after') },
      { leaseSeconds: 60, timeLimitMs: 200, graceMs: 200 },
    );
    const started = Date.now();
    expect(await runner.drain()).toBe(3);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await jobRow('stuck', 's1')).toMatchObject({ status: 'failed', attempts: 1, last_error: 'took longer than 0.2 s' });
    expect(await jobRow('polite', 'p1')).toMatchObject({ status: 'done', attempts: 1 });
    expect(await jobRow('after', 'later1')).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('a card whose photo takes too long to read is marked unreadable, and the reader is restarted', async () => {
    const s = await startTestServer();
    try {
      const offer = await createOffer(s, rangeOffer());
      const card = await submitCard(s, s.users.sellerA, { giftcard_offer_id: offer, price: 20 }, [png()]);
      let closed = 0;
      const engine = {
        warm: async () => {},
        read: () => new Promise(() => {}),
        close: async () => void (closed += 1),
      } as unknown as OcrEngine;
      const runner = createJobRunner(
        s.database,
        { 'card-read': cardReadJob(s.database, s.app.services.images, engine) },
        { leaseSeconds: 60, timeLimitMs: 300 },
      );
      expect(await runner.drain()).toBe(1);
      const read = await s.database.query<{ status: string }>(sql`SELECT status FROM card_number_reads WHERE gift_card_id = ${card}`);
      expect(read).toEqual([{ status: 'unreadable' }]);
      expect(closed).toBe(1);
      const owner = await s.database.query<{ owner_id: number }>(
        sql`SELECT owner_id FROM jobs WHERE kind = 'card-read' AND key = ${String(card)}`,
      );
      expect(owner).toEqual([{ owner_id: s.users.sellerA.id }]);
    } finally {
      await s.close();
    }
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { enqueue } from '../../src/server/modules/jobs/repository';
import { IMAGE_SHAPES_JOB } from '../../src/server/modules/images/shape-repository';
import { startTestServer, type TestServer } from '../helpers/server';
import { createOffer, rangeOffer, submitCard } from '../helpers/cards';

// Issue 51: background work is the scheduler's tasks, started by the jobs start-up only with JOBS on, stopped on close.
let s: TestServer;
let offer: number;
beforeAll(async () => {
  s = await startTestServer();
  offer = await createOffer(s, rangeOffer());
});
afterAll(() => s.close());

/** Every task at 40 ms: ten ticks of each fit in the waits below. */
const FAST = { jobs: 40, 'jobs-prune': 40, 'review-overdue': 40, 'events-prune': 40 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let seq = 0;

/** Another app on the test's database, with JOBS on or off and fast tasks. */
async function appWith(jobs: boolean) {
  const app = await buildApp({ config: testConfig({ DATA_DIR: s.config.DATA_DIR, JOBS: jobs }), database: s.database, taskEveryMs: FAST });
  await app.ready();
  return app;
}

/** Work for every task: an overdue card, a queued job, a job finished 8 days ago, an event 2 days old. */
async function workWaiting() {
  seq += 1;
  const card = await submitCard(s, s.users.sellerA, { giftcard_offer_id: offer, price: '40' });
  await s.database.query(sql`DELETE FROM jobs WHERE kind = 'card-read'`); // no photo reading in this test
  await s.database.query(
    sql`UPDATE gift_cards SET created_at = now() - interval '2 hours', giftcard_offer_id = giftcard_offer_id WHERE id = ${card}`,
  );
  const job = String(1_000_000 + seq); // a photo that is gone: the job finishes at once
  await enqueue(s.database.db, IMAGE_SHAPES_JOB, job);
  const oldJob = `old-${seq}`;
  await s.database.query(sql`INSERT INTO jobs (kind, key, status, done_at) VALUES ('old', ${oldJob}, 'done', now() - interval '8 days')`);
  const [event] = await s.database.query<{ id: number }>(
    sql`INSERT INTO events (type, created_at) VALUES ('test.old', now() - interval '2 days') RETURNING id::int AS id`,
  );
  return { card, job, oldJob, event: event!.id };
}

/** What the tasks did of that work. */
async function done(work: Awaited<ReturnType<typeof workWaiting>>) {
  const [row] = await s.database.query<{ overdue: number; job: string; old_job: number; old_event: number }>(
    sql`SELECT (SELECT count(*)::int FROM events WHERE type = 'review.overdue' AND card_id = ${work.card}) AS overdue,
               (SELECT status FROM jobs WHERE kind = ${IMAGE_SHAPES_JOB} AND key = ${work.job}) AS job,
               (SELECT count(*)::int FROM jobs WHERE kind = 'old' AND key = ${work.oldJob}) AS old_job,
               (SELECT count(*)::int FROM events WHERE id = ${work.event}) AS old_event`,
  );
  return {
    sweptOverdue: Number(row!.overdue) === 1,
    ranJob: row!.job === 'done',
    prunedJobs: Number(row!.old_job) === 0,
    prunedEvents: Number(row!.old_event) === 0,
  };
}
const NOTHING = { sweptOverdue: false, ranJob: false, prunedJobs: false, prunedEvents: false };
const EVERYTHING = { sweptOverdue: true, ranJob: true, prunedJobs: true, prunedEvents: true };

describe('the background scheduler in the server', () => {
  it('JOBS=0: no job runs, no card is noticed overdue, nothing is pruned', async () => {
    const app = await appWith(false);
    try {
      const work = await workWaiting();
      await sleep(500);
      expect(await done(work)).toEqual(NOTHING);
    } finally {
      await app.close();
    }
  });

  it('JOBS on: every task runs by itself; once the app is closed none runs again', async () => {
    const app = await appWith(true);
    const work = await workWaiting();
    const until = Date.now() + 20_000; // a loaded machine
    while (Date.now() < until && !Object.values(await done(work)).every(Boolean)) await sleep(50);
    expect(await done(work)).toEqual(EVERYTHING);

    await app.close();
    const later = await workWaiting();
    await sleep(500);
    expect(await done(later)).toEqual(NOTHING);
  });
});

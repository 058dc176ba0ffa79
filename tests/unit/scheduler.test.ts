import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScheduler, type PeriodicTask } from '../../src/server/modules/jobs/scheduler';

/** A task whose runs end when the test says; counts them. */
function heldTask(name: string, everyMs: number, extra: Partial<PeriodicTask> = {}) {
  const ends: (() => void)[] = [];
  const signals: AbortSignal[] = [];
  let runs = 0;
  const task: PeriodicTask = {
    name,
    everyMs,
    run: (stopping) => {
      signals.push(stopping);
      runs += 1;
      return new Promise<void>((resolve) => ends.push(resolve));
    },
    ...extra,
  };
  return { task, runs: () => runs, endRun: () => ends.shift()?.(), signals };
}

describe('the background scheduler', () => {
  const errors: { details: object; message: string }[] = [];
  const log = { error: (details: object, message: string) => void errors.push({ details, message }) };
  beforeEach(() => {
    vi.useFakeTimers();
    errors.length = 0;
  });
  afterEach(() => vi.useRealTimers());

  it('runs each task every interval, the first one interval after start unless it runs at start', async () => {
    const calls: string[] = [];
    const scheduler = createScheduler(
      [
        { name: 'sweep', everyMs: 100, run: async () => void calls.push('sweep') },
        { name: 'prune', everyMs: 250, atStart: true, run: async () => void calls.push('prune') },
      ],
      log,
    );
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['prune']);
    await vi.advanceTimersByTimeAsync(500);
    expect(calls.filter((c) => c === 'sweep')).toHaveLength(5);
    expect(calls.filter((c) => c === 'prune')).toHaveLength(3);
    await scheduler.stop();
  });

  it('never overlaps a task with itself: ticks while it runs are skipped', async () => {
    const held = heldTask('slow', 100);
    const scheduler = createScheduler([held.task], log);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(450);
    expect(held.runs()).toBe(1);
    held.endRun();
    await vi.advanceTimersByTimeAsync(100);
    expect(held.runs()).toBe(2);
    held.endRun();
    await scheduler.stop();
  });

  it('logs a task that throws, with its name, and runs it again at its next tick', async () => {
    let calls = 0;
    const scheduler = createScheduler(
      [
        {
          name: 'flaky',
          everyMs: 100,
          run: async () => {
            calls += 1;
            if (calls === 1) throw new Error('database away');
          },
        },
      ],
      log,
    );
    scheduler.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.details).toMatchObject({ task: 'flaky', err: new Error('database away') });
    expect(errors[0]!.message).toContain('flaky');
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toBe(2);
    expect(errors).toHaveLength(1);
    await scheduler.stop();
  });

  it('runNow runs at once, or once more right after the run in hand', async () => {
    const held = heldTask('jobs', 60_000);
    const scheduler = createScheduler([held.task], log);
    scheduler.start();
    scheduler.runNow('jobs');
    expect(held.runs()).toBe(1);
    scheduler.runNow('jobs');
    scheduler.runNow('jobs');
    expect(held.runs()).toBe(1);
    held.endRun();
    await vi.advanceTimersByTimeAsync(0);
    expect(held.runs()).toBe(2);
    held.endRun();
    await vi.advanceTimersByTimeAsync(0);
    expect(held.runs()).toBe(2);
    await scheduler.stop();
  });

  it('stop clears every timer, tells the run in hand to stop and waits for it; nothing runs after', async () => {
    const held = heldTask('jobs', 100, { atStart: true });
    const other = heldTask('sweep', 100);
    const scheduler = createScheduler([held.task, other.task], log);
    scheduler.start();
    expect(vi.getTimerCount()).toBe(2);
    let stopped = false;
    const stopping = scheduler.stop().then(() => void (stopped = true));
    expect(vi.getTimerCount()).toBe(0);
    expect(held.signals[0]!.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    held.endRun();
    await stopping;
    scheduler.runNow('jobs');
    await vi.advanceTimersByTimeAsync(1000);
    expect(held.runs()).toBe(1);
    expect(other.runs()).toBe(0);
  });
});
